import type { Migration } from './migration.js';

/**
 * Validity as regulators count it (docs/decisions/0022 "Validity rules"):
 * - curriculum.validity_rule / validity_months: each curriculum's rule (none, N calendar months,
 *   EASA ORO.FC.230(b), FAA 14 CFR 121.401(b)). Existing curricula take the LMS's certificate
 *   validity (N months, or none when 0), so no existing end moves; a curriculum created without
 *   a rule takes it too (a BEFORE INSERT trigger: the LMS-wide setting is now that default).
 * - qualification_period: what each completion of an assignment is worth (valid until, next
 *   recurrent due, when the next cycle opens), worked out by the domain's qualificationPeriod and
 *   appended once per completion with the rule it was counted by; never updated nor deleted
 *   (only with its assignment), so EASA's early renewal and FAA's due month read the previous one.
 * - assignment_standing.valid_until is the latest period's end, written by compliance/standings.ts
 *   from those records: 0026's SQL month arithmetic (waypoint_valid_until and the certificate
 *   settings' triggers) goes, so the domain is the one rule. lapses_at now also covers a new
 *   cycle running while the previous completion is still valid.
 */
export const migration0029: Migration = {
  name: '0029-validity-rules',
  statements: [
    // A lesson's attempt limit counts the attempts of the assignment's current cycle (§4
    // maxAttempts): the attempts made before it started are kept apart, never deleted.
    `ALTER TABLE lesson_progress ADD COLUMN cycle_start_attempts integer NOT NULL DEFAULT 0`,
    `ALTER TABLE curriculum
       ADD COLUMN validity_rule text NOT NULL DEFAULT 'none'
         CHECK (validity_rule IN ('none', 'months', 'easa', 'faa')),
       ADD COLUMN validity_months integer NOT NULL DEFAULT 0
         CHECK (validity_months BETWEEN 0 AND 1200)`,
    `UPDATE curriculum c SET validity_rule = 'months', validity_months = cs.validity_months
       FROM certificate_settings cs WHERE cs.lms_key = c.lms_key AND cs.validity_months > 0`,
    // No default any more: a curriculum inserted without a rule takes its LMS's (the trigger
    // runs before the NOT NULL check).
    `ALTER TABLE curriculum ALTER COLUMN validity_rule DROP DEFAULT,
       ALTER COLUMN validity_months DROP DEFAULT`,
    `CREATE FUNCTION curriculum_validity_default() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.validity_rule IS NULL THEN
         SELECT CASE WHEN cs.validity_months > 0 THEN 'months' ELSE 'none' END,
                greatest(cs.validity_months, 0)
           INTO NEW.validity_rule, NEW.validity_months
           FROM certificate_settings cs WHERE cs.lms_key = NEW.lms_key;
         NEW.validity_rule := coalesce(NEW.validity_rule, 'none');
       END IF;
       NEW.validity_months := coalesce(NEW.validity_months, 0);
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER curriculum_validity_default BEFORE INSERT ON curriculum
       FOR EACH ROW EXECUTE FUNCTION curriculum_validity_default()`,

    `CREATE TABLE qualification_period (
       assignment_key integer NOT NULL REFERENCES assignment (assignment_key) ON DELETE CASCADE,
       number integer NOT NULL CHECK (number >= 1),
       completed_at timestamptz NOT NULL,
       valid_until timestamptz,
       recurrent_due_at timestamptz,
       window_opens_at timestamptz,
       -- The rule it was counted by (a later change of the curriculum's rule counts later ones).
       validity_rule text NOT NULL CHECK (validity_rule IN ('none', 'months', 'easa', 'faa')),
       validity_months integer NOT NULL,
       recorded_at timestamptz NOT NULL DEFAULT now(),
       -- The cycle it opened (the recurrent job started the assignment's next cycle from it).
       cycle_started_at timestamptz,
       PRIMARY KEY (assignment_key, number)
     )`,
    // The recurrent job's work: periods whose next cycle is open and not yet started.
    `CREATE INDEX qualification_period_opening ON qualification_period (window_opens_at)
       WHERE cycle_started_at IS NULL AND window_opens_at IS NOT NULL`,
    // A record is kept as made: only cycle_started_at may be set (once), and a row goes only
    // with its assignment (the cascade runs below a foreign key's own trigger, depth > 1).
    `CREATE FUNCTION qualification_period_keep() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'DELETE' THEN
         IF pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
         RAISE EXCEPTION 'A qualification period is a record: it is never deleted.';
       END IF;
       IF OLD.cycle_started_at IS NOT NULL
          OR (NEW.assignment_key, NEW.number, NEW.completed_at, NEW.valid_until,
              NEW.recurrent_due_at, NEW.window_opens_at, NEW.validity_rule, NEW.validity_months,
              NEW.recorded_at)
             IS DISTINCT FROM
             (OLD.assignment_key, OLD.number, OLD.completed_at, OLD.valid_until,
              OLD.recurrent_due_at, OLD.window_opens_at, OLD.validity_rule, OLD.validity_months,
              OLD.recorded_at) THEN
         RAISE EXCEPTION 'A qualification period is a record: it is never changed.';
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER qualification_period_keep BEFORE UPDATE OR DELETE ON qualification_period
       FOR EACH ROW EXECUTE FUNCTION qualification_period_keep()`,

    `DROP TRIGGER certificate_settings_validity_insert ON certificate_settings`,
    `DROP TRIGGER certificate_settings_validity_update ON certificate_settings`,
    `DROP FUNCTION assignment_standing_validity()`,
    `DROP FUNCTION waypoint_valid_until(timestamptz, integer)`,
    // The domain's lapsesAt: a completion's end; an incomplete assignment's due date, or the
    // previous completion's end when later (a new cycle running while it is still valid).
    `DROP INDEX assignment_standing_lapses`,
    `ALTER TABLE assignment_standing DROP COLUMN lapses_at`,
    `ALTER TABLE assignment_standing ADD COLUMN lapses_at timestamptz GENERATED ALWAYS AS (
       CASE WHEN outcome = 'complete' THEN valid_until WHEN outcome = 'failed' THEN NULL
         ELSE greatest(valid_until, due_at) END) STORED`,
    `CREATE INDEX assignment_standing_lapses ON assignment_standing (lms_key, lapses_at)
       WHERE live`,
    // Every completion gets its period (and its end from it) on the next recomputation.
    `UPDATE assignment_standing SET version = version + 1 WHERE outcome = 'complete'`,
  ],
};
