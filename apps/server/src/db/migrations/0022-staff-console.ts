import type { Migration } from './migration.js';

/**
 * The staff console (docs/decisions/0021): roles as sets of §3 Permissions flags, the staff
 * members who hold one and the restriction groups that scope them, the append-only audit log of
 * every staff and operator action, assignment rules, and which of the two apps a session or an
 * MFA challenge is for.
 */
export const migration0022: Migration = {
  name: '0022-staff-console',
  statements: [
    // A built-in role's flags are the code's (BUILT_IN_ROLES), so an upgrade can change them;
    // a role an administrator made keeps its own in permissions.
    `CREATE TABLE staff_role (
      role_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
      built_in text CHECK (built_in IN ('administrator', 'training-manager', 'instructor', 'auditor')),
      permissions jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE UNIQUE INDEX staff_role_name ON staff_role (lms_key, lower(name))`,
    `CREATE UNIQUE INDEX staff_role_built_in ON staff_role (lms_key, built_in)`,
    `CREATE FUNCTION staff_role_built_ins() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO staff_role (lms_key, name, built_in) VALUES
         (NEW.lms_key, 'Administrator', 'administrator'),
         (NEW.lms_key, 'Training manager', 'training-manager'),
         (NEW.lms_key, 'Instructor', 'instructor'),
         (NEW.lms_key, 'Auditor', 'auditor');
       RETURN NEW;
     END $$`,
    // Every LMS has the built-in roles from the moment it exists, however it was made.
    `CREATE TRIGGER lms_staff_roles AFTER INSERT ON lms
       FOR EACH ROW EXECUTE FUNCTION staff_role_built_ins()`,
    `INSERT INTO staff_role (lms_key, name, built_in)
       SELECT lms_key, r.name, r.built_in FROM lms,
         (VALUES ('Administrator', 'administrator'), ('Training manager', 'training-manager'),
                 ('Instructor', 'instructor'), ('Auditor', 'auditor')) AS r (name, built_in)`,
    // restriction_groups '{}' = the whole LMS (§3 Permissions restrictionGroups).
    `CREATE TABLE staff_member (
      user_key integer PRIMARY KEY REFERENCES app_user ON DELETE CASCADE,
      role_key integer NOT NULL REFERENCES staff_role,
      restriction_groups text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX staff_member_role ON staff_member (role_key)`,
    // Append-only: no foreign keys, so that nothing deleted later takes a record with it.
    // lms_key is null for a server-wide operator action (an LMS made, say).
    `CREATE TABLE audit_event (
      event_key bigserial PRIMARY KEY,
      lms_key integer,
      at timestamptz NOT NULL DEFAULT now(),
      actor_user_key integer,
      actor_label text NOT NULL,
      client_address text NOT NULL DEFAULT '',
      action text NOT NULL,
      target_type text NOT NULL DEFAULT '',
      target_key text NOT NULL DEFAULT '',
      summary text NOT NULL DEFAULT '',
      before jsonb,
      after jsonb
    )`,
    `CREATE INDEX audit_event_lms ON audit_event (lms_key, event_key DESC)`,
    `CREATE INDEX audit_event_target ON audit_event (lms_key, target_type, target_key)`,
    `CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       RAISE EXCEPTION 'audit_event is append-only';
     END $$`,
    `CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event
       FOR EACH ROW EXECUTE FUNCTION audit_event_append_only()`,
    `CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
       FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only()`,
    // A rule assigns a curriculum to everyone who matches it, now and when they join or change
    // (null criterion = any value). Due by due_date when set, else start + duration_ms.
    `CREATE TABLE assignment_rule (
      rule_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      curriculum_key integer NOT NULL REFERENCES curriculum ON DELETE CASCADE,
      base text,
      fleet text,
      position text,
      restriction_group text,
      start_date timestamptz,
      duration_ms bigint,
      due_date timestamptz,
      created_by integer REFERENCES app_user ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz
    )`,
    `CREATE INDEX assignment_rule_lms ON assignment_rule (lms_key) WHERE ended_at IS NULL`,
    `ALTER TABLE assignment ADD COLUMN rule_key integer REFERENCES assignment_rule ON DELETE SET NULL`,
    `ALTER TABLE user_session ADD COLUMN audience text NOT NULL DEFAULT 'panel'
       CHECK (audience IN ('panel', 'console'))`,
    `ALTER TABLE mfa_challenge ADD COLUMN audience text NOT NULL DEFAULT 'panel'
       CHECK (audience IN ('panel', 'console'))`,
    `ALTER TABLE app_user ADD COLUMN last_sign_in_at timestamptz`,
    // A single sign-on started from the console ends in a console session (sso/, ADR 0016).
    `ALTER TABLE sso_pending_login ADD COLUMN audience text NOT NULL DEFAULT 'panel'
       CHECK (audience IN ('panel', 'console'))`,
    `ALTER TABLE sso_handoff ADD COLUMN audience text NOT NULL DEFAULT 'panel'
       CHECK (audience IN ('panel', 'console'))`,
  ],
};
