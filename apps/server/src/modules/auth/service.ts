import { SIGN_IN_REFUSAL_MESSAGES, signInAllowed } from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { verifyPassword } from '../../lib/password.js';
import { RATE_RULES } from '../../lib/rate-limit.js';
import {
  clearRateLimit,
  clearRateLimits,
  enforcePeek,
  hitRateLimit,
  peekRateLimit,
  recordFailure,
} from '../rate-limits/service.js';
import { lmsByKey, type LmsRow } from '../lms-info/service.js';
import { isStaff } from '../staff/service.js';
import type { SessionAudience } from '../../db/schema.js';
import { noteLoginFailures, userByKey, userByLoginId, type UserRow } from '../users/service.js';
import { deviceIsRemembered, startMfaChallenge, type MfaDeps } from './mfa.service.js';

// §8 Login's 401: a wrong password and an inactive user get the same words (the sign-in rule's).
export const INCORRECT_LOGIN_MESSAGE = SIGN_IN_REFUSAL_MESSAGES.inactive;
export const ACCOUNT_LOCKED_MESSAGE =
  'This account is locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.';

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
  /** The panel (spec §7 panel=student) or the staff console (panel=console, ADR 0021). */
  audience: SessionAudience;
}

/** The bucket key of a login ID: the same whether or not the account exists. */
export const accountKeyOf = (lmsKey: number, userId: string) => `${lmsKey}:${userId.toLowerCase()}`;
/** The lockout bucket key of a login ID at one client address (ADR 0009). */
const pairKeyOf = (accountKey: string, clientAddress: string) => `${accountKey}@${clientAddress}`;

function locked(retryAfterSeconds: number): HttpError {
  return new HttpError(423, ACCOUNT_LOCKED_MESSAGE, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * Checks a login (spec §4 'Login and session'). Every failure that could tell whether the login
 * ID exists answers the same 401 after the same scrypt work; the lockouts and limits count login
 * IDs, not accounts, so they reveal nothing either. A lockout holds a login ID at the addresses
 * that failed, never at one that has not (ADR 0009).
 */
export async function login(deps: MfaDeps, input: LoginInput): Promise<LoginOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const { lms } = input;
  // The LMS's part of the sign-in rule comes before any work on the login ID (§4 step 3).
  const path = input.audience === 'console' ? 'console-password' : 'password';
  const lmsVerdict = signInAllowed(null, lms, path);
  if (!lmsVerdict.allowed) throw new HttpError(403, lmsVerdict.message);
  const accountKey = accountKeyOf(lms.lmsKey, input.userId);
  const pairKey = pairKeyOf(accountKey, input.clientAddress);
  await enforcePeek(db, RATE_RULES.loginAddress, input.clientAddress, now);
  const pair = await peekRateLimit(db, RATE_RULES.loginFailures, pairKey, now);
  const account = await peekRateLimit(db, RATE_RULES.loginAccountFailures, accountKey, now);
  // Under attack from many addresses, an address that has failed for this ID waits it out.
  const refusal = !pair.allowed ? pair : !account.allowed && pair.hits > 0 ? account : null;
  if (refusal) {
    await hitRateLimit(db, RATE_RULES.loginAddress, input.clientAddress, now);
    throw locked(refusal.retryAfterSeconds);
  }

  const user = await userByLoginId(deps, lms.lmsKey, input.userId);
  const passwordRight = await verifyPassword(input.password, user?.passwordHash ?? null);
  // A user the rule refuses (inactive) fails like a wrong password: the same 401, counted alike.
  const staff =
    user !== undefined && input.audience === 'console' && (await isStaff(deps, user.userKey));
  const verdict = user ? signInAllowed({ ...user, isStaff: staff }, lms, path) : null;
  if (!user || !passwordRight || (verdict && !verdict.allowed && verdict.reason === 'inactive')) {
    await hitRateLimit(db, RATE_RULES.loginAddress, input.clientAddress, now);
    const pairState = await recordFailure(db, RATE_RULES.loginFailures, pairKey, now);
    const accountState = await recordFailure(db, RATE_RULES.loginAccountFailures, accountKey, now);
    if (user) {
      await noteLoginFailures(deps, user.userKey, accountState.hits, null);
      if (accountState.hits === RATE_RULES.loginAccountFailures.limit) {
        await warnOfAttack(deps, user, accountState.hits);
      }
    }
    if (pairState.hits >= RATE_RULES.loginFailures.limit) throw locked(pairState.retryAfterSeconds);
    throw new HttpError(401, INCORRECT_LOGIN_MESSAGE);
  }

  // The right password of someone who may not use the console: told so (§6's way for students).
  if (verdict && !verdict.allowed) throw new HttpError(403, verdict.message);
  if (pair.hits !== 0) await clearRateLimit(db, RATE_RULES.loginFailures, pairKey);
  if (user.failedLoginCount !== 0 || user.lockedUntil !== null) {
    await noteLoginFailures(deps, user.userKey, 0, null);
  }
  if (user.mfaEnabled && !(await deviceIsRemembered(deps, user.userKey, input.deviceToken))) {
    const mfaId = await startMfaChallenge(deps, user, input.useCookie, input.audience);
    return { kind: 'mfa', mfaId, rememberDeviceTime: lms.mfaRememberDeviceMs };
  }
  return { kind: 'session', user };
}

/** Tells the user, once per attack, that their login ID is being guessed at. */
async function warnOfAttack(deps: MfaDeps, user: UserRow, failures: number): Promise<void> {
  if (user.email === '') return;
  await deps.mailer.send({
    lmsKey: user.lmsKey,
    to: user.email,
    subject: 'Many failed sign-ins to your Waypoint account',
    text: [
      `There have been ${failures} failed attempts to sign in as ${user.userId} in the last few minutes.`,
      '',
      'You can still sign in as usual. If these were not you, someone may be guessing your',
      'password: choose a new one with "Forgot password?" on the sign-in page.',
    ].join('\n'),
  });
}

/**
 * The user a finished MFA challenge signs in, if the sign-in rule still allows them (they may have
 * been made inactive meanwhile); null otherwise, which the route answers 400 (the code message).
 */
export async function userForSession(
  deps: { db: Db },
  userKey: number,
  audience: SessionAudience = 'panel',
): Promise<UserRow | null> {
  const user = await userByKey(deps, userKey);
  const lms = user && (await lmsByKey(deps, user.lmsKey));
  if (!user || !lms) return null;
  if (audience === 'console') {
    const staff = await isStaff(deps, user.userKey);
    return signInAllowed({ ...user, isStaff: staff }, lms, 'console-mfa').allowed ? user : null;
  }
  return signInAllowed(user, lms, 'mfa').allowed ? user : null;
}

/** Clears the lockouts of a login ID at every address (after its password is set). */
export async function clearLockout(
  deps: { db: Db },
  lmsKey: number,
  userId: string,
): Promise<void> {
  const accountKey = accountKeyOf(lmsKey, userId);
  await clearRateLimits(deps.db, RATE_RULES.loginFailures, `${accountKey}@`);
  await clearRateLimit(deps.db, RATE_RULES.loginAccountFailures, accountKey);
}
