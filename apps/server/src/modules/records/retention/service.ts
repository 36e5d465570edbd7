/**
 * Retention of training records: an LMS's retention period and legal hold, the people past
 * retention (the domain's retentionStanding), and pseudonymising them, by an administrator
 * (records.retention) or the operator. Pseudonymising replaces a person's personal data by their
 * pseudonymous subject id and keeps every training row and training event; the event chain still
 * verifies, since it only ever named the subject id. Refused (409) under a legal hold; nothing is
 * ever deleted or pseudonymised automatically. Every change is in the audit log with its actor.
 */
import type {
  PseudonymisedPerson,
  RetentionChange,
  RetentionOverview,
  RetentionPersonRow,
  RetentionSettings,
} from '@waypoint/domain/console-contract';
import { retentionRefusal, retentionStanding } from '@waypoint/domain/staff';
import type { Db } from '../../../db/connection.js';
import type { Clock } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import type { ReportCache } from '../../progress/report-cache.js';
import type { SessionCache } from '../../sessions/cache.js';
import { endUserSessions } from '../../sessions/service.js';
import { recordAudit, type AuditActor } from '../../staff/audit.js';
import { inRestrictionGroups } from '@waypoint/domain/staff';
import { NO_SUCH_PERSON_MESSAGE } from '../../staff/scope.js';
import * as repo from './repo.js';

/** What retention needs: the database, the clock, the caches a pseudonymisation empties. */
export interface RetentionDeps {
  db: Db;
  clock: Clock;
  state: { sessionCache: SessionCache; reportCache: ReportCache };
}

/** Whose people: an LMS and restriction groups ([] = the whole LMS). */
export interface RetentionScope {
  lmsKey: number;
  restrictionGroups: readonly string[];
}

/** People the retention page lists at most. */
export const RETENTION_LIST_LIMIT = 200;

export const HOLD_NEEDS_REASON_MESSAGE = 'A legal hold needs a reason.';
export const REASON_WITHOUT_HOLD_MESSAGE = 'A reason is given only when putting a legal hold on.';

/** The message of a refusal under a legal hold. */
export const legalHoldMessage = (reason: string) =>
  `The records of this LMS are under legal hold (${reason}): no one is pseudonymised while it is on.`;

function presentSettings(row: repo.RetentionRow): RetentionSettings {
  return {
    retentionMonths: row.retentionMonths,
    legalHold: row.legalHold,
    legalHoldReason: row.legalHoldReason,
    legalHoldSetBy: row.legalHoldSetBy,
    legalHoldSetAt: row.legalHoldSetAt?.toISOString() ?? null,
  };
}

/** The LMS's retention settings. */
export async function retentionSettings(
  deps: Pick<RetentionDeps, 'db'>,
  lmsKey: number,
): Promise<RetentionSettings> {
  return presentSettings(await repo.selectRetention(deps.db, lmsKey));
}

/** The people past retention in a scope, longest gone first (none while records are kept for ever). */
async function peoplePastRetention(
  deps: Pick<RetentionDeps, 'db' | 'clock'>,
  scope: RetentionScope,
  months: number | null,
  limit: number,
): Promise<RetentionPersonRow[]> {
  if (months === null) return [];
  const now = deps.clock.now();
  const rows = await repo.pastRetention(deps.db, scope, months, now, limit);
  return rows.flatMap((row) => {
    // The SQL narrows; the domain's rule decides (the two are held to one another by the tests).
    const standing = retentionStanding(
      { active: false, lastActivityMs: row.lastActivityAt.getTime(), pseudonymised: false },
      months,
      now.getTime(),
    );
    if (!standing.eligible) return [];
    return [
      {
        userKey: row.userKey,
        userID: row.userID,
        displayName: row.displayName,
        restrictionGroup: row.restrictionGroup,
        lastActivityAt: row.lastActivityAt.toISOString(),
        retainedUntil: new Date(standing.retainedUntilMs).toISOString(),
      },
    ];
  });
}

/** The retention page: the settings and the first people past retention in the scope. */
export async function retentionOverview(
  deps: Pick<RetentionDeps, 'db' | 'clock'>,
  scope: RetentionScope,
): Promise<RetentionOverview> {
  const settings = await repo.selectRetention(deps.db, scope.lmsKey);
  const people = await peoplePastRetention(
    deps,
    scope,
    settings.retentionMonths,
    RETENTION_LIST_LIMIT + 1,
  );
  return {
    settings: presentSettings(settings),
    people: people.slice(0, RETENTION_LIST_LIMIT),
    more: people.length > RETENTION_LIST_LIMIT,
  };
}

/** The settings after a change, or a 400 saying what is wrong with it. */
function changed(
  current: repo.RetentionRow,
  change: RetentionChange,
  actor: AuditActor,
  now: Date,
): repo.RetentionRow {
  const reason = change.reason?.trim() ?? '';
  if (change.legalHold !== true && reason !== '')
    throw new HttpError(400, REASON_WITHOUT_HOLD_MESSAGE);
  if (change.legalHold === true && reason === '')
    throw new HttpError(400, HOLD_NEEDS_REASON_MESSAGE);
  const next = { ...current };
  if (change.retentionMonths !== undefined) next.retentionMonths = change.retentionMonths;
  if (change.legalHold === true) {
    Object.assign(next, {
      legalHold: true,
      legalHoldReason: reason,
      legalHoldSetBy: actor.label,
      legalHoldSetAt: now,
    });
  } else if (change.legalHold === false && current.legalHold) {
    // Lifting the hold says who lifted it and when; the reason it had is in the audit log.
    Object.assign(next, {
      legalHold: false,
      legalHoldReason: '',
      legalHoldSetBy: actor.label,
      legalHoldSetAt: now,
    });
  }
  return next;
}

/** Sets the retention period and puts the legal hold on or off, with its audit event. */
export async function changeRetention(
  deps: Pick<RetentionDeps, 'db' | 'clock'>,
  actor: AuditActor,
  lmsKey: number,
  change: RetentionChange,
): Promise<RetentionSettings> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockRetention(trx, lmsKey, now);
    const next = changed(current, change, actor, now);
    await repo.updateRetention(trx, lmsKey, next, now);
    const hold =
      next.legalHold === current.legalHold
        ? ''
        : next.legalHold
          ? ', legal hold on'
          : ', legal hold lifted';
    await recordAudit(trx, deps, actor, [
      {
        lmsKey,
        action: 'records.retention',
        targetType: 'lms',
        targetKey: lmsKey,
        summary: `Retention: ${next.retentionMonths === null ? 'kept for ever' : `${next.retentionMonths} months`}${hold}`,
        before: presentSettings(current),
        after: presentSettings(next),
      },
    ]);
    return presentSettings(next);
  });
}

/**
 * Pseudonymises one person past retention, in one transaction with its audit event: 409 under a
 * legal hold or when the person is not past retention (the reason in words), 404 outside the
 * scope. Their sessions end on every instance; their report is rebuilt on its next read.
 */
export async function pseudonymise(
  deps: RetentionDeps,
  actor: AuditActor,
  scope: RetentionScope,
  userKey: number,
): Promise<PseudonymisedPerson> {
  const now = deps.clock.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const settings = await repo.lockRetention(trx, scope.lmsKey, now);
    const person = await repo.lockPerson(trx, scope.lmsKey, userKey);
    if (!person || !inRestrictionGroups(scope.restrictionGroups, person)) {
      throw new HttpError(404, NO_SUCH_PERSON_MESSAGE);
    }
    if (settings.legalHold) throw new HttpError(409, legalHoldMessage(settings.legalHoldReason));
    const standing = retentionStanding(
      {
        active: person.inactive === 0,
        lastActivityMs: person.lastActivityAt.getTime(),
        pseudonymised: person.pseudonymisedAt !== null,
      },
      settings.retentionMonths,
      now.getTime(),
    );
    if (!standing.eligible) throw new HttpError(409, retentionRefusal(person.userID, standing));
    const subjectId = await repo.subjectIdOf(trx, userKey);
    const name = `Pseudonymised ${subjectId}`;
    await repo.pseudonymisePerson(trx, person, { login: subjectId, name }, now);
    await endUserSessions({ ...deps, db: trx }, userKey);
    // The event names the subject only: the audit log must not keep what was just removed.
    await recordAudit(trx, deps, actor, [
      {
        lmsKey: scope.lmsKey,
        action: 'records.pseudonymise',
        targetType: 'user',
        targetKey: userKey,
        summary: `Pseudonymised ${subjectId}: personal data replaced, training records kept`,
        after: {
          subjectId,
          lastActivityAt: person.lastActivityAt.toISOString(),
          retentionMonths: settings.retentionMonths,
        },
      },
    ]);
    return { userKey, subjectId, displayName: name };
  });
  deps.state.reportCache.invalidate(userKey);
  return result;
}

/** Pseudonymises everyone past retention in the scope, one transaction each; answers who. */
export async function pseudonymisePastRetention(
  deps: RetentionDeps,
  actor: AuditActor,
  scope: RetentionScope,
): Promise<PseudonymisedPerson[]> {
  const settings = await repo.selectRetention(deps.db, scope.lmsKey);
  if (settings.legalHold) throw new HttpError(409, legalHoldMessage(settings.legalHoldReason));
  const done: PseudonymisedPerson[] = [];
  for (;;) {
    const batch = await peoplePastRetention(deps, scope, settings.retentionMonths, 100);
    if (batch.length === 0) return done;
    for (const person of batch) done.push(await pseudonymise(deps, actor, scope, person.userKey));
  }
}
