import type { Migration } from './migration.js';

/**
 * Lessons offline (ADR 0024): an offline grant lets one device keep one lesson of a student's
 * assignment and sync the commits it made without the server. Its token (hashed here) authorises
 * only that lesson's package, the state an attempt starts from, and the sync. A synced opening of
 * the lesson becomes a launch of its own (offline_grant_id, the device's offline_local_id), so its
 * commits are judged by the player's rules (ADR 0007) and its attempt recorded as any other (ADR
 * 0023). known_progress_at is the lesson's progress as the device last knew it: a sync that finds
 * it moved on records the device's opening as an attempt of its own (the conflict rule).
 */
export const migration0031: Migration = {
  name: '0031-offline-lessons',
  statements: [
    `CREATE TABLE offline_grant (
       grant_id text PRIMARY KEY,
       token_hash text NOT NULL,
       lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
       user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
       session_hash text NOT NULL,
       curriculum_key integer NOT NULL,
       assignment_key integer NOT NULL REFERENCES assignment ON DELETE CASCADE,
       lesson_key integer NOT NULL REFERENCES lesson ON DELETE CASCADE,
       sco_key integer NOT NULL REFERENCES sco ON DELETE CASCADE,
       content_origin text NOT NULL,
       created_at timestamptz NOT NULL,
       expires_at timestamptz NOT NULL,
       removed_at timestamptz,
       known_progress_at timestamptz,
       CHECK (expires_at > created_at)
     )`,
    `CREATE INDEX offline_grant_user ON offline_grant (user_key) WHERE removed_at IS NULL`,
    `ALTER TABLE launch ADD COLUMN offline_grant_id text REFERENCES offline_grant ON DELETE CASCADE`,
    `ALTER TABLE launch ADD COLUMN offline_local_id text`,
    `CREATE UNIQUE INDEX launch_offline_opening ON launch (offline_grant_id, offline_local_id)
       WHERE offline_grant_id IS NOT NULL`,
  ],
};
