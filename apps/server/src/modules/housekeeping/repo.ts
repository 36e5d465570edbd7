import type { Db } from '../../db/connection.js';

/** The only SQL of housekeeping: deleting what has expired, forgetting dead launches' tokens. */

/** Sessions that ended or expired before `before`. */
export async function deleteOldSessions(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('userSession')
    .where((eb) => eb.or([eb('endedAt', '<', before), eb('expiresAt', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** MFA challenges that expired before `before` (used or not). */
export async function deleteOldMfaChallenges(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('mfaChallenge')
    .where('expiresAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Password reset and register tokens that expired, or were used, before `before`. */
export async function deleteOldPasswordTokens(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('passwordToken')
    .where((eb) => eb.or([eb('expiresAt', '<', before), eb('usedAt', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Remembered devices (MFA not asked again) whose time is over. */
export async function deleteExpiredDevices(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rememberedDevice')
    .where('expiresAt', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rate-limit windows that ended before `before`. */
export async function deleteOldRateLimits(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('rateLimit')
    .where('windowEndsAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Forgets the player token of launches made before `before` (past their lifetime, so no window
 * can use them any more); the launch rows stay, as the history of what was played.
 */
export async function forgetOldLaunchTokens(db: Db, before: Date): Promise<number> {
  const result = await db
    .updateTable('launch')
    .set({ tokenHash: null })
    .where('createdAt', '<', before)
    .where('tokenHash', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
