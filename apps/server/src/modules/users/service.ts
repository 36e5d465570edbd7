import type { FastifyInstance } from 'fastify';
import { findUserByKey, findUserByLoginId, recordLockout, type UserRow } from './repo.js';

export type { UserRow } from './repo.js';

/** The user of an LMS with this login ID (without regard to case), if any. */
export async function userByLoginId(
  app: FastifyInstance,
  lmsKey: number,
  userId: string,
): Promise<UserRow | undefined> {
  return findUserByLoginId(app.deps.db, lmsKey, userId);
}

/** One user by key, if any. */
export async function userByKey(
  app: FastifyInstance,
  userKey: number,
): Promise<UserRow | undefined> {
  return findUserByKey(app.deps.db, userKey);
}

/** Mirrors the login failure count and lock end onto the user row (shown to operators). */
export async function noteLoginFailures(
  app: FastifyInstance,
  userKey: number,
  failedLoginCount: number,
  lockedUntil: Date | null,
): Promise<void> {
  await recordLockout(app.deps.db, userKey, failedLoginCount, lockedUntil);
}
