/** The dashboard's widget and calendar calls (spec §2 Dashboard, §3 Calendar, §7). */
import type { CalendarMonth } from '@waypoint/domain';
import { request, type ApiResult } from './client';

const enc = encodeURIComponent;

/** A dashboard widget; isDeleted 0 means active (§2). */
export interface Widget {
  widgetKey: number;
  widgetType: string;
  name: string;
  sortOrder: number;
  isDeleted: number;
  settings: Record<string, unknown>;
}

/** A due item of a calendar month (§3 Calendar). */
export interface CalendarItemDue {
  name: string;
  courseKey: number;
  curriculumKey: number;
  assignmentKey: number;
  colorHex: string;
  startDate: number;
  dueDate: number;
}

/** Widget course data (§3 Calendar). */
export interface CalendarCourse {
  courseName: string;
  aggregationKey: number;
  curriculumKey: number;
  assignmentKey: number;
  colorHex: string;
  startDate: number;
  calcDate: number;
}

export interface CalendarData {
  months: (CalendarMonth & { itemsDue: CalendarItemDue[] })[];
  courses: CalendarCourse[];
  settings: { studentPicker: boolean; monthsShown: number };
}

/** A user of the calendar's student picker. */
export interface PickerUser {
  userKey: number;
  userID: string;
  nameCollated: string;
  nameOther: string;
  displayName: string;
}

/** Paths of the widget calls. */
export const widgetPaths = {
  widgets: (lmsKey: number, userKey: number) =>
    `/api/Widget/PostWidget/${enc(lmsKey)}/${enc(userKey)}`,
  widgetSettings: (lmsKey: number, userKey: number, widgetKey: number) =>
    `/api/Widget/GetWidgetSettingsData/${enc(lmsKey)}/${enc(userKey)}/${enc(widgetKey)}`,
  calendarMonths: (lmsKey: number, userKey: number) =>
    `/api/Widget/GetCalendarWidgets/${enc(lmsKey)}/${enc(userKey)}/GET`,
  calendarData: (lmsKey: number, userKey: number, student?: number) =>
    `/api/Widget/CalendarData/${enc(lmsKey)}/${enc(userKey)}` +
    (student !== undefined && student !== userKey ? `?student=${enc(student)}` : ''),
  users: (lmsKey: number) =>
    `/api/user/${enc(lmsKey)}/ALL?filter=1&search=&direction=1&start=1&count=999999&sort=Name&inactive=01`,
} as const;

/** Query keys of the widget calls. */
export const widgetKeys = {
  widgets: (lmsKey: number, userKey: number) => ['widgets', 'list', lmsKey, userKey] as const,
  calendarMonths: (lmsKey: number, userKey: number) =>
    ['widgets', 'calendarMonths', lmsKey, userKey] as const,
  calendarData: (lmsKey: number, userKey: number, student: number) =>
    ['widgets', 'calendarData', lmsKey, userKey, student] as const,
  users: (lmsKey: number) => ['widgets', 'users', lmsKey] as const,
  appLinks: () => ['widgets', 'appLinks'] as const,
};

/** GET /api/Widget/PostWidget/{lms}/{user}. */
export function getWidgets(lmsKey: number, userKey: number): Promise<ApiResult<Widget[]>> {
  return request<Widget[]>(widgetPaths.widgets(lmsKey, userKey));
}

/** GET /api/Widget/GetWidgetSettingsData/{lms}/{user}/{widgetKey}. */
export function getWidgetSettings(
  lmsKey: number,
  userKey: number,
  widgetKey: number,
): Promise<ApiResult<Widget>> {
  return request<Widget>(widgetPaths.widgetSettings(lmsKey, userKey, widgetKey));
}

/** POST /api/Widget/GetCalendarWidgets/{lms}/{user}/GET: the 13 displayed months. */
export function getCalendarMonths(
  lmsKey: number,
  userKey: number,
): Promise<ApiResult<CalendarMonth[]>> {
  return request<CalendarMonth[]>(widgetPaths.calendarMonths(lmsKey, userKey), {
    method: 'POST',
  });
}

/** GET /api/Widget/CalendarData/{lms}/{user}[?student=]: due items per month and course data. */
export function getCalendarData(
  lmsKey: number,
  userKey: number,
  student?: number,
): Promise<ApiResult<CalendarData>> {
  return request<CalendarData>(widgetPaths.calendarData(lmsKey, userKey, student));
}

/** GET /api/user/{lmsKey}/ALL?...: the users of the calendar's student picker. */
export function getPickerUsers(lmsKey: number): Promise<ApiResult<PickerUser[]>> {
  return request<PickerUser[]>(widgetPaths.users(lmsKey));
}
