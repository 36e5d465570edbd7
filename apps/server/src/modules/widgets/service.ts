import {
  calendarColor,
  calendarMonths,
  dueDate,
  dueLessons,
  isDraftAssociated,
  isShownAssignment,
  type CalendarMonth,
} from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import { buildProgressReport } from '../progress/service.js';
import {
  isActiveStudentOf,
  selectPickerUsers,
  selectWidget,
  selectWidgets,
  type WidgetRow,
} from './repo.js';

export { isActiveStudentOf };

/** The calendar widget's settings, with their defaults. */
export interface CalendarSettings {
  /** "optional student picker with search, shown only when enabled (for admins)" (§2). */
  studentPicker: boolean;
  /** Months shown at a time when the dashboard opens (1 to 8, default 4). */
  monthsShown: number;
}

export const CALENDAR_WIDGET_TYPE = 'calendar';

function settingsOf(row: WidgetRow): Record<string, unknown> {
  return row.settings && typeof row.settings === 'object'
    ? (row.settings as Record<string, unknown>)
    : {};
}

export function presentWidget(row: WidgetRow) {
  return {
    widgetKey: row.widgetKey,
    widgetType: row.widgetType,
    name: row.name,
    sortOrder: row.sortOrder,
    isDeleted: row.isDeleted,
    settings: settingsOf(row),
  };
}

export async function listWidgets(db: Db, lmsKey: number) {
  return (await selectWidgets(db, lmsKey)).map(presentWidget);
}

export async function widgetSettings(db: Db, lmsKey: number, widgetKey: number) {
  const row = await selectWidget(db, lmsKey, widgetKey);
  return row ? presentWidget(row) : null;
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

export interface CalendarItem {
  name: string;
  courseKey: number;
  curriculumKey: number;
  assignmentKey: number;
  colorHex: string;
  startDate: number;
  dueDate: number;
}

export interface CalendarData {
  months: (CalendarMonth & { itemsDue: CalendarItem[] })[];
  courses: {
    courseName: string;
    aggregationKey: number;
    curriculumKey: number;
    assignmentKey: number;
    colorHex: string;
    startDate: number;
    calcDate: number;
  }[];
}

/**
 * The calendar of one student: every course still due (it has a lesson in play mode 1 or 3 not yet
 * complete) of the shown, non-draft assignments, coloured from the 16-colour palette, placed in the
 * month of its due date among the 13 months around now.
 */
export async function calendarData(
  db: Db,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
): Promise<CalendarData> {
  const months = calendarMonths(nowMs).map((month) => ({
    ...month,
    itemsDue: [] as CalendarItem[],
  }));
  const report = await buildProgressReport(db, user, nowMs, {
    showExpired: true,
    withFlaggedAssignments: false,
    showEmptyLeafs: false,
  });
  const courses: CalendarData['courses'] = [];
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

/** The LMS's students for the picker; null when the picker is not enabled for this LMS. */
export async function pickerUsers(db: Db, lmsKey: number, search: string, count: number) {
  const settings = await calendarSettings(db, lmsKey);
  if (!settings?.studentPicker) return null;
  return (await selectPickerUsers(db, lmsKey, search, Math.min(count, 1000))).map((user) => ({
    userKey: user.userKey,
    userID: user.userId,
    nameCollated: user.nameCollated,
    nameOther: user.nameOther,
    displayName: user.displayName,
  }));
}
