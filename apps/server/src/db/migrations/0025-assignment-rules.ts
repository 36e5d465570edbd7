import type { Migration } from './migration.js';

/**
 * Assignments from the staff console (docs/decisions/0021): a rule keeps the restriction groups of
 * the scoped staff member who made it, so that it never reaches students outside their scope
 * ('{}' = the whole LMS), and the bulk assign, unassign and rule queries find a person's
 * assignment of a curriculum, removed or not, and a curriculum's assignments, by index.
 */
export const migration0025: Migration = {
  name: '0025-assignment-rules',
  statements: [
    `ALTER TABLE assignment_rule ADD COLUMN scope_groups text[] NOT NULL DEFAULT '{}'`,
    `CREATE INDEX assignment_user_curriculum ON assignment (user_key, curriculum_key)`,
    `CREATE INDEX assignment_curriculum ON assignment (curriculum_key) WHERE removed_at IS NULL`,
  ],
};
