import type { Migration } from './migration.js';

/**
 * The content tree (curriculum > course > topic > lesson), SCORM content, assignments and
 * per-student lesson progress (spec §3 "Progress element", §4).
 */
export const migration0002: Migration = {
  name: '0002-content-and-progress',
  statements: [
    `CREATE TABLE curriculum_prerequisite_type (
      prerequisite_key integer PRIMARY KEY,
      prerequisite_name text NOT NULL UNIQUE
    )`,
    `INSERT INTO curriculum_prerequisite_type (prerequisite_key, prerequisite_name)
      VALUES (0, 'None'), (1, 'PreviousCourse'), (2, 'AllPreviousCourses')`,
    `CREATE TABLE content_package (
      package_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      title text NOT NULL,
      scorm_version text NOT NULL,
      storage_folder text NOT NULL,
      manifest jsonb NOT NULL DEFAULT '{}',
      uploaded_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE sco (
      sco_key serial PRIMARY KEY,
      package_key integer NOT NULL REFERENCES content_package ON DELETE CASCADE,
      identifier text NOT NULL,
      title text NOT NULL,
      sco_type text NOT NULL DEFAULT 'sco',
      launch_file text NOT NULL,
      parameters text NOT NULL DEFAULT '',
      mastery_score numeric,
      completion_threshold numeric,
      launch_data text NOT NULL DEFAULT '',
      max_time_allowed text NOT NULL DEFAULT '',
      sort_order integer NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX sco_package ON sco (package_key)`,
    `CREATE TABLE curriculum (
      curriculum_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      certificate_url text NOT NULL DEFAULT '',
      in_library boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX curriculum_lms ON curriculum (lms_key, lower(name))`,
    `CREATE TABLE course (
      course_key serial PRIMARY KEY,
      curriculum_key integer NOT NULL REFERENCES curriculum ON DELETE CASCADE,
      sort_order integer NOT NULL DEFAULT 0,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      draft integer NOT NULL DEFAULT 0,
      prerequisite_key integer NOT NULL DEFAULT 0 REFERENCES curriculum_prerequisite_type,
      min_score_complete numeric NOT NULL DEFAULT 0,
      min_score_pass numeric NOT NULL DEFAULT 0,
      min_score numeric NOT NULL DEFAULT 0,
      certificate_url text NOT NULL DEFAULT ''
    )`,
    `CREATE INDEX course_curriculum ON course (curriculum_key, sort_order)`,
    `CREATE TABLE topic (
      topic_key serial PRIMARY KEY,
      course_key integer NOT NULL REFERENCES course ON DELETE CASCADE,
      sort_order integer NOT NULL DEFAULT 0,
      name text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      prerequisite integer NOT NULL DEFAULT 0 CHECK (prerequisite IN (0, 1, 2))
    )`,
    `CREATE INDEX topic_course ON topic (course_key, sort_order)`,
    `CREATE TABLE lesson (
      lesson_key serial PRIMARY KEY,
      topic_key integer NOT NULL REFERENCES topic ON DELETE CASCADE,
      sort_order integer NOT NULL DEFAULT 0,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      sco_key integer REFERENCES sco ON DELETE SET NULL,
      play_mode integer NOT NULL DEFAULT 1 CHECK (play_mode IN (1, 2, 3)),
      prerequisite integer NOT NULL DEFAULT 0 CHECK (prerequisite IN (0, 1, 2)),
      max_attempts integer NOT NULL DEFAULT 0,
      min_score_complete numeric NOT NULL DEFAULT 0,
      min_score_pass numeric NOT NULL DEFAULT 0,
      min_score numeric NOT NULL DEFAULT 0,
      score_weight numeric NOT NULL DEFAULT 0,
      scorable integer NOT NULL DEFAULT 0,
      player text NOT NULL DEFAULT '',
      launch_data jsonb NOT NULL DEFAULT '{}',
      launch_mode text NOT NULL DEFAULT '',
      student_verification_enabled integer NOT NULL DEFAULT 0,
      max_location integer NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX lesson_topic ON lesson (topic_key, sort_order)`,
    `CREATE TABLE assignment (
      assignment_key serial PRIMARY KEY,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      curriculum_key integer NOT NULL REFERENCES curriculum ON DELETE CASCADE,
      assigned_at timestamptz NOT NULL DEFAULT now(),
      start_date timestamptz NOT NULL DEFAULT now(),
      duration_ms bigint NOT NULL DEFAULT 13569465600000,
      flagged_offline_completion boolean NOT NULL DEFAULT false,
      removed_at timestamptz
    )`,
    `CREATE INDEX assignment_user ON assignment (user_key) WHERE removed_at IS NULL`,
    `CREATE TABLE lesson_progress (
      assignment_key integer NOT NULL REFERENCES assignment ON DELETE CASCADE,
      lesson_key integer NOT NULL REFERENCES lesson ON DELETE CASCADE,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      attempts integer NOT NULL DEFAULT 0,
      completion integer NOT NULL DEFAULT 0,
      completion_instant timestamptz,
      score numeric NOT NULL DEFAULT 0,
      credit integer NOT NULL DEFAULT 0,
      location integer NOT NULL DEFAULT 0,
      max_location integer NOT NULL DEFAULT 0,
      location_blob text NOT NULL DEFAULT '',
      suspend_data text NOT NULL DEFAULT '',
      progress_measure real NOT NULL DEFAULT 0,
      total_time_ms bigint NOT NULL DEFAULT 0,
      last_launched_at timestamptz,
      flagged_offline boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (assignment_key, lesson_key)
    )`,
    `CREATE INDEX lesson_progress_user ON lesson_progress (user_key, last_launched_at)`,
  ],
};
