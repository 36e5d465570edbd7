import type { Db } from '../../db/connection.js';
import { findUserByKey, findUserByLoginId, recordLockout, type UserRow } from './repo.js';

export type { UserRow } from './repo.js';

/** The user of an LMS with this login ID (without regard to case), if any. */
export async function userByLoginId(
  deps: { db: Db },
  lmsKey: number,
  userId: string,
): Promise<UserRow | undefined> {
  return findUserByLoginId(deps.db, lmsKey, userId);
}

/** One user by key, if any. */
export async function userByKey(deps: { db: Db }, userKey: number): Promise<UserRow | undefined> {
  return findUserByKey(deps.db, userKey);
}

/** Mirrors the login failure count and lock end onto the user row (shown to operators). */
export async function noteLoginFailures(
  deps: { db: Db },
  userKey: number,
  failedLoginCount: number,
  lockedUntil: Date | null,
): Promise<void> {
  await recordLockout(deps.db, userKey, failedLoginCount, lockedUntil);
}
