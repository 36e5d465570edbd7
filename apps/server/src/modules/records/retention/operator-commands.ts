/**
 * The operator's retention commands: `records-retention` (shows an LMS's retention period and
 * legal hold, or changes them) and `records-pseudonymise` (one person by login, or everyone past
 * retention). Both record their own audit events, as the operator's.
 */
import { Text } from '@waypoint/domain/contract';
import type { PseudonymisedPerson, RetentionSettings } from '@waypoint/domain/console-contract';
import { RETENTION_MONTHS_MAX } from '@waypoint/domain/staff';
import { Type } from 'typebox';
import type { Db } from '../../../db/connection.js';
import { HttpError } from '../../../lib/http-error.js';
import { defineOperatorCommand } from '../../operator/area-command.js';
import { operatorActor } from '../../staff/audit.js';
import { lmsByCode } from '../bundle/repo.js';
import * as repo from './repo.js';
import {
  changeRetention,
  pseudonymise,
  pseudonymisePastRetention,
  retentionSettings,
} from './service.js';

const Lms = Text({ minLength: 1, maxLength: 63 });

async function lmsKeyOf(deps: { db: Db }, code: string) {
  const lms = await lmsByCode(deps.db, code);
  if (!lms) throw new HttpError(404, `No LMS with code '${code}'.`);
  return lms.lmsKey;
}

/** The settings in words. */
function settingsText(settings: RetentionSettings): string {
  const period =
    settings.retentionMonths === null
      ? 'Training records are kept for ever.'
      : `Training records are kept ${settings.retentionMonths} months after a person's last activity.`;
  const hold = settings.legalHold
    ? `Legal hold ON (${settings.legalHoldReason}), set by ${settings.legalHoldSetBy} at ${settings.legalHoldSetAt}.`
    : 'No legal hold.';
  return `${period}\n${hold}`;
}

export const retentionCommands = [
  defineOperatorCommand({
    name: 'records-retention',
    summary: "Show or set an LMS's retention period (months, or 0 for ever) and legal hold",
    input: Type.Object(
      {
        lms: Lms,
        months: Type.Optional(Type.Integer({ minimum: 0, maximum: RETENTION_MONTHS_MAX })),
        legalHold: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
        reason: Type.Optional(Text({ maxLength: 500 })),
      },
      { additionalProperties: false },
    ),
    recordsOwnAudit: true,
    changes: (input) => input.months !== undefined || input.legalHold !== undefined,
    run: async (deps, input) => {
      const lmsKey = await lmsKeyOf(deps, input.lms);
      if (input.months === undefined && input.legalHold === undefined) {
        if (input.reason !== undefined) {
          throw new HttpError(400, 'A reason is given only with --legal-hold on.');
        }
        return retentionSettings(deps, lmsKey);
      }
      return changeRetention(deps, operatorActor(), lmsKey, {
        ...(input.months === undefined ? {} : { retentionMonths: input.months || null }),
        ...(input.legalHold === undefined ? {} : { legalHold: input.legalHold === 'on' }),
        ...(input.reason === undefined ? {} : { reason: input.reason }),
      });
    },
    format: (result) => settingsText(result as RetentionSettings),
  }),
  defineOperatorCommand({
    name: 'records-pseudonymise',
    summary:
      "Replace a person's personal data by their subject id (--user LOGIN, or --past-retention: everyone eligible)",
    input: Type.Object(
      {
        lms: Lms,
        user: Type.Optional(Text({ minLength: 1, maxLength: 255 })),
        pastRetention: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    recordsOwnAudit: true,
    run: async (deps, input) => {
      if ((input.user === undefined) === (input.pastRetention !== true)) {
        throw new HttpError(400, 'Give either --user LOGIN or --past-retention.');
      }
      const lmsKey = await lmsKeyOf(deps, input.lms);
      const scope = { lmsKey, restrictionGroups: [] };
      if (input.user === undefined) {
        return pseudonymisePastRetention(deps, operatorActor(), scope);
      }
      const userKey = await repo.userKeyByLogin(deps.db, lmsKey, input.user);
      if (userKey === undefined)
        throw new HttpError(404, `No user '${input.user}' in ${input.lms}.`);
      return [await pseudonymise(deps, operatorActor(), scope, userKey)];
    },
    format: (result) => {
      const people = result as PseudonymisedPerson[];
      if (people.length === 0) return 'No one is past retention.';
      return [
        `Pseudonymised ${people.length} ${people.length === 1 ? 'person' : 'people'} (training records kept):`,
        ...people.map((person) => `  user ${person.userKey} -> ${person.subjectId}`),
      ].join('\n');
    },
  }),
];
