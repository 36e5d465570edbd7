import type { Migration } from './migration.js';

/**
 * Data versions for the progress-report cache (docs/decisions/0006-caching.md). Triggers bump a
 * student's version on any change to their assignments or lesson progress, and the one content
 * version on any change to the curriculum tree or its content, so every server instance can tell
 * with one cheap query whether a cached report is still current.
 */
const CONTENT_TABLES = [
  'curriculum',
  'course',
  'topic',
  'lesson',
  'sco',
  'content_package',
  'curriculum_prerequisite_type',
];

export const migration0004: Migration = {
  name: '0004-report-versions',
  statements: [
    `CREATE TABLE report_version (
      user_key integer PRIMARY KEY,
      version bigint NOT NULL DEFAULT 1
    )`,
    `CREATE TABLE content_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version bigint NOT NULL DEFAULT 1
    )`,
    `INSERT INTO content_version (only_row, version) VALUES (true, 1)`,
    `CREATE FUNCTION bump_report_version(target integer) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO report_version (user_key, version) VALUES (target, 1)
      ON CONFLICT (user_key) DO UPDATE SET version = report_version.version + 1;
    END $$`,
    // Row-level: the student whose report changed (both, when a row moves to another user).
    `CREATE FUNCTION report_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM bump_report_version(NEW.user_key);
      END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_key <> NEW.user_key) THEN
        PERFORM bump_report_version(OLD.user_key);
      END IF;
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER assignment_report_version AFTER INSERT OR UPDATE OR DELETE ON assignment
      FOR EACH ROW EXECUTE FUNCTION report_row_changed()`,
    `CREATE TRIGGER lesson_progress_report_version AFTER INSERT OR UPDATE OR DELETE ON lesson_progress
      FOR EACH ROW EXECUTE FUNCTION report_row_changed()`,
    // Statement-level: content changes touch many students, so they bump one shared version.
    `CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE content_version SET version = version + 1;
      RETURN NULL;
    END $$`,
    ...CONTENT_TABLES.map(
      (table) => `CREATE TRIGGER ${table}_content_version
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION content_changed()`,
    ),
  ],
};
