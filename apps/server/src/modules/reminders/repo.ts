import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

// Any fixed number (the migrations use 74_650_001): one reminder pass at a time across instances.
const REMINDER_PASS_LOCK = 74_650_015;

/**
 * Takes the reminder pass's advisory lock for the transaction, if no other session holds it
 * (PostgreSQL shared by several instances; docs/decisions/0015).
 */
export async function tryPassLock(trx: Db): Promise<boolean> {
  const result = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_xact_lock(${REMINDER_PASS_LOCK}) AS locked`.execute(trx);
  return result.rows[0]?.locked === true;
}

// ---- settings -------------------------------------------------------------------------------------

/** An LMS by its code, with its reminder settings (null columns: the defaults). */
export function selectLmsWithSettings(db: Db, lmsCode: string | null) {
  let query = db
    .selectFrom('lms')
    .leftJoin('reminderLmsSetting as setting', 'setting.lmsKey', 'lms.lmsKey')
    .select([
      'lms.lmsKey',
      'lms.lmsCode',
      'lms.lmsName',
      'setting.enabled',
      'setting.daysBefore',
      'setting.timeZone',
    ]);
  query =
    lmsCode === null
      ? query.where('lms.isDefault', '=', true)
      : query.where('lms.lmsCode', '=', lmsCode);
  return query.executeTakeFirst();
}

/** Writes an LMS's reminder settings; fields left out keep their value (or the default). */
export async function upsertLmsSettings(
  db: Db,
  lmsKey: number,
  changes: { enabled?: boolean; daysBefore?: number[]; timeZone?: string },
): Promise<void> {
  const insert = db.insertInto('reminderLmsSetting').values({ lmsKey, ...changes });
  await (
    Object.keys(changes).length === 0
      ? insert.onConflict((conflict) => conflict.column('lmsKey').doNothing())
      : insert.onConflict((conflict) => conflict.column('lmsKey').doUpdateSet(changes))
  ).execute();
}

/** The student's own choice and the LMS's on/off (null: no row, i.e. on). */
export function selectPreference(db: Db, lmsKey: number, userKey: number) {
  return db
    .selectFrom('appUser')
    .leftJoin('reminderUserSetting as mine', 'mine.userKey', 'appUser.userKey')
    .leftJoin('reminderLmsSetting as lms', 'lms.lmsKey', 'appUser.lmsKey')
    .select(['mine.enabled as userEnabled', 'lms.enabled as lmsEnabled'])
    .where('appUser.userKey', '=', userKey)
    .where('appUser.lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

export async function upsertUserSetting(
  db: Db,
  userKey: number,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db
    .insertInto('reminderUserSetting')
    .values({ userKey, enabled, updatedAt: now })
    .onConflict((conflict) => conflict.column('userKey').doUpdateSet({ enabled, updatedAt: now }))
    .execute();
}

// ---- who and what ------------------------------------------------------------------------------------

/** A student reminders may go to, with the LMS's settings (null: defaults) and the student's own. */
function recipients(db: Db) {
  return db
    .selectFrom('appUser')
    .innerJoin('lms', 'lms.lmsKey', 'appUser.lmsKey')
    .leftJoin('reminderLmsSetting as setting', 'setting.lmsKey', 'lms.lmsKey')
    .leftJoin('reminderUserSetting as mine', 'mine.userKey', 'appUser.userKey')
    .select([
      'appUser.userKey',
      'appUser.lmsKey',
      'appUser.userId',
      'appUser.email',
      'appUser.displayName',
      'appUser.restrictionGroup',
      'lms.lmsName',
      'setting.enabled as lmsEnabled',
      'setting.copyManagers',
      'setting.daysBefore',
      'setting.timeZone',
      'mine.enabled as userEnabled',
    ])
    .where('appUser.isStudent', '=', true)
    .where('appUser.userType', '>=', 0)
    .where('appUser.inactive', '<=', 0)
    .where('lms.studentLocked', '<=', 0);
}

export type RecipientRow = NonNullable<Awaited<ReturnType<typeof selectRecipient>>>;

/**
 * Every student who gets reminders: active, with an email address, in an LMS that lets students
 * in and sends reminders, and who has not turned them off.
 */
export function selectRecipients(db: Db) {
  return recipients(db)
    .where('appUser.email', '<>', '')
    .where((eb) => eb.or([eb('setting.enabled', 'is', null), eb('setting.enabled', '=', true)]))
    .where((eb) => eb.or([eb('mine.enabled', 'is', null), eb('mine.enabled', '=', true)]))
    .orderBy('appUser.userKey')
    .execute();
}

/** One student by login in an LMS, whatever the settings (the preview says why nothing is sent). */
export function selectRecipient(db: Db, lmsKey: number, login: string) {
  return recipients(db)
    .where('appUser.lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['appUser.userId']), '=', login.toLowerCase()))
    .executeTakeFirst();
}

/**
 * The staff of an LMS whose scope covers a restriction group (no groups: the whole LMS), active,
 * with an email address, and their roles (the caller checks what a role allows: a built-in
 * role's flags are the code's, not the row's).
 */
export function selectStaffCovering(db: Db, lmsKey: number, restrictionGroup: string) {
  return db
    .selectFrom('staffMember as m')
    .innerJoin('staffRole as r', 'r.roleKey', 'm.roleKey')
    .innerJoin('appUser as u', 'u.userKey', 'm.userKey')
    .select(['u.userKey', 'u.email', 'r.builtIn', 'r.permissions'])
    .where('u.lmsKey', '=', lmsKey)
    .where('r.lmsKey', '=', lmsKey)
    .where('u.inactive', '<=', 0)
    .where('u.email', '<>', '')
    .where(
      sql<boolean>`(cardinality(m.restriction_groups) = 0 OR ${restrictionGroup} = ANY (m.restriction_groups))`,
    )
    .orderBy('u.userKey')
    .execute();
}

/** The student's certificates (each, to tell an expiring one from a renewed one). */
export function selectCertificates(db: Db, userKey: number) {
  return db
    .selectFrom('issuedCertificate')
    .select([
      'certificateKey',
      'achievementName',
      'curriculumKey',
      'assignmentKey',
      'courseKey',
      'issuedAt',
      'expiresAt',
      'revokedAt',
    ])
    .where('userKey', '=', userKey)
    .execute();
}

// ---- claims and delivery -------------------------------------------------------------------------

export interface Occasion {
  itemKind: string;
  itemKey: string;
  occasion: string;
  forDate: string;
}

/** The occasions already claimed for a student (the preview leaves them out). */
export function selectClaims(db: Db, userKey: number): Promise<Occasion[]> {
  return db
    .selectFrom('reminderClaim')
    .select(['itemKind', 'itemKey', 'occasion', 'forDate'])
    .where('userKey', '=', userKey)
    .execute();
}

/**
 * Claims occasions for a student: INSERT ... ON CONFLICT DO NOTHING RETURNING gives back only the
 * ones no pass (this instance's, an earlier one's, another instance's) has claimed. Another
 * transaction claiming the same row at the same moment makes this one wait for its outcome.
 */
export function claimOccasions(
  trx: Db,
  userKey: number,
  occasions: Occasion[],
  now: Date,
): Promise<Occasion[]> {
  return trx
    .insertInto('reminderClaim')
    .values(occasions.map((occasion) => ({ ...occasion, userKey, claimedAt: now })))
    .onConflict((conflict) => conflict.doNothing())
    .returning(['itemKind', 'itemKey', 'occasion', 'forDate'])
    .execute();
}

/** Records a digest email of a student as being sent now, and ties its claims to it. */
export async function insertReminderEmail(
  trx: Db,
  emailKey: number,
  userKey: number,
  claims: Occasion[],
  now: Date,
): Promise<void> {
  await trx.insertInto('reminderEmail').values({ emailKey, userKey, attemptAt: now }).execute();
  for (const claim of claims) {
    await trx
      .updateTable('reminderClaim')
      .set({ emailKey })
      .where('userKey', '=', userKey)
      .where('itemKind', '=', claim.itemKind)
      .where('itemKey', '=', claim.itemKey)
      .where('occasion', '=', claim.occasion)
      .where('forDate', '=', claim.forDate)
      .execute();
  }
}

export async function markReminderSent(db: Db, emailKey: number): Promise<void> {
  await db
    .updateTable('reminderEmail')
    .set({ status: 'sent', error: null })
    .where('emailKey', '=', emailKey)
    .execute();
}

export async function markReminderFailed(db: Db, emailKey: number, error: string): Promise<void> {
  await db
    .updateTable('reminderEmail')
    .set({ status: 'failed', error: error.slice(0, 2000) })
    .where('emailKey', '=', emailKey)
    .execute();
}

/**
 * Takes the digests to send again: those SMTP refused, and those left 'sending' since before
 * `staleBefore` (the process stopped mid-send). Each row is taken by one UPDATE, so two passes
 * that meet here never both take it.
 */
export async function takeRetries(db: Db, now: Date, staleBefore: Date): Promise<number[]> {
  const rows = await db
    .updateTable('reminderEmail')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), attemptAt: now }))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        eb.and([eb('status', '=', 'sending'), eb('attemptAt', '<', staleBefore)]),
      ]),
    )
    .returning('emailKey')
    .execute();
  return rows.map((row) => row.emailKey).sort((a, b) => a - b);
}
