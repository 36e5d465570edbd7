import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../../api';
import { setState } from '../../lib/store';
import { mockFetch } from '../../test/fetch-mock';
import { MainNav } from './main-nav';

const WIDGETS = '/lms/api/Widget/PostWidget/3/42';
// The navigation shares the pages' report query (with the offline-completion flags).
const REPORT =
  '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';

function signIn(showDashboard: number) {
  setState({
    sessionId: 'session-1',
    currentUser: { lmsKey: 3, userKey: 42 } as UserDetails,
    lmsInfo: { showDashboard } as LmsInfo,
  });
}

function renderNav() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MainNav mode="tabs" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const labels = () => screen.getAllByRole('link').map((link) => link.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setState({ sessionId: null, currentUser: null, lmsInfo: null }));
});

describe('main navigation', () => {
  it('shows Dashboard and Drafts when there are widgets and a draft course', async () => {
    mockFetch({
      [WIDGETS]: { status: 200, body: [{ isDeleted: 1 }, { isDeleted: 0 }] },
      [REPORT]: {
        status: 200,
        body: { progressReport: [{ elementChildren: [{ elementDraft: 1 }] }] },
      },
    });
    signIn(1);
    renderNav();
    expect(await screen.findByRole('link', { name: 'Drafts' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(labels()).toEqual([
      'Dashboard',
      'Assignments',
      'Completion Report',
      'Library',
      'Drafts',
    ]);
  });

  it('hides Dashboard when showDashboard is 0, without asking for widgets', async () => {
    const requests = mockFetch({
      [WIDGETS]: { status: 200, body: [{ isDeleted: 0 }] },
      [REPORT]: { status: 200, body: { progressReport: [] } },
    });
    signIn(0);
    renderNav();
    await vi.waitFor(() => expect(requests.some((request) => request.url === REPORT)).toBe(true));
    expect(labels()).toEqual(['Assignments', 'Completion Report', 'Library']);
    expect(requests.some((request) => request.url === WIDGETS)).toBe(false);
  });

  it('treats failed widget and progress calls as none', async () => {
    const requests = mockFetch({
      [WIDGETS]: { status: 404, body: { message: 'Not found' } },
      [REPORT]: { status: 404, body: { message: 'Not found' } },
    });
    signIn(1);
    renderNav();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(labels()).toEqual(['Assignments', 'Completion Report', 'Library']);
  });
});
