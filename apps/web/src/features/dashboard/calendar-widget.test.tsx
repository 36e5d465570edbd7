import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { calendarMonths } from '@waypoint/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { CalendarWidget } from './calendar-widget';

const MONTHS = 'POST /lms/api/Widget/GetCalendarWidgets/3/42/GET';
const DATA = '/lms/api/Widget/CalendarData/3/42';
const USERS =
  '/lms/api/user/3/ALL?filter=1&search=&direction=1&start=1&count=999999&sort=Name&inactive=01';
const now = Date.now();
const months = calendarMonths(now);
const due = now + 10 * 86_400_000;

function setup(
  studentPicker: boolean,
  users: { status: number; body?: unknown },
  courseName = 'CRM Fundamentals',
) {
  const requests = mockFetch({
    [MONTHS]: { status: 200, body: months },
    [DATA]: {
      status: 200,
      body: {
        months: months.map((m) => ({ ...m, itemsDue: [] })),
        courses: [
          {
            courseName,
            aggregationKey: 5,
            curriculumKey: 3,
            assignmentKey: 3,
            colorHex: '#4e79a7',
            startDate: now - 30 * 86_400_000,
            calcDate: due,
          },
        ],
        settings: { studentPicker, monthsShown: 3 },
      },
    },
    [USERS]: users,
  });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CalendarWidget
        title="Training Calendar"
        context={{ sessionID: 's', lmsKey: 3, userKey: 42, serviceBase: '/lms', userType: '0' }}
      />
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('calendar widget', () => {
  it('shows monthsShown months, the current-date line and a due icon; the button cycles the view', async () => {
    const requests = setup(false, { status: 403 });
    expect(await screen.findAllByTestId('calendar-month')).toHaveLength(3);
    expect(screen.getByTestId('current-date-line')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^CRM Fundamentals: due \d{4}\/\d{2}\/\d{2}$/ }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('calendar-view-button'));
    expect(screen.getAllByTestId('calendar-month')).toHaveLength(4);
    // The picker is off: the users list is never asked for.
    expect(requests.some((r) => r.url.includes('/ALL?'))).toBe(false);
    expect(screen.queryByTestId('student-picker')).toBeNull();
  });

  it('shows the student picker only when enabled and the users call succeeds', async () => {
    setup(true, {
      status: 200,
      body: [
        { userKey: 42, userID: 'me', nameCollated: 'Me', nameOther: '', displayName: 'Me Myself' },
      ],
    });
    expect(await screen.findByTestId('student-picker')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search students' })).toBeInTheDocument();
  });

  it('searches students whatever the case of the typed text (ADR 0010)', async () => {
    const user = (userKey: number, displayName: string) => ({
      userKey,
      userID: `id${userKey}`,
      nameCollated: '',
      nameOther: '',
      displayName,
    });
    setup(true, { status: 200, body: [user(42, 'Me Myself'), user(7, 'Dana Scully')] });
    const search = await screen.findByRole('searchbox', { name: 'Search students' });
    fireEvent.change(search, { target: { value: 'DANA' } });
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Me Myself', 'Dana Scully']);
    fireEvent.change(search, { target: { value: 'scully' } });
    expect(screen.getByRole('option', { name: 'Dana Scully' })).toBeInTheDocument();
  });

  it('names a recurrent course with its period (§4 Drafts and lists)', async () => {
    setup(false, { status: 403 }, '2026-01-01 Recurrent 2026-12-31');
    expect(await screen.findByText('Recurrent (2026/01/01 to 2026/12/31)')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Recurrent \(2026\/01\/01 to 2026\/12\/31\): due / }),
    ).toBeInTheDocument();
  });

  it('hides the picker when the users call is refused', async () => {
    const requests = setup(true, { status: 403, body: { message: 'no' } });
    await screen.findAllByTestId('calendar-month');
    await vi.waitFor(() => expect(requests.some((r) => r.url.includes('/ALL?'))).toBe(true));
    expect(screen.queryByTestId('student-picker')).toBeNull();
  });
});
