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
    // Validity: completed + N calendar months added to the UTC wall time, so the day clamps to
    // the month's last (31 January + 1 month = 28 February), as the domain's addCalendarMonths.
    `CREATE FUNCTION waypoint_valid_until(completed timestamptz, months integer)
       RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
       SELECT CASE WHEN months > 0 AND completed IS NOT NULL
         THEN (completed AT TIME ZONE 'UTC' + make_interval(months => months)) AT TIME ZONE 'UTC' END
     $$`,
    // §4: due at start plus duration, the default duration (§9: 135694656e5 ms) when none is set.
    `CREATE FUNCTION waypoint_due_at(start_date timestamptz, duration_ms double precision)
       RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
       SELECT start_date + (CASE WHEN duration_ms > 0 THEN duration_ms
         ELSE 13569465600000 END) * interval '1 millisecond'
     $$`,
    // The assignment's facts the matrix and lists filter on are kept on the row (lms, person,
    // curriculum, due date, live), so a list is one index range over the LMS's standings.
    `CREATE TABLE assignment_standing (
       assignment_key integer PRIMARY KEY REFERENCES assignment (assignment_key) ON DELETE CASCADE,
       lms_key integer NOT NULL,
       user_key integer NOT NULL,
       curriculum_key integer NOT NULL,
       due_at timestamptz NOT NULL,
       live boolean NOT NULL,
       outcome text NOT NULL DEFAULT 'notstarted'
         CHECK (outcome IN ('notstarted', 'started', 'complete', 'failed')),
       completed_at timestamptz,
       last_activity_at timestamptz,
       valid_until timestamptz,
       -- When the cell stops being all right: a completion's validity end, an incomplete
       -- assignment's due date (the domain's lapsesAt).
       lapses_at timestamptz GENERATED ALWAYS AS (CASE WHEN outcome = 'complete' THEN valid_until
         WHEN outcome = 'failed' THEN NULL ELSE due_at END) STORED,
       version bigint NOT NULL DEFAULT 1,
       computed_version bigint NOT NULL DEFAULT 0,
       computed_at timestamptz
     )`,
    `CREATE INDEX assignment_standing_stale ON assignment_standing (lms_key, user_key)
       WHERE computed_version < version AND live`,
    `CREATE INDEX assignment_standing_person ON assignment_standing (user_key, curriculum_key)
       WHERE live`,
    `CREATE INDEX assignment_standing_incomplete ON assignment_standing (lms_key, due_at)
       WHERE live AND outcome IN ('notstarted', 'started')`,
    `CREATE INDEX assignment_standing_lapses ON assignment_standing (lms_key, lapses_at)
       WHERE live`,
    `CREATE INDEX assignment_standing_failed ON assignment_standing (lms_key, completed_at)
       WHERE live AND outcome = 'failed'`,
    `INSERT INTO assignment_standing (assignment_key, lms_key, user_key, curriculum_key, due_at, live)
       SELECT a.assignment_key, u.lms_key, a.user_key, a.curriculum_key,
              waypoint_due_at(a.start_date, a.duration_ms), a.removed_at IS NULL
         FROM assignment a JOIN app_user u ON u.user_key = a.user_key`,
    // A new assignment starts stale (its progress may be given back: 0025 keeps the key).
    `CREATE FUNCTION assignment_standing_new() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO assignment_standing (assignment_key, lms_key, user_key, curriculum_key, due_at, live)
         SELECT n.assignment_key, u.lms_key, n.user_key, n.curriculum_key,
                waypoint_due_at(n.start_date, n.duration_ms), n.removed_at IS NULL
           FROM new_rows n JOIN app_user u ON u.user_key = n.user_key
         ON CONFLICT (assignment_key) DO NOTHING;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER assignment_standing_on_assign AFTER INSERT ON assignment
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
       EXECUTE FUNCTION assignment_standing_new()`,
    // New dates, removed or given back: the facts follow at once (no roll-up needed); given back,
    // the standing is recomputed (the tree may have changed while it was away).
    `CREATE FUNCTION assignment_standing_dates() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE assignment_standing s
          SET due_at = waypoint_due_at(n.start_date, n.duration_ms),
              live = n.removed_at IS NULL,
              version = s.version + CASE WHEN NOT s.live AND n.removed_at IS NULL THEN 1 ELSE 0 END
         FROM new_rows n
        WHERE s.assignment_key = n.assignment_key
          AND (s.due_at IS DISTINCT FROM waypoint_due_at(n.start_date, n.duration_ms)
               OR s.live IS DISTINCT FROM (n.removed_at IS NULL));
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER assignment_standing_on_change AFTER UPDATE ON assignment
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
       EXECUTE FUNCTION assignment_standing_dates()`,
    // The LMS's validity changed: every completion's end moves with it.
    `CREATE FUNCTION assignment_standing_validity() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE assignment_standing s SET valid_until = waypoint_valid_until(s.completed_at, n.validity_months)
         FROM new_rows n WHERE s.lms_key = n.lms_key
          AND s.valid_until IS DISTINCT FROM waypoint_valid_until(s.completed_at, n.validity_months);
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER certificate_settings_validity_insert AFTER INSERT ON certificate_settings
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
       EXECUTE FUNCTION assignment_standing_validity()`,
    `CREATE TRIGGER certificate_settings_validity_update AFTER UPDATE ON certificate_settings
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
       EXECUTE FUNCTION assignment_standing_validity()`,
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
    // The matrix pages a population of the LMS's active students in name order.
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
       -- The SHA-256 of the unsubscribe token this delivery's email carries: every email's link
       -- works until the subscription ends (its deliveries go with it).
       unsubscribe_token_hash text UNIQUE,
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
