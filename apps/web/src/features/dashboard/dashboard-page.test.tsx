import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../../api';
import { setState } from '../../lib/store';
import { mockFetch } from '../../test/fetch-mock';
import { DashboardPage } from './dashboard-page';

const WIDGETS = '/lms/api/Widget/PostWidget/3/42';
const REPORT =
  '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';

function setup(showDashboard: number, widgets: unknown[]) {
  mockFetch({
    [WIDGETS]: { status: 200, body: widgets },
    [REPORT]: {
      status: 200,
      body: { progressReport: [], prerequisiteTypes: [], flaggedLeafAssignments: [] },
    },
  });
  act(() =>
    setState({
      sessionId: 's',
      currentUser: { lmsKey: 3, userKey: 42, nameOther: 'Sam' } as UserDetails,
      lmsInfo: { showDashboard } as LmsInfo,
      lmsInfoStatus: 'loaded',
      settingsMenuOpen: true,
    }),
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/assignments" element={<p>assignments</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  act(() => setState({ sessionId: null, currentUser: null, lmsInfo: null }));
});

describe('dashboard', () => {
  it("shows 'Loading Widgets...' and then the widgets; stores the empty 'oldOpenedTopics'", async () => {
    setup(1, [
      {
        widgetKey: 2,
        widgetType: 'recentLessons',
        name: 'Recent Lessons',
        sortOrder: 0,
        isDeleted: 0,
        settings: {},
      },
    ]);
    expect(screen.getByText('Loading Widgets...')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Recent Lessons' })).toBeInTheDocument();
    expect(window.localStorage.getItem('oldOpenedTopics')).toBe('[]');
  });

  it('redirects to assignments when no widget is active', async () => {
    setup(1, [
      { widgetKey: 1, widgetType: 'calendar', name: 'C', sortOrder: 0, isDeleted: 1, settings: {} },
    ]);
    expect(await screen.findByText('assignments')).toBeInTheDocument();
  });

  it('redirects to assignments when showDashboard is 0', async () => {
    setup(0, []);
    expect(await screen.findByText('assignments')).toBeInTheDocument();
  });
});
