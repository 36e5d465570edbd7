import type { Migration } from './migration.js';

/**
 * Compliance oversight (docs/decisions/0022):
 * - assignment_standing: each assignment's curriculum outcome as the one outcome rule rolls it up,
 *   kept beside the assignment so that the qualification matrix filters and sorts 200,000 of them
 *   in SQL. Triggers bump `version` whenever something the roll-up reads changes (progress, the
 *   sequencing state, the curriculum's tree); a row is stale while computed_version < version,
 *   and compliance/standings.ts recomputes stale rows with the progress report's own roll-up.
 * - report_subscription / report_delivery: scheduled overdue-and-expiring emails, one delivery
 *   per subscription and period (the primary key is the claim across instances).
 * - inspector_link: a time-boxed, revocable read-only link for an external inspector, scoped to a
 *   population and a period; only the token's SHA-256 is stored.
 * - export_ticket: one-time download addresses of exports (the browser fetches them directly).
 * - reminder_lms_setting.copy_managers: reminders about an overdue curriculum copy the student's
 *   managers (the staff whose scope covers them).
 */
export const migration0026: Migration = {
  name: '0026-compliance',
  statements: [
    `CREATE TABLE assignment_standing (
       assignment_key integer PRIMARY KEY REFERENCES assignment (assignment_key) ON DELETE CASCADE,
       outcome text NOT NULL DEFAULT 'notstarted'
         CHECK (outcome IN ('notstarted', 'started', 'complete', 'failed')),
       completed_at timestamptz,
       last_activity_at timestamptz,
       version bigint NOT NULL DEFAULT 1,
       computed_version bigint NOT NULL DEFAULT 0,
       computed_at timestamptz
     )`,
    `CREATE INDEX assignment_standing_stale ON assignment_standing (assignment_key)
       WHERE computed_version < version`,
    `INSERT INTO assignment_standing (assignment_key) SELECT assignment_key FROM assignment`,
    // A new assignment starts stale (its progress may be given back: 0025 keeps the key).
    `CREATE FUNCTION assignment_standing_new() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO assignment_standing (assignment_key)
         SELECT assignment_key FROM new_rows ON CONFLICT (assignment_key) DO NOTHING;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER assignment_standing_on_assign AFTER INSERT ON assignment
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
       EXECUTE FUNCTION assignment_standing_new()`,
    // Progress or sequencing state written: the assignments it belongs to are stale.
    `CREATE FUNCTION assignment_standing_touch_new() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE assignment_standing SET version = version + 1
         WHERE assignment_key IN (SELECT DISTINCT assignment_key FROM new_rows);
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION assignment_standing_touch_old() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE assignment_standing SET version = version + 1
         WHERE assignment_key IN (SELECT DISTINCT assignment_key FROM old_rows);
       RETURN NULL;
     END $$`,
    ...['lesson_progress', 'sequencing_state'].flatMap((table) => [
      `CREATE TRIGGER ${table}_standing_insert AFTER INSERT ON ${table}
         REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
         EXECUTE FUNCTION assignment_standing_touch_new()`,
      `CREATE TRIGGER ${table}_standing_update AFTER UPDATE ON ${table}
         REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
         EXECUTE FUNCTION assignment_standing_touch_new()`,
      `CREATE TRIGGER ${table}_standing_delete AFTER DELETE ON ${table}
         REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
         EXECUTE FUNCTION assignment_standing_touch_old()`,
    ]),
    // The curriculum's tree changed: every assignment of it is stale (the roll-up reads the tree).
    `CREATE FUNCTION assignment_standing_touch_curricula(keys integer[]) RETURNS void
       LANGUAGE sql AS $$
       UPDATE assignment_standing s SET version = s.version + 1
         FROM assignment a
         WHERE a.assignment_key = s.assignment_key AND a.curriculum_key = ANY (keys)
     $$`,
    `CREATE FUNCTION course_standing_touch() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP IN ('INSERT', 'UPDATE') THEN
         PERFORM assignment_standing_touch_curricula(
           ARRAY(SELECT DISTINCT curriculum_key FROM new_rows));
       END IF;
       IF TG_OP IN ('DELETE', 'UPDATE') THEN
         PERFORM assignment_standing_touch_curricula(
           ARRAY(SELECT DISTINCT curriculum_key FROM old_rows));
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION topic_standing_touch() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM assignment_standing_touch_curricula(ARRAY(
         SELECT DISTINCT c.curriculum_key FROM course c
           WHERE c.course_key IN (
             SELECT course_key FROM new_rows UNION SELECT course_key FROM old_rows)));
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION lesson_standing_touch() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM assignment_standing_touch_curricula(ARRAY(
         SELECT DISTINCT c.curriculum_key FROM course c JOIN topic t ON t.course_key = c.course_key
           WHERE t.topic_key IN (
             SELECT topic_key FROM new_rows UNION SELECT topic_key FROM old_rows)));
       RETURN NULL;
     END $$`,
    ...['course', 'topic', 'lesson'].flatMap((table) => {
      const fn = `${table}_standing_touch()`;
      if (table === 'course') {
        return [
          `CREATE TRIGGER ${table}_standing_insert AFTER INSERT ON ${table}
             REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`,
          `CREATE TRIGGER ${table}_standing_update AFTER UPDATE ON ${table}
             REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
             EXECUTE FUNCTION ${fn}`,
          `CREATE TRIGGER ${table}_standing_delete AFTER DELETE ON ${table}
             REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`,
        ];
      }
      // topic and lesson: one function reads both transition tables, so each event gets both
      // (an empty one where the event has none).
      return [
        `CREATE TRIGGER ${table}_standing_update AFTER UPDATE ON ${table}
           REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
           EXECUTE FUNCTION ${fn}`,
      ];
    }),
    // Inserts and deletes of topics and lessons: the same functions over one transition table.
    `CREATE FUNCTION topic_standing_touch_rows() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM assignment_standing_touch_curricula(ARRAY(
         SELECT DISTINCT c.curriculum_key FROM course c
           WHERE c.course_key IN (SELECT course_key FROM changed_rows)));
       RETURN NULL;
     END $$`,
    `CREATE FUNCTION lesson_standing_touch_rows() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM assignment_standing_touch_curricula(ARRAY(
         SELECT DISTINCT c.curriculum_key FROM course c JOIN topic t ON t.course_key = c.course_key
           WHERE t.topic_key IN (SELECT topic_key FROM changed_rows)));
       RETURN NULL;
     END $$`,
    ...['topic', 'lesson'].flatMap((table) => [
      `CREATE TRIGGER ${table}_standing_insert AFTER INSERT ON ${table}
         REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
         EXECUTE FUNCTION ${table}_standing_touch_rows()`,
      `CREATE TRIGGER ${table}_standing_delete AFTER DELETE ON ${table}
         REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
         EXECUTE FUNCTION ${table}_standing_touch_rows()`,
    ]),
    // The matrix and lists read a population's assignments of the LMS: people by LMS, then their
    // live assignments (0025's assignment_user_curriculum), then the standing by key.
    `CREATE INDEX app_user_lms_students ON app_user (lms_key, name_collated, user_key)
       WHERE is_student AND inactive = 0`,

    `CREATE TABLE report_subscription (
       subscription_key serial PRIMARY KEY,
       lms_key integer NOT NULL REFERENCES lms (lms_key) ON DELETE CASCADE,
       user_key integer NOT NULL REFERENCES app_user (user_key) ON DELETE CASCADE,
       frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
       expiring_days integer NOT NULL DEFAULT 30 CHECK (expiring_days IN (30, 60, 90)),
       unsubscribe_token_hash text NOT NULL UNIQUE,
       created_at timestamptz NOT NULL DEFAULT now(),
       UNIQUE (user_key)
     )`,
    `CREATE TABLE report_delivery (
       subscription_key integer NOT NULL
         REFERENCES report_subscription (subscription_key) ON DELETE CASCADE,
       period text NOT NULL,
       email_key integer REFERENCES email_outbox (email_key) ON DELETE SET NULL,
       claimed_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (subscription_key, period)
     )`,
    `CREATE TABLE email_attachment (
       email_key integer NOT NULL REFERENCES email_outbox (email_key) ON DELETE CASCADE,
       position integer NOT NULL,
       filename text NOT NULL,
       content_type text NOT NULL,
       content bytea NOT NULL,
       PRIMARY KEY (email_key, position)
     )`,

    `CREATE TABLE inspector_link (
       link_key serial PRIMARY KEY,
       lms_key integer NOT NULL REFERENCES lms (lms_key) ON DELETE CASCADE,
       token_hash text NOT NULL UNIQUE,
       label text NOT NULL,
       created_by integer REFERENCES app_user (user_key) ON DELETE SET NULL,
       scope_groups text[] NOT NULL DEFAULT '{}',
       population jsonb NOT NULL DEFAULT '{}',
       -- YYYY-MM-DD, as the contract checks them (text: the two drivers read dates differently).
       period_from text NOT NULL CHECK (period_from ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
       period_to text NOT NULL CHECK (period_to ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
       created_at timestamptz NOT NULL DEFAULT now(),
       expires_at timestamptz NOT NULL,
       revoked_at timestamptz,
       CHECK (period_from <= period_to)
     )`,
    `CREATE INDEX inspector_link_lms ON inspector_link (lms_key, created_at DESC)`,

    // A one-time download of an export: minutes long, bound to the staff member who asked; the
    // request is re-checked against their role and scope when the file is fetched.
    `CREATE TABLE export_ticket (
       token_hash text PRIMARY KEY,
       lms_key integer NOT NULL REFERENCES lms (lms_key) ON DELETE CASCADE,
       user_key integer NOT NULL REFERENCES app_user (user_key) ON DELETE CASCADE,
       request jsonb NOT NULL,
       file_name text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       expires_at timestamptz NOT NULL,
       used_at timestamptz
     )`,

    `ALTER TABLE reminder_lms_setting ADD COLUMN copy_managers boolean NOT NULL DEFAULT false`,
    // The managers copied on a reminder (kept on the row: a refused digest is sent again as recorded).
    `ALTER TABLE email_outbox ADD COLUMN cc_addresses text[] NOT NULL DEFAULT '{}'`,
  ],
};
