import type { Migration } from './migration.js';

/**
 * The tamper-evident training event history (docs/decisions/0023 "Training events"): every
 * training event of an LMS (assigned, unassigned, launched, an attempt started, ended, completed,
 * passed or failed, a score changed, a certificate issued or revoked, a document submitted, a
 * staff correction) is appended to training_event by triggers on the tables it records, so every
 * path (panel, player, console, CLI, operator API, seed) is covered and no change is without its
 * event nor an event without its change.
 *
 * Each entry holds the hash of the one before (hash chain per LMS, seq 1, 2, ... without gaps);
 * training_chain_head is the chain's last entry, locked by each append so two transactions never
 * fork it; training_chain_seal keeps the head signed daily with the credential key (records/
 * seal.ts). The entries name people only by a pseudonymous subject id (record_subject), so
 * pseudonymising a person later never breaks the chain. The hash is SHA-256 of the canonical line
 * that modules/records/chain.ts computes too (a test holds them to each other).
 *
 * The triggers are deferred constraint triggers: the chain's head is locked at commit, after
 * every other lock the transaction takes, so it is held for the commit alone and appends never
 * wait in the middle of a transaction (nor deadlock with one). Update triggers fire only when a
 * recorded column changed (a commit that moves the bookmark appends nothing).
 *
 * Rows that exist before this migration are recorded once, as of now, each with its own dates in
 * the payload: live assignments, migrated attempts (0027), certificates issued and revoked.
 */

/** The canonical time of an entry and of every instant in a payload: ISO 8601, UTC, milliseconds. */
const iso = (value: string) =>
  `to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const migration0028: Migration = {
  name: '0028-training-events',
  statements: [
    `CREATE TABLE record_subject (
       user_key integer PRIMARY KEY REFERENCES app_user ON DELETE CASCADE,
       lms_key integer NOT NULL,
       subject_id text NOT NULL UNIQUE
     )`,
    `CREATE INDEX record_subject_lms ON record_subject (lms_key)`,
    // No foreign keys: nothing deleted later takes a record with it (as audit_event, 0022).
    `CREATE TABLE training_event (
       lms_key integer NOT NULL,
       seq bigint NOT NULL CHECK (seq >= 1),
       at timestamptz NOT NULL,
       type text NOT NULL,
       subject_id text,
       actor text NOT NULL,
       payload text NOT NULL,
       prev_hash text NOT NULL,
       hash text NOT NULL,
       PRIMARY KEY (lms_key, seq)
     )`,
    `CREATE INDEX training_event_subject ON training_event (lms_key, subject_id, at)`,
    `CREATE TABLE training_chain_head (
       lms_key integer PRIMARY KEY,
       seq bigint NOT NULL,
       hash text NOT NULL
     )`,
    `CREATE TABLE training_chain_seal (
       lms_key integer NOT NULL,
       seq bigint NOT NULL,
       hash text NOT NULL,
       sealed_at timestamptz NOT NULL,
       kid text NOT NULL,
       jws text NOT NULL,
       PRIMARY KEY (lms_key, seq)
     )`,
    // Append-only: entries and seals never change or go; the head only moves forward.
    `CREATE FUNCTION training_record_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
     END $$`,
    ...['training_event', 'training_chain_seal'].flatMap((table) => [
      `CREATE TRIGGER ${table}_no_change BEFORE UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION training_record_append_only()`,
      `CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION training_record_append_only()`,
    ]),
    `CREATE FUNCTION training_chain_head_forward() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'UPDATE' AND NEW.lms_key = OLD.lms_key AND NEW.seq > OLD.seq THEN
         RETURN NEW;
       END IF;
       RAISE EXCEPTION 'training_chain_head only moves forward';
     END $$`,
    `CREATE TRIGGER training_chain_head_no_change BEFORE UPDATE OR DELETE ON training_chain_head
       FOR EACH ROW EXECUTE FUNCTION training_chain_head_forward()`,
    `CREATE TRIGGER training_chain_head_no_truncate BEFORE TRUNCATE ON training_chain_head
       FOR EACH STATEMENT EXECUTE FUNCTION training_record_append_only()`,

    `CREATE FUNCTION waypoint_iso(value timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
       SELECT ${iso('value')}
     $$`,
    // A person's pseudonymous id, made on first need: 'sub_' and 22 url-safe characters of a
    // random UUID's 16 bytes.
    `CREATE FUNCTION waypoint_subject_of(person integer) RETURNS text LANGUAGE plpgsql AS $$
     DECLARE
       found_id text;
     BEGIN
       IF person IS NULL THEN RETURN NULL; END IF;
       SELECT subject_id INTO found_id FROM record_subject WHERE user_key = person;
       IF found_id IS NULL THEN
         INSERT INTO record_subject (user_key, lms_key, subject_id)
           SELECT user_key, lms_key, 'sub_' || translate(
               rtrim(encode(uuid_send(gen_random_uuid()), 'base64'), '='), '+/', '-_')
             FROM app_user WHERE user_key = person
           ON CONFLICT DO NOTHING;
         SELECT subject_id INTO found_id FROM record_subject WHERE user_key = person;
       END IF;
       RETURN found_id;
     END $$`,
    // The canonical line, hashed (modules/records/chain.ts computes the same).
    `CREATE FUNCTION waypoint_event_hash(prev_hash text, lms_key integer, seq bigint,
         at timestamptz, type text, subject_id text, actor text, payload text)
       RETURNS text LANGUAGE sql STABLE AS $$
       SELECT encode(sha256(convert_to(prev_hash || E'\\n' || lms_key || E'\\n' || seq || E'\\n'
         || ${iso('at')} || E'\\n' || type || E'\\n' || coalesce(subject_id, '') || E'\\n'
         || actor || E'\\n' || payload, 'UTF8')), 'hex')
     $$`,
    // Who acted: the transaction's waypoint.actor (records/actor.ts withEventActor: 'operator',
    // 'system' or 'staff-user:<user key>', named by the staff member's subject id), else the
    // event's default ('learner' for what a student's own requests do, else 'system'); a forced
    // actor (a correction's recorder) wins over both.
    `CREATE FUNCTION waypoint_event_actor(default_actor text, forced_actor text)
       RETURNS text LANGUAGE plpgsql AS $$
     DECLARE
       setting text := nullif(current_setting('waypoint.actor', true), '');
     BEGIN
       IF forced_actor IS NOT NULL THEN RETURN forced_actor; END IF;
       IF setting IS NULL THEN RETURN default_actor; END IF;
       IF setting IN ('operator', 'system', 'learner') THEN RETURN setting; END IF;
       IF setting ~ '^staff-user:[0-9]+$' THEN
         RETURN 'staff:' || waypoint_subject_of(substr(setting, 12)::integer);
       END IF;
       RAISE EXCEPTION 'waypoint.actor % is not an actor', setting;
     END $$`,
    // Appends one entry to the LMS's chain (the LMS of the person when lms is null). The head row
    // is locked first, so the subject made on first need and the entry are one LMS's at a time.
    // A transaction's later appends to the same LMS continue from its own last entry, kept in a
    // setting local to the transaction (waypoint.chain_<lms>: 'seq hash'), and the head row is
    // written once, by training_chain_head_sync after the last: a rule that assigns a curriculum
    // to 10,000 people updates it once, not 10,000 times in one transaction.
    `CREATE FUNCTION waypoint_append_event(lms integer, event_type text, person integer,
         payload jsonb, default_actor text DEFAULT 'system', forced_actor text DEFAULT NULL)
       RETURNS void LANGUAGE plpgsql AS $$
     DECLARE
       chain_lms integer := lms;
       entry_at timestamptz := date_trunc('milliseconds', now());
       entry_payload text := payload::text;
       entry_subject text;
       entry_actor text;
       head_seq bigint;
       head_hash text;
       entry_hash text;
       own_last text;
     BEGIN
       IF chain_lms IS NULL THEN
         SELECT u.lms_key INTO chain_lms FROM app_user u WHERE u.user_key = person;
         IF chain_lms IS NULL THEN
           RAISE EXCEPTION 'training event % names person %, who does not exist', event_type, person;
         END IF;
       END IF;
       own_last := nullif(current_setting('waypoint.chain_' || chain_lms, true), '');
       IF own_last IS NOT NULL THEN
         head_seq := split_part(own_last, ' ', 1)::bigint;
         head_hash := split_part(own_last, ' ', 2);
       ELSE
         SELECT h.seq, h.hash INTO head_seq, head_hash
           FROM training_chain_head h WHERE h.lms_key = chain_lms FOR UPDATE;
         IF NOT FOUND THEN
           INSERT INTO training_chain_head (lms_key, seq, hash)
             VALUES (chain_lms, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
           SELECT h.seq, h.hash INTO head_seq, head_hash
             FROM training_chain_head h WHERE h.lms_key = chain_lms FOR UPDATE;
         END IF;
       END IF;
       entry_subject := waypoint_subject_of(person);
       entry_actor := waypoint_event_actor(default_actor, forced_actor);
       head_seq := head_seq + 1;
       entry_hash := waypoint_event_hash(head_hash, chain_lms, head_seq, entry_at, event_type,
         entry_subject, entry_actor, entry_payload);
       INSERT INTO training_event (lms_key, seq, at, type, subject_id, actor, payload, prev_hash, hash)
         VALUES (chain_lms, head_seq, entry_at, event_type, entry_subject, entry_actor,
           entry_payload, head_hash, entry_hash);
       PERFORM set_config('waypoint.chain_' || chain_lms, head_seq || ' ' || entry_hash, true);
     END $$`,
    // Deferred, so it runs after every append of the commit: the transaction's last entry of
    // the LMS moves the head there.
    `CREATE FUNCTION training_chain_head_sync() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF current_setting('waypoint.chain_' || NEW.lms_key, true) = NEW.seq || ' ' || NEW.hash THEN
         UPDATE training_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE lms_key = NEW.lms_key;
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER training_chain_head_sync AFTER INSERT ON training_event
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION training_chain_head_sync()`,

    // Assignments (0002, 0022's rule): assigned (made, or given back), unassigned, a new due date.
    `CREATE FUNCTION training_event_assignment() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       facts jsonb := jsonb_build_object('assignment', NEW.assignment_key,
         'curriculum', NEW.curriculum_key,
         'startDate', waypoint_iso(NEW.start_date),
         'dueAt', waypoint_iso(waypoint_due_at(NEW.start_date, NEW.duration_ms)));
     BEGIN
       IF TG_OP = 'INSERT' THEN
         IF NEW.removed_at IS NULL THEN
           PERFORM waypoint_append_event(NULL, 'assignment.assigned', NEW.user_key,
             facts || jsonb_build_object('rule', NEW.rule_key));
         END IF;
       ELSIF OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL THEN
         PERFORM waypoint_append_event(NULL, 'assignment.unassigned', NEW.user_key,
           jsonb_build_object('assignment', NEW.assignment_key, 'curriculum', NEW.curriculum_key));
       ELSIF OLD.removed_at IS NOT NULL AND NEW.removed_at IS NULL THEN
         PERFORM waypoint_append_event(NULL, 'assignment.assigned', NEW.user_key,
           facts || jsonb_build_object('rule', NEW.rule_key, 'givenBack', true));
       ELSIF NEW.removed_at IS NULL THEN
         PERFORM waypoint_append_event(NULL, 'assignment.due-changed', NEW.user_key,
           facts || jsonb_build_object(
             'startDateBefore', waypoint_iso(OLD.start_date),
             'dueAtBefore', waypoint_iso(waypoint_due_at(OLD.start_date, OLD.duration_ms))));
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER training_event_assignment_insert AFTER INSERT ON assignment
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION training_event_assignment()`,
    `CREATE CONSTRAINT TRIGGER training_event_assignment_update AFTER UPDATE ON assignment
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
       WHEN (OLD.removed_at IS DISTINCT FROM NEW.removed_at
             OR OLD.start_date IS DISTINCT FROM NEW.start_date
             OR OLD.duration_ms IS DISTINCT FROM NEW.duration_ms)
       EXECUTE FUNCTION training_event_assignment()`,

    // Launches (0005) of an assigned lesson; a library preview is no training.
    `CREATE FUNCTION training_event_launch() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM waypoint_append_event(NEW.lms_key, 'lesson.launched', NEW.user_key,
         jsonb_build_object('launch', NEW.launch_id, 'mode', NEW.mode, 'credit', NEW.credit,
           'assignment', NEW.assignment_key, 'curriculum', NEW.curriculum_key,
           'lesson', NEW.lesson_key), 'learner');
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER training_event_launch AFTER INSERT ON launch
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
       WHEN (NEW.assignment_key IS NOT NULL AND NOT NEW.preview)
       EXECUTE FUNCTION training_event_launch()`,

    // Attempts (0027): what changed in an attempt's result, from its state before (a new attempt:
    // nothing yet), in the order a person reads it: score, completed, passed or failed, ended.
    `CREATE FUNCTION training_attempt_result(a lesson_attempt) RETURNS jsonb LANGUAGE sql AS $$
       SELECT jsonb_build_object('completion', a.completion, 'credit', a.credit, 'score', a.score)
     $$`,
    `CREATE FUNCTION training_attempt_changes(before_completion integer, before_credit integer,
         before_score numeric, before_ended timestamptz, a lesson_attempt, default_actor text)
       RETURNS void LANGUAGE plpgsql AS $$
     DECLARE
       facts jsonb := jsonb_build_object('assignment', a.assignment_key, 'lesson', a.lesson_key,
         'attempt', a.number);
     BEGIN
       IF a.score IS DISTINCT FROM before_score THEN
         PERFORM waypoint_append_event(NULL, 'score.changed', a.user_key,
           facts || jsonb_build_object('before', before_score, 'after', a.score), default_actor);
       END IF;
       IF a.completion <> 0 AND a.completion IS DISTINCT FROM before_completion THEN
         PERFORM waypoint_append_event(NULL, 'lesson.completed', a.user_key,
           facts || jsonb_build_object('completion', a.completion,
             'completedAt', waypoint_iso(a.completion_instant)), default_actor);
       END IF;
       IF a.credit IS DISTINCT FROM before_credit AND a.credit IN (1, -1) THEN
         PERFORM waypoint_append_event(NULL,
           CASE WHEN a.credit = 1 THEN 'lesson.passed' ELSE 'lesson.failed' END, a.user_key,
           facts || jsonb_build_object('score', a.score), default_actor);
       END IF;
       IF before_ended IS NULL AND a.ended_at IS NOT NULL THEN
         PERFORM waypoint_append_event(NULL, 'attempt.ended', a.user_key,
           facts || jsonb_build_object('endedAt', waypoint_iso(a.ended_at),
             'durationMs', a.duration_ms, 'result', training_attempt_result(a),
             'offline', a.flagged_offline), default_actor);
       END IF;
     END $$`,
    `CREATE FUNCTION training_event_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       facts jsonb := jsonb_build_object('assignment', NEW.assignment_key,
         'lesson', NEW.lesson_key, 'attempt', NEW.number);
       corrected lesson_attempt;
     BEGIN
       IF TG_OP = 'UPDATE' THEN
         PERFORM training_attempt_changes(OLD.completion, OLD.credit, OLD.score, OLD.ended_at,
           NEW, 'learner');
       ELSIF NEW.source = 'player' THEN
         PERFORM waypoint_append_event(NULL, 'attempt.started', NEW.user_key,
           facts || jsonb_build_object('launch', NEW.launch_id,
             'startedAt', waypoint_iso(NEW.started_at)), 'learner');
         PERFORM training_attempt_changes(0, 0, NULL, NULL, NEW, 'learner');
       ELSIF NEW.source = 'correction' THEN
         -- The original stays as it was (0027); the entry keeps both results and the reason.
         SELECT * INTO corrected FROM lesson_attempt c
           WHERE c.assignment_key = NEW.assignment_key AND c.lesson_key = NEW.lesson_key
             AND c.number = NEW.corrects;
         PERFORM waypoint_append_event(NULL, 'record.corrected', NEW.user_key,
           facts || jsonb_build_object('corrects', NEW.corrects, 'reason', NEW.reason,
             'recordedBy', waypoint_subject_of(NEW.recorded_by),
             'original', CASE WHEN corrected.number IS NULL THEN NULL
                              ELSE training_attempt_result(corrected) END,
             'corrected', training_attempt_result(NEW)),
           'system', 'staff:' || waypoint_subject_of(NEW.recorded_by));
       ELSE
         -- 'migrated' (0027's rows of before) or 'imported': a result recorded elsewhere.
         PERFORM waypoint_append_event(NULL, 'attempt.' || NEW.source, NEW.user_key,
           facts || jsonb_build_object('startedAt', waypoint_iso(NEW.started_at),
             'endedAt', waypoint_iso(NEW.ended_at), 'durationMs', NEW.duration_ms,
             'completedAt', waypoint_iso(NEW.completion_instant),
             'result', training_attempt_result(NEW), 'offline', NEW.flagged_offline));
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER training_event_attempt_insert AFTER INSERT ON lesson_attempt
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION training_event_attempt()`,
    `CREATE CONSTRAINT TRIGGER training_event_attempt_update AFTER UPDATE ON lesson_attempt
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
       WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at
             OR OLD.completion IS DISTINCT FROM NEW.completion
             OR OLD.credit IS DISTINCT FROM NEW.credit
             OR OLD.score IS DISTINCT FROM NEW.score)
       EXECUTE FUNCTION training_event_attempt()`,

    // Certificates (0008): issued; revoked (revoked_at set, 0008/0019). The public code stays out:
    // it opens the public page that names the holder.
    `CREATE FUNCTION training_event_certificate() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' THEN
         PERFORM waypoint_append_event(NEW.lms_key, 'certificate.issued', NEW.user_key,
           jsonb_build_object('certificate', NEW.certificate_key,
             'assignment', NEW.assignment_key, 'curriculum', NEW.curriculum_key,
             'course', NEW.course_key, 'completedAt', waypoint_iso(NEW.completed_at),
             'issuedAt', waypoint_iso(NEW.issued_at), 'expiresAt', waypoint_iso(NEW.expires_at)));
       END IF;
       IF NEW.revoked_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.revoked_at IS NULL) THEN
         PERFORM waypoint_append_event(NEW.lms_key, 'certificate.revoked', NEW.user_key,
           jsonb_build_object('certificate', NEW.certificate_key,
             'revokedAt', waypoint_iso(NEW.revoked_at), 'reason', NEW.revoke_reason));
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER training_event_certificate_insert AFTER INSERT ON issued_certificate
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION training_event_certificate()`,
    `CREATE CONSTRAINT TRIGGER training_event_certificate_update AFTER UPDATE ON issued_certificate
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
       WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
       EXECUTE FUNCTION training_event_certificate()`,

    // Documents (0003): the student's save of a document form sets acknowledged_at, with its
    // answers and files in the same transaction (documents/service.ts); counted, never copied.
    `CREATE FUNCTION training_event_document() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM waypoint_append_event(NULL, 'document.submitted', NEW.user_key,
         jsonb_build_object('form', NEW.form_key,
           'answers', (SELECT count(*) FROM jsonb_each(CASE
                          WHEN jsonb_typeof(NEW.response_data) = 'object' THEN NEW.response_data
                          ELSE '{}'::jsonb END) e
                        WHERE e.value NOT IN ('""'::jsonb, 'null'::jsonb)),
           'files', (SELECT count(*) FROM document_upload d
                      WHERE d.form_key = NEW.form_key AND d.user_key = NEW.user_key),
           'effectiveAt', waypoint_iso(NEW.effective_at),
           'expiresAt', waypoint_iso(NEW.expires_at)), 'learner');
       RETURN NULL;
     END $$`,
    `CREATE CONSTRAINT TRIGGER training_event_document AFTER UPDATE ON assigned_document
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
       WHEN (NEW.acknowledged_at IS NOT NULL
             AND OLD.acknowledged_at IS DISTINCT FROM NEW.acknowledged_at)
       EXECUTE FUNCTION training_event_document()`,

    // What exists already is recorded once, as of now (each row's own dates in its payload), in
    // the order it happened, per LMS: live assignments, attempts (0027's migrated ones), then
    // certificates issued and revoked. One loop keeps each LMS's head in variables and writes it
    // once, instead of updating the head row once per entry of one long transaction.
    `DO $$
     DECLARE
       pending record;
       chain_lms integer;
       entry_at timestamptz := date_trunc('milliseconds', now());
       entry_subject text;
       entry_payload text;
       entry_hash text;
       head_seq bigint;
       head_hash text;
     BEGIN
       FOR pending IN
         SELECT * FROM (
           SELECT u.lms_key, 1 AS kind, a.assigned_at AS happened, a.assignment_key AS k1,
                  0 AS k2, 0 AS k3, 'assignment.assigned' AS type, a.user_key,
                  jsonb_build_object('assignment', a.assignment_key, 'curriculum', a.curriculum_key,
                    'startDate', waypoint_iso(a.start_date),
                    'dueAt', waypoint_iso(waypoint_due_at(a.start_date, a.duration_ms)),
                    'rule', a.rule_key, 'assignedAt', waypoint_iso(a.assigned_at)) AS payload
             FROM assignment a JOIN app_user u ON u.user_key = a.user_key
            WHERE a.removed_at IS NULL
           UNION ALL
           SELECT u.lms_key, 2, t.started_at, t.assignment_key, t.lesson_key, t.number,
                  'attempt.' || t.source, t.user_key,
                  jsonb_build_object('assignment', t.assignment_key, 'lesson', t.lesson_key,
                    'attempt', t.number, 'startedAt', waypoint_iso(t.started_at),
                    'endedAt', waypoint_iso(t.ended_at), 'durationMs', t.duration_ms,
                    'completedAt', waypoint_iso(t.completion_instant),
                    'result', training_attempt_result(t), 'offline', t.flagged_offline)
             FROM lesson_attempt t JOIN app_user u ON u.user_key = t.user_key
           UNION ALL
           SELECT c.lms_key, 3, c.issued_at, c.certificate_key, 0, 0, 'certificate.issued',
                  c.user_key,
                  jsonb_build_object('certificate', c.certificate_key,
                    'assignment', c.assignment_key, 'curriculum', c.curriculum_key,
                    'course', c.course_key, 'completedAt', waypoint_iso(c.completed_at),
                    'issuedAt', waypoint_iso(c.issued_at), 'expiresAt', waypoint_iso(c.expires_at))
             FROM issued_certificate c
           UNION ALL
           SELECT c.lms_key, 4, c.revoked_at, c.certificate_key, 0, 0, 'certificate.revoked',
                  c.user_key,
                  jsonb_build_object('certificate', c.certificate_key,
                    'revokedAt', waypoint_iso(c.revoked_at), 'reason', c.revoke_reason)
             FROM issued_certificate c WHERE c.revoked_at IS NOT NULL
         ) existing ORDER BY lms_key, kind, happened, k1, k2, k3
       LOOP
         IF chain_lms IS DISTINCT FROM pending.lms_key THEN
           IF chain_lms IS NOT NULL THEN
             INSERT INTO training_chain_head (lms_key, seq, hash) VALUES (chain_lms, head_seq, head_hash);
           END IF;
           chain_lms := pending.lms_key;
           head_seq := 0;
           head_hash := repeat('0', 64);
         END IF;
         entry_subject := waypoint_subject_of(pending.user_key);
         entry_payload := pending.payload::text;
         head_seq := head_seq + 1;
         entry_hash := waypoint_event_hash(head_hash, chain_lms, head_seq, entry_at, pending.type,
           entry_subject, 'system', entry_payload);
         INSERT INTO training_event (lms_key, seq, at, type, subject_id, actor, payload, prev_hash, hash)
           VALUES (chain_lms, head_seq, entry_at, pending.type, entry_subject, 'system',
             entry_payload, head_hash, entry_hash);
         head_hash := entry_hash;
       END LOOP;
       IF chain_lms IS NOT NULL THEN
         INSERT INTO training_chain_head (lms_key, seq, hash) VALUES (chain_lms, head_seq, head_hash);
       END IF;
     END $$`,
  ],
};
