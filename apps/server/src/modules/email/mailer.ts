import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Mailer, OutgoingEmail } from '../../lib/mailer.js';
import { recordEmail, markEmailSent, markEmailFailed, selectEmail } from './repo.js';

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom'>;
type Transport = ReturnType<typeof nodemailer.createTransport>;

/** Sends a recorded email over SMTP (without SMTP_URL: logs where it went); a refusal stays on the row. */
async function deliver(
  db: Db,
  transport: Transport | null,
  config: MailConfig,
  log: (line: string) => void,
  emailKey: number,
  email: OutgoingEmail,
): Promise<void> {
  if (!transport) {
    const cc = email.cc && email.cc.length > 0 ? ` (cc ${email.cc.join(', ')})` : '';
    log(`[email] outbox #${emailKey} to ${email.to}${cc}: ${email.subject}`);
    return;
  }
  try {
    await transport.sendMail({
      from: config.mailFrom,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html === undefined ? {} : { html: email.html }),
      ...(email.cc && email.cc.length > 0 ? { cc: [...email.cc] } : {}),
      ...(email.attachments && email.attachments.length > 0
        ? {
            attachments: email.attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: file.content,
            })),
          }
        : {}),
    });
    await markEmailSent(db, emailKey);
  } catch (error) {
    await markEmailFailed(db, emailKey, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * Records an email in the outbox without sending it, for a sender that records it inside its own
 * transaction and sends it with deliverRecordedEmail once that has committed (reminders,
 * docs/decisions/0015).
 */
export const recordOutgoingEmail = (db: Db, email: OutgoingEmail): Promise<number> =>
  recordEmail(db, email);

/**
 * Sends an email recorded with recordOutgoingEmail, as the mailer sends (SMTP_URL, else the
 * outbox and a log line); throws when SMTP refuses it, which is recorded on the row.
 */
export async function deliverRecordedEmail(
  db: Db,
  config: MailConfig,
  emailKey: number,
  log: (line: string) => void = console.info,
): Promise<void> {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  try {
    await deliver(db, transport, config, log, emailKey, await selectEmail(db, emailKey));
  } finally {
    transport?.close();
  }
}

/**
 * The mailer for a running server: every email is recorded in the outbox table; with SMTP_URL set it
 * is also sent over SMTP, otherwise a log line says where it went (the demo and the tests read the outbox).
 */
export function createMailer(
  db: Db,
  config: MailConfig,
  /** Where the outbox line goes (tests pass a no-op). */
  log: (line: string) => void = console.info,
): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async send(email: OutgoingEmail): Promise<void> {
      await deliver(db, transport, config, log, await recordEmail(db, email), email);
    },
  };
}
