/** The student's private calendar feed (docs/decisions/0014). */
import { calendarFeedCalls } from '@waypoint/domain/contract';
import { send } from './client';

export type { CalendarFeed } from '@waypoint/domain/contract';

/** GET /api/calendar-feed/{lms}/{user}: the feed's addresses (made on first use). */
export const getCalendarFeed = (lmsKey: number, userKey: number) =>
  send(calendarFeedCalls.feed, [lmsKey, userKey]);

/** POST /api/calendar-feed/{lms}/{user}/reset: new addresses; the old ones stop at once. */
export const resetCalendarFeed = (lmsKey: number, userKey: number) =>
  send(calendarFeedCalls.reset, [lmsKey, userKey]);
