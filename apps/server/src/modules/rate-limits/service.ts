import type { Db } from '../../db/connection.js';
import {
  bucketOf,
  stateOf,
  tooManyAttempts,
  type RateRule,
  type RateState,
} from '../../lib/rate-limit.js';
import { countHit, deleteBucket, deleteBucketsStartingWith, findLiveBucket } from './repo.js';

/**
 * The rate limits of sign-in, MFA, passwords and the operator API (lib/rate-limit.ts lists them):
 * counted in the database so every server instance shares them.
 */

async function count(
  db: Db,
  rule: RateRule,
  key: string,
  now: Date,
  slide: boolean,
): Promise<RateState> {
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const row = await countHit(db, { bucket: bucketOf(rule, key), now, windowEnd, slide });
  return stateOf(rule, row.hits, new Date(row.windowEndsAt), now);
}

/** Counts one hit in the bucket (fixed window) and says whether it is still within the limit. */
export function hitRateLimit(db: Db, rule: RateRule, key: string, now: Date): Promise<RateState> {
  return count(db, rule, key, now, false);
}

/**
 * Counts one failure in a sliding bucket: each failure pushes the window end to now + window, so
 * failures count while no more than a window apart (lockout: "N failures in a row").
 */
export function recordFailure(db: Db, rule: RateRule, key: string, now: Date): Promise<RateState> {
  return count(db, rule, key, now, true);
}

/** Reads a bucket without counting (for limits that count only failures). */
export async function peekRateLimit(
  db: Db,
  rule: RateRule,
  key: string,
  now: Date,
): Promise<RateState> {
  const row = await findLiveBucket(db, bucketOf(rule, key), now);
  if (!row) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  // Peeking asks "may one more happen?", so the bucket must be strictly under the limit.
  const state = stateOf(rule, row.hits, new Date(row.windowEndsAt), now);
  return { ...state, allowed: row.hits < rule.limit };
}

/** Forgets a bucket (e.g. the failure count after a successful login). */
export async function clearRateLimit(db: Db, rule: RateRule, key: string): Promise<void> {
  await deleteBucket(db, bucketOf(rule, key));
}

/** Forgets every bucket of a rule whose key starts with `keyPrefix`. */
export async function clearRateLimits(db: Db, rule: RateRule, keyPrefix: string): Promise<void> {
  await deleteBucketsStartingWith(db, bucketOf(rule, keyPrefix));
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
