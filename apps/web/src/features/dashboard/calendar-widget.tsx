import { useQuery } from '@tanstack/react-query';
import {
  CALENDAR_VIEW_DEFAULT_MONTHS,
  CALENDAR_VIEW_MAX_MONTHS,
  courseDisplayName,
  formatDate,
  nextCalendarView,
} from '@waypoint/domain';
import { useMemo, useState } from 'react';
import { unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import {
  getCalendarData,
  getCalendarMonths,
  getPickerUsers,
  type CalendarItemDue,
} from '../../api/widgets';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '../../components/curricula-icons';
import { Loading } from '@waypoint/ui/loading';
import { Tooltip } from '@waypoint/ui/tooltip';
import { monthLabel, pointOnWindow, spanOnWindow } from './dashboard-rules';
import { CalendarFeedButton } from './calendar-feed-dialog';
import { StudentPicker } from './student-picker';
import styles from './calendar-widget.module.css';

/** What every widget receives (spec §2 Dashboard): user type is fixed at '0'. */
export interface WidgetContext {
  sessionID: string;
  lmsKey: number;
  userKey: number;
  serviceBase: string;
  userType: '0';
}

export interface CalendarWidgetProps {
  context: WidgetContext;
  title: string;
}

/** The 13 months of the calendar (shared with the dashboard, which waits for them). */
export const calendarMonthsQuery = (lmsKey: number, userKey: number) => ({
  queryKey: queryKeys.widgets.calendarMonths(lmsKey, userKey),
  queryFn: async () => unwrap(await getCalendarMonths(lmsKey, userKey)),
});

/** One student's calendar data (the signed-in student's is awaited by the dashboard). */
export const calendarDataQuery = (lmsKey: number, userKey: number, student: number) => ({
  queryKey: queryKeys.widgets.calendarData(lmsKey, userKey, student),
  queryFn: async () => unwrap(await getCalendarData(lmsKey, userKey, student)),
});

/** The due item of a course, for the due-date icon's hover text. */
function dueItemOf(items: CalendarItemDue[], courseKey: number, assignmentKey: number) {
  return items.find((item) => item.courseKey === courseKey && item.assignmentKey === assignmentKey);
}

/**
 * The calendar widget (spec §2, §3): 13 months, a button cycling 1 to 8 months at a time (default
 * 4 or the widget's monthsShown), a bar per course in its palette colour, due-date icons with
 * hover text, the current-date line, and the student picker only where enabled.
 */
export function CalendarWidget({ context, title }: CalendarWidgetProps) {
  const { lmsKey, userKey } = context;
  const [student, setStudent] = useState(userKey);
  const [chosenView, setChosenView] = useState<number | null>(null);
  const [offset, setOffset] = useState<number | null>(null);

  const months = useQuery(calendarMonthsQuery(lmsKey, userKey));
  const data = useQuery(calendarDataQuery(lmsKey, userKey, student));
  const pickerEnabled = data.data?.settings.studentPicker === true;
  const users = useQuery({
    queryKey: queryKeys.widgets.pickerUsers(lmsKey),
    queryFn: async () => unwrap(await getPickerUsers(lmsKey)),
    enabled: pickerEnabled,
    retry: false,
  });

  const allMonths = months.data ?? data.data?.months ?? [];
  const view = Math.min(
    chosenView ?? (data.data?.settings.monthsShown || CALENDAR_VIEW_DEFAULT_MONTHS),
    CALENDAR_VIEW_MAX_MONTHS,
    Math.max(allMonths.length, 1),
  );
  const nowMs = data.dataUpdatedAt;
  const currentIndex = Math.max(
    0,
    allMonths.findIndex((m) => nowMs >= m.StartDate && nowMs < m.EndDate),
  );
  const maxStart = Math.max(0, allMonths.length - view);
  const start = Math.min(maxStart, Math.max(0, offset ?? currentIndex - (view > 2 ? 1 : 0)));
  const window = allMonths.slice(start, start + view);
  const itemsDue = useMemo(
    () => (data.data?.months ?? []).flatMap((month) => month.itemsDue),
    [data.data],
  );
  const rows = (data.data?.courses ?? [])
    .map((course) => ({ course, span: spanOnWindow(course.startDate, course.calcDate, window) }))
    .filter((row) => row.span !== null);
  const today = pointOnWindow(nowMs, window);

  return (
    <section className={styles.widget} aria-label={title} data-testid="calendar-widget">
      <header className={styles.header}>
        <h2 className={styles.title}>
          <span className={styles.icon}>
            <IconCalendar size={16} />
          </span>
          {title}
        </h2>
        <div className={styles.controls}>
          {pickerEnabled && users.isSuccess && (
            <StudentPicker
              users={users.data}
              value={student}
              onChange={setStudent}
              self={userKey}
            />
          )}
          <div className={styles.pager}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label="Earlier months"
              disabled={start <= 0}
              onClick={() => setOffset(start - 1)}
            >
              <IconChevronLeft size={16} />
            </button>
            <button
              type="button"
              className={styles.iconButton}
              aria-label="Later months"
              disabled={start >= maxStart}
              onClick={() => setOffset(start + 1)}
            >
              <IconChevronRight size={16} />
            </button>
          </div>
          <button
            type="button"
            className={styles.viewButton}
            data-testid="calendar-view-button"
            aria-label={`Showing ${view} ${view === 1 ? 'month' : 'months'}; show ${nextCalendarView(view)}`}
            onClick={() => {
              setChosenView(nextCalendarView(view));
              setOffset(null);
            }}
          >
            {view} {view === 1 ? 'month' : 'months'}
          </button>
          <CalendarFeedButton lmsKey={lmsKey} userKey={userKey} />
        </div>
      </header>
      {months.isPending || data.isPending ? (
        <Loading label="Loading..." />
      ) : data.isError ? (
        <p className={styles.empty}>The calendar could not be loaded.</p>
      ) : (
        <div className={styles.chart}>
          <div
            className={styles.monthRow}
            style={{ gridTemplateColumns: `repeat(${window.length}, minmax(0, 1fr))` }}
          >
            {window.map((month) => (
              <div key={month.Month} className={styles.month} data-testid="calendar-month">
                <span className={styles.monthLong}>{monthLabel(month.Month)}</span>
                <span className={styles.monthShort} aria-hidden="true">
                  {monthLabel(month.Month).slice(0, 3)}
                </span>
              </div>
            ))}
          </div>
          <div className={styles.body}>
            <div className={styles.overlay} aria-hidden="true">
              <div
                className={styles.grid}
                style={{ gridTemplateColumns: `repeat(${window.length}, minmax(0, 1fr))` }}
              >
                {window.map((month) => (
                  <span key={month.Month} />
                ))}
              </div>
              {today !== null && (
                <div
                  className={styles.today}
                  style={{ left: `${today}%` }}
                  data-testid="current-date-line"
                >
                  <span className={styles.todayLabel}>Today</span>
                </div>
              )}
            </div>
            {rows.length === 0 ? (
              <p className={styles.empty}>Nothing scheduled in these months.</p>
            ) : (
              <ul className={styles.rows}>
                {rows.map(({ course, span }) => {
                  const due = dueItemOf(itemsDue, course.aggregationKey, course.assignmentKey);
                  const duePoint = pointOnWindow(course.calcDate - 1, window);
                  // A recurrent course shows the period it covers (§4 Drafts and lists).
                  const name = courseDisplayName(course.courseName);
                  const hover = `${name}: due ${formatDate(course.calcDate)}`;
                  return (
                    <li
                      key={`${course.assignmentKey}-${course.aggregationKey}`}
                      className={styles.row}
                    >
                      <span className={styles.rowName} title={name}>
                        {name}
                      </span>
                      <span className={styles.track}>
                        <span
                          className={styles.bar}
                          style={{
                            left: `${span!.left}%`,
                            width: `${span!.width}%`,
                            background: course.colorHex,
                          }}
                        />
                        {duePoint !== null && (
                          <span className={styles.dueAnchor} style={{ left: `${duePoint}%` }}>
                            <Tooltip
                              content={
                                due
                                  ? `${courseDisplayName(due.name)}: due ${formatDate(due.dueDate)}`
                                  : hover
                              }
                            >
                              <span
                                className={styles.dueIcon}
                                style={{ background: course.colorHex }}
                                tabIndex={0}
                                role="img"
                                aria-label={hover}
                                data-testid="due-icon"
                              />
                            </Tooltip>
                          </span>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
