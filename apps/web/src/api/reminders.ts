/** The student's reminder emails preference (docs/decisions/0015). */
import { reminderCalls } from '@waypoint/domain/contract';
import { send } from './client';

export type { ReminderPreference } from '@waypoint/domain/contract';

/** GET /api/reminders/{lms}/{user}: the student's choice and whether the LMS sends reminders. */
export const getReminderPreference = (lmsKey: number, userKey: number) =>
  send(reminderCalls.preference, [lmsKey, userKey]);

/** PUT /api/reminders/{lms}/{user}: turns the student's reminder emails on or off. */
export const setReminderPreference = (lmsKey: number, userKey: number, enabled: boolean) =>
  send(reminderCalls.setPreference, [lmsKey, userKey], { body: { enabled } });
