import type { Migration } from './migration.js';

/** Training providers (LMS tenants), their users and everything sign-in needs (spec §3, §4). */
export const migration0001: Migration = {
  name: '0001-lms-and-users',
  statements: [
    `CREATE TABLE lms (
      lms_key serial PRIMARY KEY,
      lms_code text NOT NULL UNIQUE CHECK (lms_code ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      lms_name text NOT NULL,
      lms_display_name text NOT NULL,
      lms_short_name text NOT NULL DEFAULT '',
      customer_id integer NOT NULL DEFAULT 0,
      obsolete integer NOT NULL DEFAULT 0,
      sandbox integer NOT NULL DEFAULT 0,
      admin_locked integer NOT NULL DEFAULT 0,
      student_locked integer NOT NULL DEFAULT 0,
      default_language text NOT NULL DEFAULT 'en',
      billing_type integer NOT NULL DEFAULT 0,
      theme_name text NOT NULL DEFAULT '',
      theme_primary_color text NOT NULL DEFAULT '',
      theme_logo_url text NOT NULL DEFAULT '',
      theme_url text NOT NULL DEFAULT '',
      show_dashboard integer NOT NULL DEFAULT 1,
      rebrand2021 integer NOT NULL DEFAULT 0,
      enforce_curriculum_prerequisites_toggle integer NOT NULL DEFAULT 1,
      hide_cpat_login integer NOT NULL DEFAULT 0,
      sso_enabled boolean NOT NULL DEFAULT false,
      live_background boolean NOT NULL DEFAULT false,
      host_names text[] NOT NULL DEFAULT '{}',
      is_default boolean NOT NULL DEFAULT false,
      support_phone text NOT NULL DEFAULT 'N/A',
      support_operation_hours text NOT NULL DEFAULT 'N/A',
      support_email text NOT NULL DEFAULT 'N/A',
      support_chat text NOT NULL DEFAULT 'N/A',
      student_faq text NOT NULL DEFAULT 'N/A',
      help_centre_url text NOT NULL DEFAULT '',
      privacy_policy_url text NOT NULL DEFAULT '',
      allow_expired_assignments_to_be_completed integer NOT NULL DEFAULT 0,
      allow_students_to_view_certificates integer NOT NULL DEFAULT 1,
      certificate_reporter_access integer NOT NULL DEFAULT 0,
      mfa_remember_device_ms bigint NOT NULL DEFAULT 2592000000,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    // At most one LMS answers requests that name none (host name or lms code).
    `CREATE UNIQUE INDEX lms_one_default ON lms (is_default) WHERE is_default`,
    `CREATE TABLE app_download_link (
      link_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      label text NOT NULL,
      link text NOT NULL,
      will_render boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX app_download_link_lms ON app_download_link (lms_key, sort_order)`,
    `CREATE TABLE app_user (
      user_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      user_id text NOT NULL CHECK (length(user_id) BETWEEN 1 AND 255),
      email text NOT NULL DEFAULT '' CHECK (length(email) <= 255),
      name_collated text NOT NULL DEFAULT '',
      name_other text NOT NULL DEFAULT '',
      display_name text NOT NULL DEFAULT '',
      employee_id text NOT NULL DEFAULT '',
      base text NOT NULL DEFAULT '',
      position text NOT NULL DEFAULT '',
      fleet text NOT NULL DEFAULT '',
      restriction_group text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      user_type integer NOT NULL DEFAULT 0,
      is_student boolean NOT NULL DEFAULT true,
      inactive integer NOT NULL DEFAULT 0,
      mfa_enabled boolean NOT NULL DEFAULT false,
      password_hash text,
      password_changed_at timestamptz,
      failed_login_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    // Login IDs and emails are matched without regard to case, within one LMS.
    `CREATE UNIQUE INDEX app_user_login ON app_user (lms_key, lower(user_id))`,
    `CREATE INDEX app_user_email ON app_user (lms_key, lower(email))`,
    `CREATE TABLE user_session (
      session_hash text PRIMARY KEY,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      binding_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      client_address text NOT NULL DEFAULT '',
      user_agent text NOT NULL DEFAULT ''
    )`,
    `CREATE INDEX user_session_user ON user_session (user_key)`,
    `CREATE TABLE mfa_challenge (
      mfa_hash text PRIMARY KEY,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      code_hash text NOT NULL,
      use_cookie boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      code_sent_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      resend_count integer NOT NULL DEFAULT 0,
      consumed_at timestamptz
    )`,
    `CREATE INDEX mfa_challenge_user ON mfa_challenge (user_key)`,
    `CREATE TABLE remembered_device (
      device_hash text PRIMARY KEY,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`,
    `CREATE INDEX remembered_device_user ON remembered_device (user_key)`,
    `CREATE TABLE password_token (
      token_hash text PRIMARY KEY,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('reset', 'register')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`,
    `CREATE INDEX password_token_user ON password_token (user_key)`,
    // Fixed-window counters shared by every server instance (login, MFA, reset).
    `CREATE TABLE rate_limit (
      bucket text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )`,
    `CREATE TABLE email_outbox (
      email_key serial PRIMARY KEY,
      lms_key integer REFERENCES lms ON DELETE SET NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      error text
    )`,
    // Secrets shared by every server instance (the XSRF signing key), made on first start.
    `CREATE TABLE server_secret (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX email_outbox_to ON email_outbox (lower(to_address), email_key)`,
  ],
};
