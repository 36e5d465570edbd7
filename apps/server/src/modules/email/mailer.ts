import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Mailer, OutgoingEmail } from '../../lib/mailer.js';
import { recordEmail, markEmailSent, markEmailFailed } from './repo.js';

/**
 * The mailer for a running server: every email is recorded in the outbox table; with SMTP_URL set it
 * is also sent over SMTP, otherwise a log line says where it went (the demo and the tests read the outbox).
 */
export function createMailer(
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  /** Where the outbox line goes (tests pass a no-op). */
  log: (line: string) => void = console.info,
): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async send(email: OutgoingEmail): Promise<void> {
      const emailKey = await recordEmail(db, email);
      if (!transport) {
        log(`[email] outbox #${emailKey} to ${email.to}: ${email.subject}`);
        return;
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: email.to,
          subject: email.subject,
          text: email.text,
        });
        await markEmailSent(db, emailKey);
      } catch (error) {
        await markEmailFailed(db, emailKey, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}
