import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { verifyPassword } from '../../lib/password.js';
import {
  clearRateLimit,
  enforcePeek,
  enforceRateLimit,
  hitRateLimit,
  peekRateLimit,
  RATE_RULES,
  recordFailure,
} from '../../lib/rate-limit.js';
import type { LmsRow } from '../../platform/lms-resolver.js';
import { noteLoginFailures, userByKey, userByLoginId, type UserRow } from '../users/service.js';
import { deviceIsRemembered, startMfaChallenge } from './mfa.service.js';

export const INCORRECT_LOGIN_MESSAGE = 'Incorrect login.';
export const STUDENT_LOCKED_MESSAGE = 'Please contact your training department for access.';
export const ACCOUNT_LOCKED_MESSAGE =
  'This account is locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.';

/** Longest login ID and password accepted (checked after decoding, before any hashing). */
export const LOGIN_ID_MAX_LENGTH = 255;
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

export type LoginOutcome =
  { kind: 'session'; user: UserRow } | { kind: 'mfa'; mfaId: string; rememberDeviceTime: number };

export interface LoginInput {
  lms: LmsRow;
  userId: string;
  password: string;
  clientAddress: string;
  /** Value of the remembered-device cookie, if any. */
  deviceToken: string | undefined;
  useCookie: boolean;
}

/** The lockout bucket key of a login ID: the same whether or not the account exists. */
export const accountKeyOf = (lmsKey: number, userId: string) => `${lmsKey}:${userId.toLowerCase()}`;

function locked(retryAfterSeconds: number): HttpError {
  return new HttpError(423, ACCOUNT_LOCKED_MESSAGE, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * Checks a login (spec §4 'Login and session', issue 2 item 8). Every failure that could tell
 * whether the login ID exists answers the same 401 after the same scrypt work; the lockout and the
 * limits count login IDs, not accounts, so they reveal nothing either.
 */
export async function login(app: FastifyInstance, input: LoginInput): Promise<LoginOutcome> {
  const { db, clock } = app.deps;
  const now = clock.now();
  const { lms } = input;
  if (lms.studentLocked === 1) throw new HttpError(403, STUDENT_LOCKED_MESSAGE);
  const accountKey = accountKeyOf(lms.lmsKey, input.userId);
  await enforcePeek(db, RATE_RULES.loginAddress, input.clientAddress, now);
  await enforceRateLimit(db, RATE_RULES.loginAccount, accountKey, now);
  const failures = await peekRateLimit(db, RATE_RULES.loginFailures, accountKey, now);
  if (!failures.allowed) {
    await hitRateLimit(db, RATE_RULES.loginAddress, input.clientAddress, now);
    throw locked(failures.retryAfterSeconds);
  }

  const user = await userByLoginId(app, lms.lmsKey, input.userId);
  const passwordRight = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !passwordRight || user.inactive !== 0) {
    await hitRateLimit(db, RATE_RULES.loginAddress, input.clientAddress, now);
    const state = await recordFailure(db, RATE_RULES.loginFailures, accountKey, now);
    const nowLocked = state.hits >= RATE_RULES.loginFailures.limit;
    if (user) {
      const until = nowLocked ? new Date(now.getTime() + RATE_RULES.loginFailures.windowMs) : null;
      await noteLoginFailures(app, user.userKey, state.hits, until);
    }
    if (nowLocked) throw locked(state.retryAfterSeconds);
    throw new HttpError(401, INCORRECT_LOGIN_MESSAGE);
  }

  if (user.failedLoginCount !== 0 || user.lockedUntil !== null) {
    await clearRateLimit(db, RATE_RULES.loginFailures, accountKey);
    await noteLoginFailures(app, user.userKey, 0, null);
  }
  if (user.mfaEnabled && !(await deviceIsRemembered(app, user.userKey, input.deviceToken))) {
    const mfaId = await startMfaChallenge(app, user, input.useCookie);
    return { kind: 'mfa', mfaId, rememberDeviceTime: lms.mfaRememberDeviceMs };
  }
  return { kind: 'session', user };
}

/** The user a finished MFA challenge signs in; 400 (the code message) if it went inactive meanwhile. */
export async function userForSession(
  app: FastifyInstance,
  userKey: number,
): Promise<UserRow | null> {
  const user = await userByKey(app, userKey);
  return user && user.inactive === 0 ? user : null;
}

/** Clears the lockout of a login ID (after its password is set). */
export async function clearLockout(
  app: FastifyInstance,
  lmsKey: number,
  userId: string,
): Promise<void> {
  await clearRateLimit(app.deps.db, RATE_RULES.loginFailures, accountKeyOf(lmsKey, userId));
}
