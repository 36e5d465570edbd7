import {
  calendarColor,
  calendarMonths,
  dueDate,
  dueLessons,
  isDraftAssociated,
  isShownAssignment,
} from '@waypoint/domain';
import type {
  CalendarCourse,
  CalendarData,
  CalendarItemDue,
  CalendarMonth,
  CalendarSettings,
  PickerUser,
  Widget,
} from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { buildProgressReport, type ReportDeps } from '../progress/service.js';
import {
  isActiveStudentOf,
  selectPickerUsers,
  selectWidget,
  selectWidgets,
  type WidgetRow,
} from './repo.js';

/** What the widget services read: the database and the clock. */
export interface WidgetDeps extends ReportDeps {
  db: Db;
  clock: Clock;
}

/** The signed-in user asking (the session's keys and user type). */
export interface Viewer {
  lmsKey: number;
  userKey: number;
  userType: number;
}

export const CALENDAR_WIDGET_TYPE = 'calendar';

function settingsOf(row: WidgetRow): Record<string, unknown> {
  return row.settings && typeof row.settings === 'object'
    ? (row.settings as Record<string, unknown>)
    : {};
}

/** A widget row with the spec's field names (§2 Dashboard); settings are always an object. */
export function presentWidget(row: WidgetRow): Widget {
  return {
    widgetKey: row.widgetKey,
    widgetType: row.widgetType,
    name: row.name,
    sortOrder: row.sortOrder,
    isDeleted: row.isDeleted,
    settings: settingsOf(row),
  };
}

/** GET /api/Widget/PostWidget: the LMS's dashboard widgets, deleted ones included (§2). */
export async function listWidgets(deps: { db: Db }, lmsKey: number): Promise<Widget[]> {
  return (await selectWidgets(deps.db, lmsKey)).map(presentWidget);
}

/** GET /api/Widget/GetWidgetSettingsData: one widget of the LMS; 404 when it has no such widget. */
export async function widgetSettings(
  deps: { db: Db },
  lmsKey: number,
  widgetKey: number,
): Promise<Widget> {
  const row = await selectWidget(deps.db, lmsKey, widgetKey);
  if (!row) throw new HttpError(404, 'No such widget.');
  return presentWidget(row);
}

/** POST /api/Widget/GetCalendarWidgets/.../GET: the 13 months around now (§3 Calendar). */
export function listCalendarMonths(deps: { clock: Clock }): CalendarMonth[] {
  return calendarMonths(deps.clock.now().getTime());
}

/** The settings of the LMS's active calendar widget, or null when it has none. */
export async function calendarSettings(db: Db, lmsKey: number): Promise<CalendarSettings | null> {
  const calendar = (await selectWidgets(db, lmsKey)).find(
    (row) => row.widgetType === CALENDAR_WIDGET_TYPE && row.isDeleted === 0,
  );
  if (!calendar) return null;
  const settings = settingsOf(calendar);
  const months = Number(settings.monthsShown);
  return {
    studentPicker: settings.studentPicker === true,
    monthsShown: Number.isInteger(months) && months >= 1 && months <= 8 ? months : 4,
  };
}

/**
 * The calendar of one student: every course still due (it has a lesson in play mode 1 or 3 not yet
 * complete) of the shown, non-draft assignments, coloured from the 16-colour palette, placed in the
 * month of its due date among the 13 months around now.
 */
async function dueCalendar(
  deps: ReportDeps,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
): Promise<Omit<CalendarData, 'settings'>> {
  const months = calendarMonths(nowMs).map((month) => ({
    ...month,
    itemsDue: [] as CalendarItemDue[],
  }));
  const report = await buildProgressReport(deps, user, nowMs, {
    showExpired: true,
    withFlaggedAssignments: false,
    showEmptyLeafs: false,
  });
  const courses: CalendarCourse[] = [];
  for (const curriculum of report?.progressReport ?? []) {
    if (!isShownAssignment(curriculum) || isDraftAssociated(curriculum)) continue;
    const due = dueDate(curriculum.elementStartDate, curriculum.elementDuration);
    for (const course of curriculum.elementChildren) {
      if (course.elementDraft > 0 || dueLessons(course).length === 0) continue;
      const colorHex = calendarColor(courses.length);
      courses.push({
        courseName: course.elementName,
        aggregationKey: course.elementKey,
        curriculumKey: curriculum.curriculumKey,
        assignmentKey: curriculum.elementAssignmentKey,
        colorHex,
        startDate: curriculum.elementStartDate,
        calcDate: due,
      });
      const month = months.find((m) => due >= m.StartDate && due < m.EndDate);
      month?.itemsDue.push({
        name: course.elementName,
        courseKey: course.elementKey,
        curriculumKey: curriculum.curriculumKey,
        assignmentKey: curriculum.elementAssignmentKey,
        colorHex,
        startDate: curriculum.elementStartDate,
        dueDate: due,
      });
    }
  }
  return { months, courses };
}

const PICKER_DISABLED = 'The student picker is not enabled for this training provider.';

/**
 * Whether the viewer may use the calendar's student picker: "shown only when enabled (for
 * admins)" (§2). The LMS's calendar widget must enable it, and the user must have a userType above
 * 0 (instructors who are also students); plain students (userType 0) never may.
 */
async function mayPickStudents(db: Db, viewer: Viewer): Promise<boolean> {
  if (viewer.userType < 1) return false;
  return (await calendarSettings(db, viewer.lmsKey))?.studentPicker === true;
}

/**
 * The dashboard's calendar data (§3 Calendar): the viewer's own, or with `student` another
 * student of the same LMS when the picker is allowed (403 otherwise, 404 for no such student).
 */
export async function calendarData(
  deps: WidgetDeps,
  viewer: Viewer,
  student?: number,
): Promise<CalendarData> {
  const { db, clock } = deps;
  let subject = viewer.userKey;
  if (student !== undefined && student !== viewer.userKey) {
    if (!(await mayPickStudents(db, viewer))) throw new HttpError(403, PICKER_DISABLED);
    if (!(await isActiveStudentOf(db, viewer.lmsKey, student))) {
      throw new HttpError(404, 'No such student.');
    }
    subject = student;
  }
  const [data, settings] = await Promise.all([
    dueCalendar(deps, { userKey: subject, lmsKey: viewer.lmsKey }, clock.now().getTime()),
    calendarSettings(db, viewer.lmsKey),
  ]);
  return { ...data, settings: settings ?? { studentPicker: false, monthsShown: 4 } };
}

/** The LMS's students for the picker (§7 GET /api/user/{lmsKey}/ALL); 403 unless it is allowed. */
export async function pickerUsers(
  deps: { db: Db },
  viewer: Viewer,
  lmsKey: number,
  query: { search?: string; count?: number },
): Promise<PickerUser[]> {
  if (!(await mayPickStudents(deps.db, viewer))) throw new HttpError(403, PICKER_DISABLED);
  const search = query.search ?? '';
  const count = Math.min(query.count ?? 999999, 1000);
  return (await selectPickerUsers(deps.db, lmsKey, search, count)).map((user) => ({
    userKey: user.userKey,
    userID: user.userId,
    nameCollated: user.nameCollated,
    nameOther: user.nameOther,
    displayName: user.displayName,
  }));
}
