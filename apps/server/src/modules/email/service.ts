import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { deliverRecordedEmail } from './mailer.js';
import { claimEmailRetries, giveUpEmails, listOutbox } from './repo.js';

// The outbox's uses outside the mailer: sending refused emails again (the housekeeping job, ADR
// 0018) and the operator's view of recent emails. Other modules call these, never repo.ts.

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The most recent emails (oldest first), optionally to one address, as the operator sees them. */
export async function recentEmails(deps: { db: Db }, to: string | null, limit: number) {
  const rows = await listOutbox(deps.db, to, limit);
  return rows.map((row) => ({
    emailKey: row.emailKey,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
}
