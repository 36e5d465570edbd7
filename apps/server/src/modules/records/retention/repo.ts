import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/connection.js';

/**
 * The only SQL of retention (migration 0030): an LMS's retention settings and legal hold, the
 * people past retention (inactive, their last training activity older than the period: the UTC
 * wall time plus calendar months, the day clamped, as the domain's rule adds them), and the statements
 * that pseudonymise one person. Nothing here deletes a training row or a training event.
 */

export interface RetentionRow {
  retentionMonths: number | null;
  legalHold: boolean;
  legalHoldReason: string;
  legalHoldSetBy: string;
  legalHoldSetAt: Date | null;
}

const DEFAULTS: RetentionRow = {
  retentionMonths: null,
  legalHold: false,
  legalHoldReason: '',
  legalHoldSetBy: '',
  legalHoldSetAt: null,
};

const COLUMNS = [
  'retentionMonths',
  'legalHold',
  'legalHoldReason',
  'legalHoldSetBy',
  'legalHoldSetAt',
] as const;

/** The LMS's settings (the defaults when never set: kept for ever, no hold). */
export async function selectRetention(db: Db, lmsKey: number): Promise<RetentionRow> {
  const row = await db
    .selectFrom('recordRetention')
    .select(COLUMNS)
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
  return row ?? DEFAULTS;
}

/**
 * The LMS's settings, its row locked for the transaction (made first when missing), so a hold
 * put on and a pseudonymisation never pass each other.
 */
export async function lockRetention(trx: Db, lmsKey: number, now: Date): Promise<RetentionRow> {
  await trx
    .insertInto('recordRetention')
    .values({ lmsKey, updatedAt: now })
    .onConflict((conflict) => conflict.column('lmsKey').doNothing())
    .execute();
  return trx
    .selectFrom('recordRetention')
    .select(COLUMNS)
    .where('lmsKey', '=', lmsKey)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Writes the settings (the row is locked by lockRetention in the same transaction). */
export async function updateRetention(trx: Db, lmsKey: number, row: RetentionRow, now: Date) {
  await trx
    .updateTable('recordRetention')
    .set({ ...row, updatedAt: now })
    .where('lmsKey', '=', lmsKey)
    .execute();
}

/**
 * A person's last training activity: the latest of their attempts' ends (or last writes), their
 * assignments' changes, their lessons' last writes, their sign-ins, and their account's creation.
 */
const LAST_ACTIVITY: RawBuilder<Date> = sql<Date>`greatest(
  u.created_at,
  u.last_sign_in_at,
  (select max(greatest(a.assigned_at, a.removed_at)) from assignment a where a.user_key = u.user_key),
  (select max(coalesce(la.ended_at, la.updated_at)) from lesson_attempt la where la.user_key = u.user_key),
  (select max(lp.updated_at) from lesson_progress lp where lp.user_key = u.user_key))`;

/** A person as retention reads them. */
export interface RetentionPersonData {
  userKey: number;
  lmsKey: number;
  userID: string;
  displayName: string;
  restrictionGroup: string;
  inactive: number;
  pseudonymisedAt: Date | null;
  lastActivityAt: Date;
}

const PERSON = sql`u.user_key as "userKey", u.lms_key as "lmsKey", u.user_id as "userID",
  u.display_name as "displayName", u.restriction_group as "restrictionGroup", u.inactive,
  u.pseudonymised_at as "pseudonymisedAt", ${LAST_ACTIVITY} as "lastActivityAt"`;

/** Scope: the LMS, and the restriction groups when there are any. */
function scopeWhere(scope: { lmsKey: number; restrictionGroups: readonly string[] }) {
  return scope.restrictionGroups.length === 0
    ? sql`u.lms_key = ${scope.lmsKey}`
    : sql`u.lms_key = ${scope.lmsKey} and u.restriction_group = any(${[...scope.restrictionGroups]}::text[])`;
}

/**
 * Up to `limit` people past retention at `now` in the scope, longest gone first: inactive, not
 * pseudonymised, their last activity `months` calendar months or more before `now`.
 */
export async function pastRetention(
  db: Db,
  scope: { lmsKey: number; restrictionGroups: readonly string[] },
  months: number,
  now: Date,
  limit: number,
): Promise<RetentionPersonData[]> {
  const result = await sql<RetentionPersonData>`
    select * from (select ${PERSON} from app_user u
      where ${scopeWhere(scope)} and u.inactive <> 0 and u.pseudonymised_at is null) p
     where (p."lastActivityAt" at time zone 'UTC' + make_interval(months => ${months}::int))
             at time zone 'UTC' <= ${now}
     order by p."lastActivityAt", p."userKey" limit ${limit}`.execute(db);
  return result.rows;
}

/** One person of an LMS by key, locked for the transaction; undefined when there is none. */
export async function lockPerson(trx: Db, lmsKey: number, userKey: number) {
  const result = await sql<RetentionPersonData>`
    select ${PERSON} from app_user u where u.user_key = ${userKey} and u.lms_key = ${lmsKey}
       for update of u`.execute(trx);
  return result.rows[0];
}

/** A person of an LMS by login (any case). */
export async function userKeyByLogin(db: Db, lmsKey: number, login: string) {
  const row = await db
    .selectFrom('appUser')
    .select('userKey')
    .where('lmsKey', '=', lmsKey)
    .where(sql`lower(user_id)`, '=', login.toLowerCase())
    .executeTakeFirst();
  return row?.userKey;
}

/**
 * The person's pseudonymous subject id (migration 0028's record_subject), made when they have
 * none yet by the chain's own waypoint_subject_of, as its triggers make it.
 */
export async function subjectIdOf(trx: Db, userKey: number): Promise<string> {
  const result = await sql<{ subjectId: string }>`
    select waypoint_subject_of(${userKey}::int) as "subjectId"`.execute(trx);
  return result.rows[0]!.subjectId;
}

/**
 * Replaces a person's personal data: names and login by the pseudonym, email, phone and employee
 * id emptied, no password or MFA (no way to sign in), inactive; base, fleet, position and
 * restriction group stay (they are the organisation's, and scope the records). The emails the
 * outbox holds for their address lose the address and their text; their sign-in devices, reset
 * links, MFA challenges, SSO hand-offs and calendar feed address are dropped (they are keys, not
 * records). Training rows, documents, certificates and training events are not touched.
 */
export async function pseudonymisePerson(
  trx: Db,
  person: { userKey: number; lmsKey: number },
  pseudonym: { login: string; name: string },
  now: Date,
): Promise<void> {
  const before = await trx
    .selectFrom('appUser')
    .select('email')
    .where('userKey', '=', person.userKey)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('appUser')
    .set({
      userId: pseudonym.login,
      nameCollated: pseudonym.name,
      nameOther: '',
      displayName: pseudonym.name,
      email: '',
      phone: '',
      employeeId: '',
      passwordHash: null,
      passwordChangedAt: null,
      mfaEnabled: false,
      failedLoginCount: 0,
      lockedUntil: null,
      lastVerifiedAt: null,
      inactive: 1,
      pseudonymisedAt: now,
    })
    .where('userKey', '=', person.userKey)
    .execute();
  if (before.email !== '') {
    await trx
      .updateTable('emailOutbox')
      .set({
        toAddress: '',
        subject: '(pseudonymised)',
        textBody: '',
        htmlBody: null,
        nextAttemptAt: null,
      })
      .where('lmsKey', '=', person.lmsKey)
      .where(sql`lower(to_address)`, '=', before.email.toLowerCase())
      .execute();
  }
  for (const table of [
    'rememberedDevice',
    'passwordToken',
    'mfaChallenge',
    'ssoHandoff',
    'calendarFeed',
  ] as const) {
    await trx.deleteFrom(table).where('userKey', '=', person.userKey).execute();
  }
}
