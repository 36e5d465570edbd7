import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { OutgoingEmail } from '../../lib/mailer.js';

/**
 * Adds an email to the outbox with its copies and attachments (one transaction: an email is never
 * recorded without its files); returns its key.
 */
export async function recordEmail(db: Db, email: OutgoingEmail): Promise<number> {
  const attachments = email.attachments ?? [];
  if (attachments.length > 0 && !db.isTransaction) {
    return db.transaction().execute((trx) => recordEmail(trx, email));
  }
  const row = await db
    .insertInto('emailOutbox')
    .values({
      lmsKey: email.lmsKey,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      ccAddresses: [...(email.cc ?? [])],
    })
    .returning('emailKey')
    .executeTakeFirstOrThrow();
  if (attachments.length > 0) {
    await db
      .insertInto('emailAttachment')
      .values(
        attachments.map((file, position) => ({
          emailKey: row.emailKey,
          position,
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      )
      .execute();
  }
  return row.emailKey;
}

/** An outbox email as it is sent: its copies and attachments as recorded, on every try. */
export async function selectEmail(db: Db, emailKey: number): Promise<OutgoingEmail> {
  const [row, files] = await Promise.all([
    db
      .selectFrom('emailOutbox')
      .select(['lmsKey', 'toAddress', 'subject', 'textBody', 'htmlBody', 'ccAddresses'])
      .where('emailKey', '=', emailKey)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('emailAttachment')
      .select(['filename', 'contentType', 'content'])
      .where('emailKey', '=', emailKey)
      .orderBy('position')
      .execute(),
  ]);
  return {
    lmsKey: row.lmsKey,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
    ...(row.ccAddresses.length === 0 ? {} : { cc: row.ccAddresses }),
    ...(files.length === 0
      ? {}
      : {
          attachments: files.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
            content: Buffer.from(file.content),
          })),
        }),
  };
}

export async function markEmailSent(db: Db, emailKey: number): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ sentAt: new Date(), nextAttemptAt: null })
    .where('emailKey', '=', emailKey)
    .execute();
}

/** SMTP refused it: the reason, and the first retry a few minutes on (ADR 0018). */
export async function markEmailFailed(db: Db, emailKey: number, error: string): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({
      error,
      nextAttemptAt: sql<Date>`coalesce(next_attempt_at, now() + interval '2 minutes')`,
    })
    .where('emailKey', '=', emailKey)
    .execute();
}

/**
 * Claims the refused emails due for another try (fewer than `maxAttempts`, made after `since`):
 * counts the attempt and sets the one after it `backoffMinutes(attempts)` on, before sending, so a
 * crash mid-send never makes a burst. Reminder digests retry on their own (reminder_email).
 */
export async function claimEmailRetries(
  db: Db,
  options: { now: Date; since: Date; maxAttempts: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .updateTable('emailOutbox')
    .set({
      attempts: sql<number>`attempts + 1`,
      nextAttemptAt: sql<Date>`${options.now}::timestamptz + interval '1 minute' * power(2, attempts + 1)`,
    })
    .where('emailKey', 'in', (eb) =>
      eb
        .selectFrom('emailOutbox as o')
        .select('o.emailKey')
        .where('o.sentAt', 'is', null)
        .where('o.nextAttemptAt', '<=', options.now)
        .where('o.attempts', '<', options.maxAttempts)
        .where('o.createdAt', '>', options.since)
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('reminderEmail as r')
                .select('r.emailKey')
                .whereRef('r.emailKey', '=', 'o.emailKey'),
            ),
          ),
        )
        .orderBy('o.emailKey')
        .limit(options.limit),
    )
    .returning('emailKey')
    .execute();
  return rows.map((row) => row.emailKey);
}

/** A refused email that has had its last try. */
export async function giveUpEmails(db: Db, maxAttempts: number): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ nextAttemptAt: null })
    .where('sentAt', 'is', null)
    .where('attempts', '>=', maxAttempts)
    .where('nextAttemptAt', 'is not', null)
    .execute();
}

/** The emails sent to an address, newest last (for the operator CLI `outbox` command and tests). */
export async function listOutbox(db: Db, to: string | null, limit = 50) {
  let query = db
    .selectFrom('emailOutbox')
    .select(['emailKey', 'toAddress', 'subject', 'textBody', 'createdAt', 'sentAt'])
    .orderBy('emailKey', 'desc')
    .limit(limit);
  if (to) query = query.where((eb) => eb(eb.fn('lower', ['toAddress']), '=', to.toLowerCase()));
  const rows = await query.execute();
  return rows.reverse();
}
