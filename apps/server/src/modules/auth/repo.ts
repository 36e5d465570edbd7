import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { SessionAudience } from '../../db/schema.js';

/** The only SQL on mfa_challenge and remembered_device. */

export interface NewChallenge {
  mfaHash: string;
  userKey: number;
  codeHash: string;
  useCookie: boolean;
  audience: SessionAudience;
  now: Date;
  expiresAt: Date;
}

/** Stores a new MFA challenge (hashes only). */
export async function insertChallenge(db: Db, challenge: NewChallenge): Promise<void> {
  await db
    .insertInto('mfaChallenge')
    .values({
      mfaHash: challenge.mfaHash,
      userKey: challenge.userKey,
      codeHash: challenge.codeHash,
      useCookie: challenge.useCookie,
      audience: challenge.audience,
      createdAt: challenge.now,
      codeSentAt: challenge.now,
      expiresAt: challenge.expiresAt,
    })
    .execute();
}

/**
 * Uses up a challenge when the code is right, unexpired, and fewer than `maxFailures` wrong codes
 * came before; one atomic statement, so a code works once even with two instances racing.
 */
export async function consumeChallenge(
  db: Db,
  mfaHash: string,
  codeHash: string,
  now: Date,
  maxFailures: number,
) {
  return db
    .updateTable('mfaChallenge')
    .set({ consumedAt: now })
    .where('mfaHash', '=', mfaHash)
    .where('codeHash', '=', codeHash)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('failedAttempts', '<', maxFailures)
    .returning(['userKey', 'useCookie', 'audience'])
    .executeTakeFirst();
}

/** Counts a wrong code against a challenge that is still alive. */
export async function recordWrongCode(db: Db, mfaHash: string, maxFailures: number): Promise<void> {
  await db
    .updateTable('mfaChallenge')
    .set({ failedAttempts: sql<number>`failed_attempts + 1` })
    .where('mfaHash', '=', mfaHash)
    .where('consumedAt', 'is', null)
    .where('failedAttempts', '<', maxFailures)
    .execute();
}

/** A challenge that may still get a new code: unused, not killed by wrong codes, not too old. */
export async function findLiveChallenge(
  db: Db,
  mfaHash: string,
  createdAfter: Date,
  maxFailures: number,
) {
  return db
    .selectFrom('mfaChallenge')
    .innerJoin('appUser', 'appUser.userKey', 'mfaChallenge.userKey')
    .select([
      'mfaChallenge.userKey',
      'mfaChallenge.codeSentAt',
      'mfaChallenge.resendCount',
      'appUser.email',
      'appUser.lmsKey',
    ])
    .where('mfaChallenge.mfaHash', '=', mfaHash)
    .where('mfaChallenge.consumedAt', 'is', null)
    .where('mfaChallenge.failedAttempts', '<', maxFailures)
    .where('mfaChallenge.createdAt', '>', createdAfter)
    .executeTakeFirst();
}

/**
 * Replaces the code of a challenge, only if nobody else resent since `sentAt` (so two racing
 * resends count once). True when this call replaced it.
 */
export async function replaceCode(
  db: Db,
  change: { mfaHash: string; codeHash: string; sentAt: Date; now: Date; expiresAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('mfaChallenge')
    .set({
      codeHash: change.codeHash,
      codeSentAt: change.now,
      expiresAt: change.expiresAt,
      resendCount: sql<number>`resend_count + 1`,
    })
    .where('mfaHash', '=', change.mfaHash)
    .where('codeSentAt', '=', change.sentAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Remembers a device for a user until expiresAt (hash of the cookie value only). */
export async function insertRememberedDevice(
  db: Db,
  device: { deviceHash: string; userKey: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('rememberedDevice')
    .values({
      deviceHash: device.deviceHash,
      userKey: device.userKey,
      createdAt: device.now,
      expiresAt: device.expiresAt,
    })
    .execute();
}

/** True when the device is remembered for this user and not expired. */
export async function isDeviceRemembered(
  db: Db,
  deviceHash: string,
  userKey: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('rememberedDevice')
    .select('deviceHash')
    .where('deviceHash', '=', deviceHash)
    .where('userKey', '=', userKey)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets every remembered device of a user (after a password is set). */
export async function deleteRememberedDevices(db: Db, userKey: number): Promise<void> {
  await db.deleteFrom('rememberedDevice').where('userKey', '=', userKey).execute();
}
