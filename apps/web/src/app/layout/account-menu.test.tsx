import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMINDER_PANEL_PATHS } from '@waypoint/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../api';
import { paths } from '../../lib/paths';
import { getState, resetStoreForTests, setSettingsMenuOpen, setState } from '../../lib/store';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { AccountMenu, type AccountMenuProps } from './account-menu';
import { LMS_REMINDERS_OFF, SAVE_FAILED } from './email-reminders-item';

afterEach(() => {
  act(() => setSettingsMenuOpen(false));
  vi.unstubAllGlobals();
  resetStoreForTests();
});

function renderMenu(overrides: Partial<AccountMenuProps> = {}, client?: QueryClient) {
  const props: AccountMenuProps = {
    variant: 'classic',
    name: 'Jane Doe',
    email: 'jane@example.com',
    documentsWarning: false,
    showLogOut: false,
    onChangePassword: vi.fn(),
    onSupport: vi.fn(),
    onDocuments: vi.fn(),
    onLogOut: vi.fn(),
    ...overrides,
  };
  const menu = (
    <>
      <p>Page content</p>
      <AccountMenu {...props} />
    </>
  );
  render(client ? <QueryClientProvider client={client}>{menu}</QueryClientProvider> : menu);
  return props;
}

describe('settings menu', () => {
  it('classic: a dropdown with Change Password, Support and Documents', async () => {
    const person = userEvent.setup();
    renderMenu();
    await person.click(screen.getByRole('button', { name: 'Account menu for Jane Doe' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Change Password', 'Support', 'Documents']);
  });

  it('rebrand: the settings icon shows Reset Password', async () => {
    const person = userEvent.setup();
    renderMenu({ variant: 'rebrand' });
    await person.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('menuitem', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('a click outside closes it, and so does the global flag', async () => {
    const person = userEvent.setup();
    renderMenu();
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(getState().settingsMenuOpen).toBe(true);
    fireEvent.pointerDown(screen.getByText('Page content'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(getState().settingsMenuOpen).toBe(false);
  });

  it('is keyboard usable: arrows move, Escape closes and returns focus', async () => {
    const person = userEvent.setup();
    renderMenu();
    const trigger = screen.getByRole('button', { name: /Account menu/ });
    trigger.focus();
    await person.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toHaveFocus();
    await person.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('choosing an entry closes the menu and runs it', async () => {
    const person = userEvent.setup();
    const props = renderMenu();
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    await person.click(screen.getByRole('menuitem', { name: 'Change Password' }));
    expect(props.onChangePassword).toHaveBeenCalled();
    expect(getState().settingsMenuOpen).toBe(false);
  });

  it('shows the warning icon on the settings and Documents entries when documents need attention', async () => {
    const person = userEvent.setup();
    renderMenu({ documentsWarning: true });
    expect(screen.getByTestId('settings-warning')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('menuitem', { name: /Documents/ })).toContainElement(
      screen.getByTestId('documents-warning'),
    );
  });

  it('offers Log Out inside the menu on narrow screens', async () => {
    const person = userEvent.setup();
    const props = renderMenu({ showLogOut: true });
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    await person.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(props.onLogOut).toHaveBeenCalled();
  });
});

describe('Email reminders switch (docs/decisions/0015)', () => {
  const path = '/lms/api/reminders/3/42';

  /** Signs Jane in (store) and answers the reminder calls from `saved` (the server's state). */
  function signedIn(saved: { enabled: boolean; lmsEnabled: boolean }, failPut = false) {
    const requests = mockFetch({
      [`GET ${path}`]: () => ({ status: 200, body: saved }),
      [`PUT ${path}`]: (request: RecordedRequest) => {
        if (failPut) return { status: 500, body: { message: 'Database away' } };
        saved.enabled = (JSON.parse(request.body ?? '{}') as { enabled: boolean }).enabled;
        return { status: 200, body: saved };
      },
    });
    setState({
      sessionId: 'session-1',
      currentUser: { lmsKey: 3, userKey: 42, userID: 'jdoe' } as UserDetails,
    });
    renderMenu({}, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return requests;
  }

  const open = async (person: ReturnType<typeof userEvent.setup>) => {
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    const item = screen.getByRole('menuitemcheckbox', { name: /Email reminders/ });
    await waitFor(() => expect(item).toHaveAttribute('aria-disabled', 'false'));
    return item;
  };

  it('shows the saved state and saves a change at once, keeping the menu open', async () => {
    const person = userEvent.setup();
    const requests = signedIn({ enabled: true, lmsEnabled: true });
    const item = await open(person);
    expect(item).toHaveAttribute('aria-checked', 'true');
    expect(item).toHaveTextContent('Email reminders: On');

    await person.click(item);
    await waitFor(() => expect(item).toHaveTextContent('Email reminders: Off'));
    expect(item).toHaveAttribute('aria-checked', 'false');
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toBe('{"enabled":false}');
    expect(screen.getByRole('menu')).toBeInTheDocument();

    await person.click(item);
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'true'));
  });

  it('is reached with the arrow keys like the other entries', async () => {
    const person = userEvent.setup();
    signedIn({ enabled: false, lmsEnabled: true });
    const item = await open(person);
    screen.getByRole('menuitem', { name: /Documents/ }).focus();
    await person.keyboard('{ArrowDown}');
    expect(item).toHaveFocus();
    await person.keyboard('{Enter}');
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'true'));
  });

  it('puts the saved state back and says so when saving fails', async () => {
    const person = userEvent.setup();
    signedIn({ enabled: true, lmsEnabled: true }, true);
    const item = await open(person);
    await person.click(item);
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(item).toHaveAttribute('aria-checked', 'true');
  });

  it('is disabled with the reason when the LMS sends no reminders', async () => {
    const person = userEvent.setup();
    const requests = signedIn({ enabled: true, lmsEnabled: false });
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    const item = screen.getByRole('menuitemcheckbox', { name: /Email reminders/ });
    await waitFor(() => expect(item).toHaveTextContent('Email reminders: Off'));
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAttribute('aria-checked', 'false');
    expect(item).toHaveAccessibleDescription(LMS_REMINDERS_OFF);
    await person.click(item);
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("links reminder emails to the panel's own routes", () => {
    expect(REMINDER_PANEL_PATHS).toEqual({
      assignments: paths.assignments,
      dashboard: paths.dashboard,
      certificate: paths.certificate,
    });
  });
});
