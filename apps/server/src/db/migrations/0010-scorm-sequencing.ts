import type { Migration } from './migration.js';

/**
 * SCORM 2004 sequencing (SN book): each learner's sequencing state of a package in a course
 * (scorm-again's serialized activity tree state) and its global objectives, one row per attempt
 * of the package's activity tree. The sequencing definition itself is part of the package's
 * stored manifest (content_package.manifest -> 'sequencing'); objectives and interactions a SCO
 * writes live with the lesson's attempt data (lesson_progress.cmi).
 */
export const migration0010: Migration = {
  name: '0010-scorm-sequencing',
  statements: [
    `CREATE TABLE sequencing_state (
      assignment_key integer NOT NULL REFERENCES assignment ON DELETE CASCADE,
      course_key integer NOT NULL REFERENCES course ON DELETE CASCADE,
      package_key integer NOT NULL REFERENCES content_package ON DELETE CASCADE,
      attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      state text NOT NULL DEFAULT '',
      global_objectives text NOT NULL DEFAULT '{}',
      ended boolean NOT NULL DEFAULT false,
      -- The root activity's rollup (SN RB.1) after the last step: null while unknown.
      rollup_completed boolean,
      rollup_satisfied boolean,
      rollup_measure real,
      launch_id text,
      last_seq integer NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (assignment_key, course_key, package_key, attempt)
    )`,
    `CREATE INDEX sequencing_state_user ON sequencing_state (user_key)`,
  ],
};
