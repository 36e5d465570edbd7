/**
 * The student's private calendar feed (beyond the spec; docs/decisions/0014): an address any
 * calendar application can subscribe to (webcal://), holding a random token, that lists the
 * student's due dates and document expiries. The panel reads the address and can reset it.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, StudentPath } from './common.js';

/** The feed's addresses: webcal:// for "subscribe", https:// for copying into a web calendar. */
export const CalendarFeed = Type.Object({
  webcalUrl: Type.String(),
  httpUrl: Type.String(),
});
export type CalendarFeed = Static<typeof CalendarFeed>;

export const calendarFeedCalls = {
  /** GET /api/calendar-feed/{lms}/{user}: the student's feed address (made on first use). */
  feed: defineCall<CalendarFeed>()({
    method: 'GET',
    route: '/api/calendar-feed/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number) => `/api/calendar-feed/${enc(lmsKey)}/${enc(userKey)}`,
  }),
  /** POST /api/calendar-feed/{lms}/{user}/reset: a new address; the old one stops at once. */
  reset: defineCall<CalendarFeed>()({
    method: 'POST',
    route: '/api/calendar-feed/:lmsKey/:userKey/reset',
    path: (lmsKey: number, userKey: number) =>
      `/api/calendar-feed/${enc(lmsKey)}/${enc(userKey)}/reset`,
  }),
};

/** Route schemas of the calendar-feed calls. */
export const calendarFeedSchemas = {
  feed: { params: StudentPath, response: { 200: CalendarFeed, 403: ErrorBody } },
  reset: { params: StudentPath, response: { 200: CalendarFeed, 403: ErrorBody } },
} satisfies Record<keyof typeof calendarFeedCalls, object>;
