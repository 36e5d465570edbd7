import type { Migration } from './migration.js';

/**
 * The training programme in the staff console (docs/decisions/0021): what a new assignment of a
 * curriculum defaults to when the person assigning gives no dates: a duration (start + duration,
 * §3 elementDuration) or a fixed due date (the end of that day, UTC), never both; neither is the
 * spec's default duration (open-ended, §9). Drafts stay per course (§4: a curriculum is draft when
 * a course is), certificate settings per LMS (migration 0003).
 */
export const migration0024: Migration = {
  name: '0024-programme-settings',
  statements: [
    `ALTER TABLE curriculum
      ADD COLUMN default_duration_ms bigint CHECK (default_duration_ms > 0),
      ADD COLUMN default_due_date text CHECK (default_due_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      ADD CONSTRAINT curriculum_default_one
        CHECK (default_duration_ms IS NULL OR default_due_date IS NULL)`,
  ],
};
