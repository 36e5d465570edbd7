import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { calendarMonths } from '@waypoint/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LmsInfo, UserDetails } from '../../api';
import { setState } from '../../lib/store';
import { mockFetch } from '../../test/fetch-mock';
import { DashboardPage } from './dashboard-page';

const WIDGETS = '/lms/api/Widget/PostWidget/3/42';
const REPORT =
  '/lms/api/progressreport/withPrerequisites/3/42?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false';

const MONTHS = 'POST /lms/api/Widget/GetCalendarWidgets/3/42/GET';
const CALENDAR = '/lms/api/Widget/CalendarData/3/42';

function setup(
  showDashboard: number,
  widgets: unknown[],
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  mockFetch({
    [WIDGETS]: { status: 200, body: widgets },
    [REPORT]: {
      status: 200,
      body: { progressReport: [], prerequisiteTypes: [], flaggedLeafAssignments: [] },
    },
    ...extra,
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

  it('shows the widgets panel whole: the calendar arrives with its rows, beside the lists', async () => {
    const now = Date.now();
    const months = calendarMonths(now);
    let answerCalendar: () => void = () => {};
    const calendarAnswered = new Promise<void>((resolve) => (answerCalendar = resolve));
    setup(
      1,
      [
        {
          widgetKey: 1,
          widgetType: 'calendar',
          name: 'Training Calendar',
          sortOrder: 0,
          isDeleted: 0,
          settings: {},
        },
        {
          widgetKey: 2,
          widgetType: 'recentLessons',
          name: 'Recent Lessons',
          sortOrder: 1,
          isDeleted: 0,
          settings: {},
        },
      ],
      {
        [MONTHS]: { status: 200, body: months },
        [CALENDAR]: () => {
          answerCalendar();
          return {
            status: 200,
            body: {
              months: months.map((m) => ({ ...m, itemsDue: [] })),
              courses: [
                {
                  courseName: 'CRM Fundamentals',
                  aggregationKey: 5,
                  curriculumKey: 3,
                  assignmentKey: 3,
                  colorHex: '#4e79a7',
                  startDate: now - 30 * 86_400_000,
                  calcDate: now + 10 * 86_400_000,
                },
              ],
              settings: { studentPicker: false, monthsShown: 3 },
            },
          };
        },
      },
    );
    expect(screen.getByText('Loading Widgets...')).toBeInTheDocument();
    await calendarAnswered;
    const calendar = await screen.findByRole('region', { name: 'Training Calendar' });
    // No second loading step inside the panel: the rows are there when the panel first shows.
    expect(within(calendar).queryByText('Loading...')).toBeNull();
    expect(within(calendar).getByText('CRM Fundamentals')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent Lessons' })).toBeInTheDocument();
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
