import type { Migration } from './migration.js';

/**
 * Retention of training records (modules/records/retention/): per LMS, how long the records of a
 * person who has left are kept before an administrator may pseudonymise them (NULL: for ever),
 * and a legal hold that forbids pseudonymising anyone while it is on, with its reason and who set
 * it when. Per person, when their personal data was replaced by their pseudonymous subject id.
 * Nothing here deletes anything: pseudonymising rewrites a person's profile and keeps every
 * training row and training event (the event chain never held names).
 */
export const migration0030: Migration = {
  name: '0030-records-retention',
  statements: [
    `CREATE TABLE record_retention (
       lms_key integer PRIMARY KEY REFERENCES lms ON DELETE CASCADE,
       retention_months integer CHECK (retention_months BETWEEN 1 AND 1200),
       legal_hold boolean NOT NULL DEFAULT false,
       legal_hold_reason text NOT NULL DEFAULT '',
       legal_hold_set_by text NOT NULL DEFAULT '',
       legal_hold_set_at timestamptz,
       updated_at timestamptz NOT NULL DEFAULT now(),
       CHECK (NOT legal_hold OR length(legal_hold_reason) > 0)
     )`,
    `ALTER TABLE app_user ADD COLUMN pseudonymised_at timestamptz`,
  ],
};
