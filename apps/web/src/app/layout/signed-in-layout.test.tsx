import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../../api';
import type * as Store from '../../lib/store';
import { getState, setState } from '../../lib/store';
import { mockFetch } from '../../test/fetch-mock';
import { SignedInLayout } from './signed-in-layout';

const logout = vi.hoisted(() => vi.fn());
vi.mock('../../lib/store', async (importOriginal) => ({
  ...(await importOriginal<typeof Store>()),
  logout,
}));

const user = {
  lmsKey: 3,
  userKey: 42,
  userID: 'jdoe',
  nameOther: 'Jane',
  nameCollated: 'Doe',
  email: 'jane@example.com',
} as UserDetails;

function renderLayout(rebrand2021: number, counts = { Expired: 0, Unsubmitted: 0 }) {
  const requests = mockFetch({
    '/lms/api/form/3/count/42': { status: 200, body: counts },
    '/lms/api/AppDownload/GetLinks/': {
      status: 200,
      body: [
        { label: 'Windows', link: 'https://example.com/win', willRender: true },
        { label: 'Apple', link: 'https://example.com/ios', willRender: false },
      ],
    },
  });
  setState({
    sessionId: 'session-1',
    currentUser: user,
    lmsInfo: { lmsDisplayName: 'Acme Air', rebrand2021, showDashboard: 0 } as LmsInfo,
    lmsInfoStatus: 'loaded',
  });
  const router = createMemoryRouter(
    [{ element: <SignedInLayout />, children: [{ path: '/assignments', element: <p>Page</p> }] }],
    { initialEntries: ['/assignments'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { requests, client };
}

afterEach(() => {
  vi.unstubAllGlobals();
  logout.mockReset();
  act(() =>
    setState({ sessionId: null, currentUser: null, lmsInfo: null, settingsMenuOpen: false }),
  );
});

describe('signed-in layout', () => {
  it('classic: display name dropdown, Log Out, navigation and the App Download strip', async () => {
    const person = userEvent.setup();
    renderLayout(0);
    expect(screen.getByText('Acme Air')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu for Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assignments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('link', { name: 'Windows' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apple' })).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(logout).toHaveBeenCalled();
  });

  it('rebrand: the settings icon opens Reset Password, which closes the menu', async () => {
    const person = userEvent.setup();
    renderLayout(1);
    expect(document.documentElement.dataset.wpTheme).toBe('rebrand2021');
    await person.click(screen.getByRole('button', { name: 'Settings' }));
    await person.click(screen.getByRole('menuitem', { name: 'Reset Password' }));
    expect(getState().settingsMenuOpen).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('shows the warning on the settings entry when documents are expired or unsubmitted', async () => {
    renderLayout(0, { Expired: 0, Unsubmitted: 2 });
    expect(await screen.findByTestId('settings-warning')).toBeInTheDocument();
  });

  it('shows no warning when every document is in order', async () => {
    const { client } = renderLayout(0);
    await vi.waitFor(() =>
      expect(client.getQueryState(['documents', 'counts', 3, 42])?.status).toBe('success'),
    );
    expect(screen.queryByTestId('settings-warning')).not.toBeInTheDocument();
  });
});
