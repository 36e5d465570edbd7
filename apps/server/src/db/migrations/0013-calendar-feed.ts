import type { Migration } from './migration.js';

/**
 * Each student's private calendar feed (docs/decisions/0014): one random token per user, shown in
 * the feed's address; a reset replaces it, so the old address stops working at once.
 */
export const migration0013: Migration = {
  name: '0013-calendar-feed',
  statements: [
    `CREATE TABLE calendar_feed (
      user_key integer PRIMARY KEY REFERENCES app_user (user_key) ON DELETE CASCADE,
      token text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  ],
};
