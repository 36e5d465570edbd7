import type { Migration } from './migration.js';

/**
 * Emails the SMTP server refused are sent again with backoff by the job queue (ADR 0018): how many
 * times one was tried, and when it may be tried next (null: never, or it went out).
 */
export const migration0017: Migration = {
  name: '0017-email-retries',
  statements: [
    `ALTER TABLE email_outbox
       ADD COLUMN attempts integer NOT NULL DEFAULT 1,
       ADD COLUMN next_attempt_at timestamptz`,
    `CREATE INDEX email_outbox_retry ON email_outbox (next_attempt_at) WHERE next_attempt_at IS NOT NULL`,
  ],
};
