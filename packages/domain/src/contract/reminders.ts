/**
 * The student's reminder emails preference (beyond the spec; docs/decisions/0015): whether the
 * signed-in student gets reminder emails before due dates and expiries, and whether their LMS
 * sends reminders at all (when it does not, the panel shows the switch disabled with the reason).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, StudentPath } from './common.js';

/** The student's choice and the LMS's setting. */
export const ReminderPreference = Type.Object({
  /** The student's own choice (on unless turned off). */
  enabled: Type.Boolean(),
  /** False when the LMS sends no reminders (set by the operator); the choice then has no effect. */
  lmsEnabled: Type.Boolean(),
});
export type ReminderPreference = Static<typeof ReminderPreference>;

/** PUT body: the student's new choice. */
export const ReminderPreferenceBody = Type.Object(
  { enabled: Type.Boolean() },
  { additionalProperties: false },
);
export type ReminderPreferenceBody = Static<typeof ReminderPreferenceBody>;

export const reminderCalls = {
  /** GET /api/reminders/{lms}/{user}: the student's reminder preference. */
  preference: defineCall<ReminderPreference>()({
    method: 'GET',
    route: '/api/reminders/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number) => `/api/reminders/${enc(lmsKey)}/${enc(userKey)}`,
  }),
  /** PUT /api/reminders/{lms}/{user}: turns the student's reminder emails on or off. */
  setPreference: defineCall<ReminderPreference, ReminderPreferenceBody>()({
    method: 'PUT',
    route: '/api/reminders/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number) => `/api/reminders/${enc(lmsKey)}/${enc(userKey)}`,
  }),
};

/** Route schemas of the reminder calls. */
export const reminderSchemas = {
  preference: { params: StudentPath, response: { 200: ReminderPreference, 403: ErrorBody } },
  setPreference: {
    params: StudentPath,
    body: ReminderPreferenceBody,
    response: { 200: ReminderPreference, 403: ErrorBody },
  },
} satisfies Record<keyof typeof reminderCalls, object>;
