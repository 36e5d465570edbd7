import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { deliverRecordedEmail } from '../email/mailer.js';
import { claimEmailRetries, giveUpEmails } from '../email/repo.js';
import { LAUNCH_LIFETIME_MS } from '../player/service.js';
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

/** Tries per refused email (the first send included): then 2, 4, 8, 16 and 32 minutes apart. */
export const EMAIL_MAX_ATTEMPTS = 6;
const RETRIES_PER_RUN = 50;

/**
 * Sends again the emails the SMTP server refused (a code, a reset link, a warning) that are due
 * for another try, made within the last day; gives up after EMAIL_MAX_ATTEMPTS.
 */
export async function retryRefusedEmails(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
}): Promise<{ sent: number; refused: number }> {
  const now = deps.clock.now();
  const due = await claimEmailRetries(deps.db, {
    now,
    since: new Date(now.getTime() - DAY_MS),
    maxAttempts: EMAIL_MAX_ATTEMPTS,
    limit: RETRIES_PER_RUN,
  });
  let sent = 0;
  for (const emailKey of due) {
    try {
      await deliverRecordedEmail(deps.db, deps.config, emailKey, () => {});
      sent += 1;
    } catch {
      // Recorded on the row by the mailer; the claim above set when to try again.
    }
  }
  await giveUpEmails(deps.db, EMAIL_MAX_ATTEMPTS);
  return { sent, refused: due.length - sent };
}
