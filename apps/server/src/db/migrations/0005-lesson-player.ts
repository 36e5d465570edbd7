import type { Migration } from './migration.js';

/**
 * The lesson player (ADR 0007): launches (one per opening of a lesson in the player window, the
 * unit that commits belong to), the raw SCORM data of a lesson's current attempt, the SCO
 * attributes the runtime needs, and when a student last passed the launch re-authentication.
 */
export const migration0005: Migration = {
  name: '0005-lesson-player',
  statements: [
    `ALTER TABLE sco ADD COLUMN time_limit_action text NOT NULL DEFAULT ''`,
    // Raw cmi elements of the current attempt (statuses, score parts, exit): what a resume restores.
    // JSON in a text column: element names are data, kept out of the camelCase key mapping.
    `ALTER TABLE lesson_progress ADD COLUMN cmi text NOT NULL DEFAULT '{}'`,
    `ALTER TABLE app_user ADD COLUMN last_verified_at timestamptz`,
    `CREATE TABLE launch (
      launch_id text PRIMARY KEY,
      token_hash text,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      session_hash text NOT NULL,
      curriculum_key integer NOT NULL,
      assignment_key integer REFERENCES assignment ON DELETE CASCADE,
      lesson_key integer NOT NULL REFERENCES lesson ON DELETE CASCADE,
      sco_key integer NOT NULL REFERENCES sco ON DELETE CASCADE,
      content_origin text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('normal', 'browse', 'review')),
      credit boolean NOT NULL,
      preview boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'starting' CHECK (status IN ('starting', 'open', 'closed')),
      closed_reason text,
      base_total_time_ms bigint NOT NULL DEFAULT 0,
      last_seq integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      opened_at timestamptz,
      last_active_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz
    )`,
    `CREATE INDEX launch_open_lesson ON launch (user_key, lesson_key) WHERE status <> 'closed'`,
  ],
};
