import type { Migration } from './migration.js';

/**
 * Every attempt kept (docs/decisions/0023 "History"): each attempt of each lesson is its own row of
 * lesson_attempt, with its own result (completion and success codes as lesson_progress keeps them,
 * §4; its score, or none; its time), the launch it came from and §8's offline flag.
 * lesson_progress stays the lesson's current state (the resumable cmi, the bookmark, the result
 * the commit rules keep), written in the same transaction from the same computation; an attempt
 * that has ended is never changed again, and none is deleted but by the cascade of its assignment,
 * lesson or person.
 *
 * Today's rows become attempts with nothing lost: one per lesson_progress row that was ever
 * attempted or holds a result, numbered as its attempt count says (the earlier attempts were
 * overwritten before this migration), with the row's own figures; it has ended unless its cmi
 * says the SCO suspended it (the domain's resumesAttempt, in SQL).
 */
export const migration0027: Migration = {
  name: '0027-lesson-attempts',
  statements: [
    `CREATE TABLE lesson_attempt (
       assignment_key integer NOT NULL REFERENCES assignment ON DELETE CASCADE,
       lesson_key integer NOT NULL REFERENCES lesson ON DELETE CASCADE,
       number integer NOT NULL CHECK (number >= 1),
       user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
       source text NOT NULL CHECK (source IN ('player', 'migrated', 'imported', 'correction')),
       launch_id text,
       last_launch_id text,
       started_at timestamptz NOT NULL,
       ended_at timestamptz,
       updated_at timestamptz NOT NULL,
       completion integer NOT NULL DEFAULT 0,
       credit integer NOT NULL DEFAULT 0,
       score numeric,
       progress_measure real,
       completion_instant timestamptz,
       base_total_time_ms bigint NOT NULL DEFAULT 0,
       duration_ms bigint NOT NULL DEFAULT 0,
       flagged_offline boolean NOT NULL DEFAULT false,
       cmi text,
       recorded_by integer REFERENCES app_user,
       reason text,
       corrects integer,
       PRIMARY KEY (assignment_key, lesson_key, number),
       CHECK (source <> 'correction' OR (recorded_by IS NOT NULL AND length(reason) > 0))
     )`,
    `CREATE INDEX lesson_attempt_user ON lesson_attempt (user_key, started_at)`,
    // At most one attempt of a lesson is open: the one the player's commits write.
    `CREATE UNIQUE INDEX lesson_attempt_open ON lesson_attempt (assignment_key, lesson_key)
       WHERE ended_at IS NULL`,
    // An ended attempt is a record: it never changes. Deleting one is refused unless it is the
    // cascade of deleting its assignment, lesson or person (a cascade runs one trigger level down).
    `CREATE FUNCTION lesson_attempt_kept() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'DELETE' THEN
         IF pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
         RAISE EXCEPTION 'lesson_attempt rows are records: they are never deleted';
       END IF;
       IF OLD.ended_at IS NOT NULL THEN
         RAISE EXCEPTION 'attempt % of lesson % (assignment %) has ended and cannot change',
           OLD.number, OLD.lesson_key, OLD.assignment_key;
       END IF;
       RETURN NEW;
     END $$`,
    // The WHEN clause keeps the commit path's updates of an open attempt free of a PL/pgSQL call.
    `CREATE TRIGGER lesson_attempt_kept BEFORE UPDATE ON lesson_attempt
       FOR EACH ROW WHEN (OLD.ended_at IS NOT NULL) EXECUTE FUNCTION lesson_attempt_kept()`,
    `CREATE TRIGGER lesson_attempt_not_deleted BEFORE DELETE ON lesson_attempt
       FOR EACH ROW EXECUTE FUNCTION lesson_attempt_kept()`,
    `INSERT INTO lesson_attempt (assignment_key, lesson_key, number, user_key, source, started_at,
         ended_at, updated_at, completion, credit, score, progress_measure, completion_instant,
         duration_ms, flagged_offline, cmi)
     SELECT lp.assignment_key, lp.lesson_key, greatest(lp.attempts, 1), lp.user_key, 'migrated',
            coalesce(lp.last_launched_at, lp.completion_instant, lp.updated_at),
            CASE WHEN s.suspended THEN NULL ELSE lp.updated_at END,
            lp.updated_at, lp.completion, lp.credit,
            CASE WHEN lp.score <> 0 OR s.scored THEN lp.score END,
            CASE WHEN lp.progress_measure <> 0 OR s.measured THEN lp.progress_measure END,
            lp.completion_instant, lp.total_time_ms, lp.flagged_offline,
            CASE WHEN s.suspended THEN NULL ELSE lp.cmi END
       FROM lesson_progress lp
       CROSS JOIN LATERAL (SELECT coalesce(nullif(lp.cmi, ''), '{}')::jsonb AS c) j
       CROSS JOIN LATERAL (
         SELECT coalesce(j.c ->> 'cmi.core.exit', j.c ->> 'cmi.exit', '') AS exit,
                coalesce(j.c ->> 'cmi.core.lesson_status', '') IN ('passed', 'completed', 'failed')
                  OR j.c ->> 'cmi.completion_status' = 'completed'
                  OR coalesce(j.c ->> 'cmi.success_status', '') IN ('passed', 'failed') AS finished,
                coalesce(j.c ->> 'cmi.core.lesson_location', j.c ->> 'cmi.location', '') <> ''
                  OR coalesce(j.c ->> 'cmi.suspend_data', '') <> '' AS bookmarked,
                coalesce(j.c ->> 'cmi.core.score.raw', j.c ->> 'cmi.score.scaled',
                  j.c ->> 'cmi.score.raw', '') <> '' AS scored,
                coalesce(j.c ->> 'cmi.progress_measure', '') <> '' AS measured
       ) f
       CROSS JOIN LATERAL (
         SELECT CASE WHEN f.exit <> '' THEN f.exit = 'suspend'
                     ELSE f.bookmarked AND NOT f.finished END AS suspended,
                f.scored, f.measured
       ) s
      WHERE lp.attempts > 0 OR lp.completion <> 0 OR lp.credit <> 0 OR lp.score <> 0
         OR lp.total_time_ms > 0`,
  ],
};
