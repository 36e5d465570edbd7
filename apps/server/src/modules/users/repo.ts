import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AppUserTable } from '../../db/schema.js';

/** The only SQL on app_user for sign-in and passwords. */
export type UserRow = Selectable<AppUserTable>;

/** A user of an LMS by login ID (without regard to case). */
export async function findUserByLoginId(db: Db, lmsKey: number, userId: string) {
  return db
    .selectFrom('appUser')
    .selectAll()
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['userId']), '=', userId.toLowerCase()))
    .executeTakeFirst();
}

/** The users of an LMS with this email (without regard to case); an address may be shared. */
export async function findUsersByEmail(db: Db, lmsKey: number, email: string) {
  return db
    .selectFrom('appUser')
    .selectAll()
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('inactive', '=', 0)
    .limit(10)
    .execute();
}

/** One user by key. */
export async function findUserByKey(db: Db, userKey: number) {
  return db.selectFrom('appUser').selectAll().where('userKey', '=', userKey).executeTakeFirst();
}

/** Stores a new password hash and clears the lockout columns. */
export async function updatePasswordHash(
  db: Db,
  userKey: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null })
    .where('userKey', '=', userKey)
    .execute();
}

/** Mirrors the login lockout onto the user row (for operators); the rate_limit bucket is the rule. */
export async function recordLockout(
  db: Db,
  userKey: number,
  failedLoginCount: number,
  lockedUntil: Date | null,
): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ failedLoginCount, lockedUntil })
    .where('userKey', '=', userKey)
    .execute();
}

/** Stores a password token (only its hash). */
export async function insertPasswordToken(
  db: Db,
  token: {
    tokenHash: string;
    userKey: number;
    purpose: 'reset' | 'register';
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('passwordToken')
    .values({
      tokenHash: token.tokenHash,
      userKey: token.userKey,
      purpose: token.purpose,
      createdAt: token.now,
      expiresAt: token.expiresAt,
    })
    .execute();
}

/** The user of an unused, unexpired token whose email matches (without regard to case). */
export async function findTokenUser(db: Db, tokenHash: string, email: string, now: Date) {
  return db
    .selectFrom('passwordToken')
    .innerJoin('appUser', 'appUser.userKey', 'passwordToken.userKey')
    .selectAll('appUser')
    .where('passwordToken.tokenHash', '=', tokenHash)
    .where('passwordToken.usedAt', 'is', null)
    .where('passwordToken.expiresAt', '>', now)
    .where((eb) => eb(eb.fn('lower', ['appUser.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/**
 * Sets a password through a token, in one transaction: the token is used up (only if still valid,
 * so it works once even under a race), every other open token of the user dies, the hash is stored
 * and the lockout columns cleared. False when the token was no longer valid.
 */
export async function setPasswordByToken(
  db: Db,
  change: { tokenHash: string; userKey: number; passwordHash: string; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('passwordToken')
      .set({ usedAt: change.now })
      .where('tokenHash', '=', change.tokenHash)
      .where('userKey', '=', change.userKey)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', change.now)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('passwordToken')
      .set({ usedAt: change.now })
      .where('userKey', '=', change.userKey)
      .where('usedAt', 'is', null)
      .execute();
    await updatePasswordHash(trx, change.userKey, change.passwordHash, change.now);
    return true;
  });
}
