import type { Migration } from './migration.js';

/**
 * Reminder emails (docs/decisions/0015): each LMS's reminder settings (on/off, the days before a
 * due date or expiry, the time zone its days are counted in), each student's own on/off, the HTML
 * part of outbox emails, every reminder occasion claimed once (the unique key is what stops a
 * second send, across restarts and server instances), and each reminder email's delivery state.
 */
export const migration0014: Migration = {
  name: '0014-reminders',
  statements: [
    `CREATE TABLE reminder_lms_setting (
      lms_key integer PRIMARY KEY REFERENCES lms ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT true,
      days_before integer[] NOT NULL DEFAULT '{14,3,1}'
        CHECK (cardinality(days_before) BETWEEN 1 AND 10 AND 0 < ALL (days_before)
          AND 366 > ALL (days_before)),
      time_zone text NOT NULL DEFAULT 'UTC' CHECK (length(time_zone) BETWEEN 1 AND 64)
    )`,
    `CREATE TABLE reminder_user_setting (
      user_key integer PRIMARY KEY REFERENCES app_user ON DELETE CASCADE,
      enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `ALTER TABLE email_outbox ADD COLUMN html_body text`,
    `CREATE TABLE reminder_email (
      email_key integer PRIMARY KEY REFERENCES email_outbox ON DELETE CASCADE,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 1,
      attempt_at timestamptz NOT NULL,
      error text
    )`,
    `CREATE INDEX reminder_email_unsent ON reminder_email (attempt_at) WHERE status <> 'sent'`,
    `CREATE TABLE reminder_claim (
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      item_kind text NOT NULL
        CHECK (item_kind IN ('curriculum', 'recurrent', 'certificate', 'document')),
      item_key text NOT NULL CHECK (length(item_key) BETWEEN 1 AND 64),
      occasion text NOT NULL CHECK (occasion ~ '^(before-[0-9]{1,3}|overdue)$'),
      for_date text NOT NULL CHECK (for_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      -- Set in the claim's own transaction, once the digest that carries it is recorded.
      email_key integer REFERENCES reminder_email ON DELETE CASCADE,
      claimed_at timestamptz NOT NULL,
      PRIMARY KEY (user_key, item_kind, item_key, occasion, for_date)
    )`,
  ],
};
