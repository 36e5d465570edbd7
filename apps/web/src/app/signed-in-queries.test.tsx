import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../api';
import { reloadProgress } from '../api/use-progress';
import { AssignmentsPage } from '../features/assignments/assignments-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { setState } from '../lib/store';
import { course, curriculum, lesson, topic } from '../test/curricula-factories';
import { mockFetch, type RecordedRequest } from '../test/fetch-mock';
import { SignedInLayout } from './layout/signed-in-layout';

const NOW = Date.now();
const WIDGETS = '/lms/api/Widget/PostWidget/3/42';
const REPORT =
  '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';
const widget = {
  widgetKey: 1,
  widgetType: 'upcomingDueDates',
  name: '',
  sortOrder: 1,
  isDeleted: 0,
  settings: {},
};
const report = (draft: boolean) => ({
  progressReport: [
    curriculum('Safety', [course('C', [topic('T', [lesson()])])], { now: NOW, key: 1 }),
    ...(draft
      ? [
          curriculum('Preview', [course('D', [topic('T', [lesson()])], { elementDraft: 1 })], {
            now: NOW,
            key: 2,
          }),
        ]
      : []),
  ],
  prerequisiteTypes: [],
  flaggedLeafAssignments: [],
});

/** Renders a signed-in page in the real layout (header, navigation, App Download strip). */
function renderSignedIn(path: '/assignments' | '/dashboard', options = { draft: false }) {
  let draft = options.draft;
  const requests = mockFetch({
    [WIDGETS]: { status: 200, body: [widget] },
    [REPORT]: () => ({ status: 200, body: report(draft) }),
    '/lms/api/form/3/count/42': { status: 200, body: { Expired: 0, Unsubmitted: 0 } },
    '/lms/api/AppDownload/GetLinks/': { status: 200, body: [] },
  });
  act(() =>
    setState({
      sessionId: 'session-1',
      currentUser: {
        lmsKey: 3,
        userKey: 42,
        nameOther: 'Jane',
        nameCollated: 'Doe',
      } as UserDetails,
      lmsInfo: { lmsDisplayName: 'Acme Air', showDashboard: 1 } as LmsInfo,
      lmsInfoStatus: 'loaded',
    }),
  );
  const router = createMemoryRouter(
    [
      {
        element: <SignedInLayout />,
        children: [
          { path: '/assignments', element: <AssignmentsPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { requests, client, addDraft: () => (draft = true) };
}

/** Requests for a resource, whatever their query string. */
const count = (requests: RecordedRequest[], url: string) =>
  requests.filter((request) => request.url.split('?')[0] === url.split('?')[0]).length;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setState({ sessionId: null, currentUser: null, lmsInfo: null }));
});

describe('one query per resource on a signed-in page', () => {
  it.each(['/assignments', '/dashboard'] as const)(
    '%s: the navigation and the page share one progress report and one widget list',
    async (path) => {
      const { requests } = renderSignedIn(path);
      expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
      expect(await screen.findAllByText('Safety')).not.toHaveLength(0);
      expect(count(requests, REPORT)).toBe(1);
      expect(count(requests, WIDGETS)).toBe(1);
    },
  );

  it("a progress reload (a lesson window closed) refreshes the navigation's Drafts link too", async () => {
    const { requests, client, addDraft } = renderSignedIn('/assignments');
    expect(await screen.findAllByText('Safety')).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Drafts' })).not.toBeInTheDocument();
    addDraft();
    await act(() => reloadProgress(client));
    expect(await screen.findByRole('link', { name: 'Drafts' })).toBeInTheDocument();
    expect(count(requests, REPORT)).toBe(2);
    // The reload asks the server past its cache (Cache-Control: no-cache).
    expect(requests.filter((r) => r.url === REPORT)[1]!.headers.get('Cache-Control')).toBe(
      'no-cache',
    );
  });
});
