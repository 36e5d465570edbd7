import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { LAUNCH_LIFETIME_MS } from '../player/launch-access.js';
import * as repo from './repo.js';

/**
 * Housekeeping (deployment guide; run by the job queue, platform/job-queue.ts): what has expired
 * is deleted once it can no longer matter. Sessions are kept a month after they end, for
 * questions about who was signed in when; one-time codes and links a day after they expire.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_KEEP_MS = 30 * DAY_MS;
export const ONE_TIME_KEEP_MS = DAY_MS;

export interface PurgeResult {
  sessions: number;
  mfaChallenges: number;
  passwordTokens: number;
  rememberedDevices: number;
  rateLimits: number;
  launchTokens: number;
}

/** Deletes what has expired; returns how many rows each kind lost. */
export async function purgeExpired(deps: { db: Db; clock: Clock }): Promise<PurgeResult> {
  const { db } = deps;
  const now = deps.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    sessions: await repo.deleteOldSessions(db, ago(SESSION_KEEP_MS)),
    mfaChallenges: await repo.deleteOldMfaChallenges(db, ago(ONE_TIME_KEEP_MS)),
    passwordTokens: await repo.deleteOldPasswordTokens(db, ago(ONE_TIME_KEEP_MS)),
    rememberedDevices: await repo.deleteExpiredDevices(db, now),
    rateLimits: await repo.deleteOldRateLimits(db, ago(ONE_TIME_KEEP_MS)),
    // A launch's window may save for LAUNCH_LIFETIME_MS; a day more, and its token is useless.
    launchTokens: await repo.forgetOldLaunchTokens(db, ago(LAUNCH_LIFETIME_MS + DAY_MS)),
  };
}
