/**
 * The operator's reminder commands (docs/decisions/0015). The CLI spells them `reminders preview`,
 * `reminders settings` and `reminders run`.
 */
import { isTimeZone, MAX_REMINDER_DAY, MAX_REMINDER_DAYS_COUNT } from '@waypoint/domain';
import { Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { defineOperatorCommand } from '../operator/area-command.js';
import {
  lmsReminderSettings,
  previewReminders,
  runReminderPass,
  type LmsReminderSettings,
  type PassResult,
  type ReminderPreview,
} from './service.js';

const Lms = Text({ minLength: 1, maxLength: 63 });
const strict = { additionalProperties: false } as const;
/** The preview looks at most a year ahead. */
export const PREVIEW_MAX_DAYS = 366;

const formatSettings = (result: unknown) => {
  const r = result as LmsReminderSettings;
  return [
    `Reminders for LMS '${r.lms}': ${r.enabled ? 'on' : 'off'}`,
    `  days before a due date or expiry: ${r.daysBefore.join(', ')}`,
    `  time zone of its days: ${r.timeZone}`,
  ].join('\n');
};

export const reminderCommands = [
  defineOperatorCommand({
    name: 'reminders-preview',
    changes: false,
    summary: "What a student would be sent in the next N days (the scheduler's rule, nothing sent)",
    input: Type.Object(
      {
        lms: Type.Optional(Lms),
        user: Text({ minLength: 1, maxLength: 255 }),
        days: Type.Optional(Type.Integer({ minimum: 1, maximum: PREVIEW_MAX_DAYS })),
      },
      strict,
    ),
    run: (deps, input) => previewReminders(deps, { ...input, days: input.days ?? 30 }),
    format: (result) => {
      const r = result as ReminderPreview;
      const lines = [`Reminders for ${r.user} (LMS '${r.lms}') in the next ${r.days} days:`];
      if (r.blocked) lines.push(`  None will be sent: ${r.blocked} Were they on:`);
      if (r.lines.length === 0) lines.push('  (none)');
      for (const line of r.lines) {
        lines.push(
          `  ${line.sendOn}  ${line.occasion.padEnd(10)}  ${line.kind.padEnd(11)}  ${line.item}  (date ${line.date})`,
        );
      }
      return lines.join('\n');
    },
  }),
  defineOperatorCommand({
    name: 'reminders-settings',
    // Shows the settings when given none to set.
    changes: (input) =>
      input.enabled !== undefined || input.daysBefore !== undefined || input.timeZone !== undefined,
    summary: "Show or set an LMS's reminder settings: on/off, days before, time zone",
    input: Type.Object(
      {
        lms: Type.Optional(Lms),
        enabled: Type.Optional(Type.Boolean()),
        daysBefore: Type.Optional(
          Type.Array(Type.Integer({ minimum: 1, maximum: MAX_REMINDER_DAY }), {
            minItems: 1,
            maxItems: MAX_REMINDER_DAYS_COUNT,
          }),
        ),
        timeZone: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
      },
      strict,
    ),
    run: (deps, input) => {
      if (input.timeZone !== undefined && !isTimeZone(input.timeZone)) {
        throw new HttpError(
          400,
          `'${input.timeZone}' is not a time zone (an IANA name such as UTC or Europe/Berlin).`,
        );
      }
      if (input.daysBefore && new Set(input.daysBefore).size !== input.daysBefore.length) {
        throw new HttpError(400, 'Each reminder day may be listed once.');
      }
      return lmsReminderSettings(deps, input);
    },
    format: formatSettings,
  }),
  defineOperatorCommand({
    name: 'reminders-run',
    summary: 'Run one reminder pass now: send what is due today',
    input: Type.Object({}, strict),
    run: (deps) => runReminderPass(deps),
    format: (result) => {
      const r = result as PassResult;
      if (!r.ran) return 'Another server instance is running a reminder pass; nothing sent.';
      return (
        `${r.emailsSent} reminder email(s) sent.` +
        (r.emailsFailed > 0 ? ` ${r.emailsFailed} could not be sent and will be retried.` : '')
      );
    },
  }),
];
