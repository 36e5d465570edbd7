import type { Migration } from './migration.js';

/**
 * Evaluations a training provider defines and attaches to a course or curriculum (the Completion
 * Report's evaluations table, §2, §3 Evaluation item, §7 student_evaluations). Extends 0003's
 * `evaluation` table, one row per evaluation a student is given: rows made from an attachment
 * fall due when the student completes what it is attached to (one per attachment and assignment),
 * and remember when they were submitted; rows without one keep 0003's meaning (a name and a
 * half-link set by the operator). Answers live apart from the student's row: an anonymous
 * evaluation's answers carry no user and only the day they came.
 */
export const migration0007: Migration = {
  name: '0007-evaluations',
  statements: [
    `CREATE TABLE evaluation_definition (
      definition_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      anonymous boolean NOT NULL DEFAULT false,
      questions jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE UNIQUE INDEX evaluation_definition_name ON evaluation_definition (lms_key, lower(name))`,
    // A course of the curriculum, or (course_key null) the curriculum itself.
    `CREATE TABLE evaluation_attachment (
      attachment_key serial PRIMARY KEY,
      definition_key integer NOT NULL REFERENCES evaluation_definition ON DELETE CASCADE,
      curriculum_key integer NOT NULL REFERENCES curriculum ON DELETE CASCADE,
      course_key integer REFERENCES course ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE UNIQUE INDEX evaluation_attachment_target
      ON evaluation_attachment (definition_key, curriculum_key, coalesce(course_key, 0))`,
    `CREATE INDEX evaluation_attachment_curriculum ON evaluation_attachment (curriculum_key)`,
    `ALTER TABLE evaluation ALTER COLUMN half_link SET DEFAULT ''`,
    `ALTER TABLE evaluation ADD COLUMN attachment_key integer
      REFERENCES evaluation_attachment ON DELETE CASCADE`,
    `ALTER TABLE evaluation ADD COLUMN assignment_key integer REFERENCES assignment ON DELETE CASCADE`,
    `ALTER TABLE evaluation ADD COLUMN due_at timestamptz`,
    `ALTER TABLE evaluation ADD COLUMN submitted_at timestamptz`,
    `CREATE UNIQUE INDEX evaluation_due_once ON evaluation (attachment_key, assignment_key)
      WHERE attachment_key IS NOT NULL`,
    `CREATE TABLE evaluation_response (
      response_key serial PRIMARY KEY,
      definition_key integer NOT NULL REFERENCES evaluation_definition ON DELETE CASCADE,
      attachment_key integer NOT NULL REFERENCES evaluation_attachment ON DELETE CASCADE,
      user_key integer REFERENCES app_user ON DELETE SET NULL,
      answers jsonb NOT NULL,
      submitted_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX evaluation_response_definition ON evaluation_response (definition_key, response_key)`,
  ],
};
