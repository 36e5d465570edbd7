/** The dashboard's widget and calendar calls (spec §2 Dashboard, §3 Calendar, §7). */
import { widgetCalls } from '@waypoint/domain/contract';
import { send } from './client';

export type {
  CalendarCourse,
  CalendarData,
  CalendarItemDue,
  CalendarMonth,
  PickerUser,
  Widget,
} from '@waypoint/domain/contract';

/** GET /api/Widget/PostWidget/{lms}/{user}. */
export const getWidgets = (lmsKey: number, userKey: number) =>
  send(widgetCalls.widgets, [lmsKey, userKey]);

/** POST /api/Widget/GetCalendarWidgets/{lms}/{user}/GET: the 13 displayed months. */
export const getCalendarMonths = (lmsKey: number, userKey: number) =>
  send(widgetCalls.calendarMonths, [lmsKey, userKey]);

/** GET /api/Widget/CalendarData/{lms}/{user}[?student=]: due items per month and course data. */
export const getCalendarData = (lmsKey: number, userKey: number, student?: number) =>
  send(widgetCalls.calendarData, [lmsKey, userKey, student]);

/** GET /api/user/{lmsKey}/ALL?...: the users of the calendar's student picker. */
export const getPickerUsers = (lmsKey: number) => send(widgetCalls.pickerUsers, [lmsKey]);
