import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { HttpError } from './http-error.js';

/**
 * Fixed-window counters in table rate_limit, shared by every server instance: one atomic upsert
 * per hit, so two instances counting the same bucket never lose a hit.
 */
export interface RateRule {
  /** Bucket prefix, e.g. 'login-account'. */
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Every limit Waypoint applies (issue 2 item 8). Keys are added by the callers. */
export const RATE_RULES = {
  /**
   * Failed logins in a row for one login ID (known or not, so the lockout reveals nothing): the
   * 5th failure within 15 minutes of the previous one locks the ID for 15 minutes.
   */
  loginFailures: { name: 'login-failures', limit: 5, windowMs: 15 * MINUTE },
  /** Every login attempt for one login ID in one LMS. */
  loginAccount: { name: 'login-account', limit: 30, windowMs: 15 * MINUTE },
  /** Failed logins from one client address (password spraying across accounts). */
  loginAddress: { name: 'login-address', limit: 50, windowMs: 15 * MINUTE },
  /** MFA code checks from one client address (each challenge also dies after 5 wrong codes). */
  mfaAddress: { name: 'mfa-address', limit: 30, windowMs: 15 * MINUTE },
  /** MFA code resends from one client address. */
  mfaResendAddress: { name: 'mfa-resend-address', limit: 20, windowMs: 15 * MINUTE },
  /** Reset emails asked for from one client address. */
  resetAddress: { name: 'reset-address', limit: 10, windowMs: 15 * MINUTE },
  /** Reset emails asked for one email address (whether or not it exists). */
  resetEmail: { name: 'reset-email', limit: 3, windowMs: 15 * MINUTE },
  /** Set-password submissions from one client address. */
  setPasswordAddress: { name: 'set-password-address', limit: 20, windowMs: 15 * MINUTE },
  /** Change-password attempts (old-password guesses) by one user. */
  changePasswordUser: { name: 'change-password-user', limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords in a row at the launch re-authentication step, per user. */
  launchVerifyFailures: { name: 'launch-verify-failures', limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export interface RateState {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

const bucketOf = (rule: RateRule, key: string) => `${rule.name}:${key}`.slice(0, 500);

function stateOf(rule: RateRule, hits: number, windowEndsAt: Date, now: Date): RateState {
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Counts one hit in a bucket (atomic upsert, so every instance shares the count). A fixed window
 * starts again once it has ended; a sliding one moves its end to now + window on every hit.
 */
async function countHit(
  db: Db,
  rule: RateRule,
  key: string,
  now: Date,
  window: 'fixed' | 'sliding',
): Promise<RateState> {
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const row = await db
    .insertInto('rateLimit')
    .values({ bucket: bucketOf(rule, key), hits: 1, windowEndsAt: windowEnd })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limit.window_ends_at <= ${now} THEN 1 ELSE rate_limit.hits + 1 END`,
        windowEndsAt:
          window === 'sliding'
            ? windowEnd
            : sql<Date>`CASE WHEN rate_limit.window_ends_at <= ${now} THEN ${windowEnd} ELSE rate_limit.window_ends_at END`,
      }),
    )
    .returning(['hits', 'windowEndsAt'])
    .executeTakeFirstOrThrow();
  return stateOf(rule, row.hits, new Date(row.windowEndsAt), now);
}

/** Counts one hit in the bucket and says whether it is still within the limit. */
export function hitRateLimit(db: Db, rule: RateRule, key: string, now: Date): Promise<RateState> {
  return countHit(db, rule, key, now, 'fixed');
}

/**
 * Counts one failure in a sliding bucket: each failure pushes the window end to now + window, so
 * failures count while no more than a window apart (lockout: "N failures in a row").
 */
export function recordFailure(db: Db, rule: RateRule, key: string, now: Date): Promise<RateState> {
  return countHit(db, rule, key, now, 'sliding');
}

/** Reads a bucket without counting (for limits that count only failures). */
export async function peekRateLimit(
  db: Db,
  rule: RateRule,
  key: string,
  now: Date,
): Promise<RateState> {
  const row = await db
    .selectFrom('rateLimit')
    .select(['hits', 'windowEndsAt'])
    .where('bucket', '=', bucketOf(rule, key))
    .where('windowEndsAt', '>', now)
    .executeTakeFirst();
  if (!row) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  // Peeking asks "may one more happen?", so the bucket must be strictly under the limit.
  const state = stateOf(rule, row.hits, new Date(row.windowEndsAt), now);
  return { ...state, allowed: row.hits < rule.limit };
}

/** Forgets a bucket (e.g. the failure count after a successful login). */
export async function clearRateLimit(db: Db, rule: RateRule, key: string): Promise<void> {
  await db.deleteFrom('rateLimit').where('bucket', '=', bucketOf(rule, key)).execute();
}

/** The 429 for a bucket over its limit. */
export function tooManyAttempts(state: RateState): HttpError {
  return new HttpError(429, TOO_MANY_ATTEMPTS, { 'retry-after': String(state.retryAfterSeconds) });
}

/** Counts a hit and throws the 429 when over the limit. */
export async function enforceRateLimit(
  db: Db,
  rule: RateRule,
  key: string,
  now: Date,
): Promise<void> {
  const state = await hitRateLimit(db, rule, key, now);
  if (!state.allowed) throw tooManyAttempts(state);
}

/** Throws the 429 when a failure-counting bucket is already full. */
export async function enforcePeek(db: Db, rule: RateRule, key: string, now: Date): Promise<void> {
  const state = await peekRateLimit(db, rule, key, now);
  if (!state.allowed) throw tooManyAttempts(state);
}
