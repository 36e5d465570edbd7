/**
 * The widget calls of §7: the dashboard's widgets (§2 Dashboard), the calendar's 13 months and its
 * data (§3 Calendar), and the users list of the calendar's opt-in student picker.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key, StudentPath, Text } from './common.js';

/** A dashboard widget; isDeleted 0 means active (§2 Dashboard). */
export const Widget = Type.Object({
  widgetKey: Type.Number(),
  widgetType: Type.String(),
  name: Type.String(),
  sortOrder: Type.Number(),
  isDeleted: Type.Number(),
  settings: Type.Record(Type.String(), Type.Unknown()),
});
export type Widget = Static<typeof Widget>;

/** A due item of a calendar month (§3 Calendar). */
export const CalendarItemDue = Type.Object({
  name: Type.String(),
  courseKey: Type.Number(),
  curriculumKey: Type.Number(),
  assignmentKey: Type.Number(),
  colorHex: Type.String(),
  startDate: Type.Number(),
  dueDate: Type.Number(),
});
export type CalendarItemDue = Static<typeof CalendarItemDue>;

/** Widget course data (§3 Calendar). */
export const CalendarCourse = Type.Object({
  courseName: Type.String(),
  aggregationKey: Type.Number(),
  curriculumKey: Type.Number(),
  assignmentKey: Type.Number(),
  colorHex: Type.String(),
  startDate: Type.Number(),
  calcDate: Type.Number(),
});
export type CalendarCourse = Static<typeof CalendarCourse>;

/** The calendar widget's settings, with their defaults (§2 Dashboard). */
export const CalendarSettings = Type.Object({
  /** "optional student picker with search, shown only when enabled (for admins)" (§2). */
  studentPicker: Type.Boolean(),
  /** Months shown at a time when the dashboard opens (1 to 8, default 4). */
  monthsShown: Type.Number(),
});
export type CalendarSettings = Static<typeof CalendarSettings>;

// Schemas are built with Type.* calls only (no spread), so that the panel's bundle drops them.

/** A calendar month with the items due in it (§3 Calendar). */
export const CalendarMonthDue = Type.Object({
  /** 'YYYY-MM' */
  Month: Type.String(),
  /** First instant of the month, ms (local time). */
  StartDate: Type.Number(),
  /** First instant of the next month, ms (exclusive end). */
  EndDate: Type.Number(),
  itemsDue: Type.Array(CalendarItemDue),
});
export type CalendarMonthDue = Static<typeof CalendarMonthDue>;

/** One displayed calendar month (§7 GetCalendarWidgets: Month, StartDate, EndDate). */
export const CalendarMonth = Type.Omit(CalendarMonthDue, ['itemsDue']);
export type CalendarMonth = Static<typeof CalendarMonth>;

/** The calendar's data: due items per month, the courses behind them, and the settings. */
export const CalendarData = Type.Object({
  months: Type.Array(CalendarMonthDue),
  courses: Type.Array(CalendarCourse),
  settings: CalendarSettings,
});
export type CalendarData = Static<typeof CalendarData>;

/** A user of the calendar's student picker: this LMS only, names only. */
export const PickerUser = Type.Object({
  userKey: Type.Number(),
  userID: Type.String(),
  nameCollated: Type.String(),
  nameOther: Type.String(),
  displayName: Type.String(),
});
export type PickerUser = Static<typeof PickerUser>;

/** The widget calls of §7. */
export const widgetCalls = {
  /** GET /api/Widget/PostWidget/{lms}/{user}: the dashboard widgets of the user's LMS. */
  widgets: defineCall<Widget[]>()({
    method: 'GET',
    route: '/api/Widget/PostWidget/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number) =>
      `/api/Widget/PostWidget/${enc(lmsKey)}/${enc(userKey)}`,
  }),
  /**
   * GET /api/Widget/GetWidgetSettingsData/{lms}/{user}/{widgetKey}: one widget, for clients of §7;
   * the panel's widget list already carries each widget's settings (ADR 0010).
   */
  widgetSettings: defineCall<Widget>()({
    method: 'GET',
    route: '/api/Widget/GetWidgetSettingsData/:lmsKey/:userKey/:widgetKey',
    path: (lmsKey: number, userKey: number, widgetKey: number) =>
      `/api/Widget/GetWidgetSettingsData/${enc(lmsKey)}/${enc(userKey)}/${enc(widgetKey)}`,
  }),
  /** POST /api/Widget/GetCalendarWidgets/{lms}/{user}/GET: the 13 displayed months. */
  calendarMonths: defineCall<CalendarMonth[]>()({
    method: 'POST',
    route: '/api/Widget/GetCalendarWidgets/:lmsKey/:userKey/GET',
    path: (lmsKey: number, userKey: number) =>
      `/api/Widget/GetCalendarWidgets/${enc(lmsKey)}/${enc(userKey)}/GET`,
  }),
  /**
   * GET /api/Widget/CalendarData/{lms}/{user}[?student=]: the calendar data (the spec shows no
   * path): the student's own, or another student's of the same LMS through the picker.
   */
  calendarData: defineCall<CalendarData>()({
    method: 'GET',
    route: '/api/Widget/CalendarData/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number, student?: number) =>
      `/api/Widget/CalendarData/${enc(lmsKey)}/${enc(userKey)}` +
      (student !== undefined && student !== userKey ? `?student=${enc(student)}` : ''),
  }),
  /** GET /api/user/{lmsKey}/ALL?filter=1&...: the users of the calendar's student picker. */
  pickerUsers: defineCall<PickerUser[]>()({
    method: 'GET',
    route: '/api/user/:lmsKey/ALL',
    path: (lmsKey: number) =>
      `/api/user/${enc(lmsKey)}/ALL?filter=1&search=&direction=1&start=1&count=999999&sort=Name&inactive=01`,
  }),
};

/** The path of the widget-settings call. */
export const WidgetSettingsPath = Type.Object({ lmsKey: Key, userKey: Key, widgetKey: Key });

/** The calendar data's query: another student of the LMS (the picker). */
export const CalendarDataQuery = Type.Object({ student: Type.Optional(Key) });

/** The path of the picker's users list. */
export const PickerUsersPath = Type.Object({ lmsKey: Key });

/** The picker's users query (§7); only search and count are read. */
export const PickerUsersQuery = Type.Object({
  search: Type.Optional(Text({ maxLength: 100 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 999999 })),
  filter: Type.Optional(Text({ maxLength: 20 })),
  direction: Type.Optional(Text({ maxLength: 20 })),
  start: Type.Optional(Text({ maxLength: 20 })),
  sort: Type.Optional(Text({ maxLength: 40 })),
  inactive: Type.Optional(Text({ maxLength: 20 })),
});

/** Route schemas of the widget calls (validation, serialisation, OpenAPI). */
export const widgetSchemas = {
  widgets: { params: StudentPath, response: { 200: Type.Array(Widget) } },
  widgetSettings: { params: WidgetSettingsPath, response: { 200: Widget, 404: ErrorBody } },
  calendarMonths: { params: StudentPath, response: { 200: Type.Array(CalendarMonth) } },
  calendarData: {
    params: StudentPath,
    querystring: CalendarDataQuery,
    response: { 200: CalendarData, 403: ErrorBody, 404: ErrorBody },
  },
  pickerUsers: {
    params: PickerUsersPath,
    querystring: PickerUsersQuery,
    response: { 200: Type.Array(PickerUser), 403: ErrorBody },
  },
} satisfies Record<keyof typeof widgetCalls, object>;
