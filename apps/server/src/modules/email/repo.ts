import type { Db } from '../../db/connection.js';
import type { OutgoingEmail } from '../../lib/mailer.js';

/** Adds an email to the outbox; returns its key. */
export async function recordEmail(db: Db, email: OutgoingEmail): Promise<number> {
  const row = await db
    .insertInto('emailOutbox')
    .values({
      lmsKey: email.lmsKey,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
    })
    .returning('emailKey')
    .executeTakeFirstOrThrow();
  return row.emailKey;
}

/** An outbox email as it is sent. */
export async function selectEmail(db: Db, emailKey: number): Promise<OutgoingEmail> {
  const row = await db
    .selectFrom('emailOutbox')
    .select(['lmsKey', 'toAddress', 'subject', 'textBody', 'htmlBody'])
    .where('emailKey', '=', emailKey)
    .executeTakeFirstOrThrow();
  return {
    lmsKey: row.lmsKey,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
  };
}

export async function markEmailSent(db: Db, emailKey: number): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set({ sentAt: new Date() })
    .where('emailKey', '=', emailKey)
    .execute();
}

export async function markEmailFailed(db: Db, emailKey: number, error: string): Promise<void> {
  await db.updateTable('emailOutbox').set({ error }).where('emailKey', '=', emailKey).execute();
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
