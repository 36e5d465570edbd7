import type { Migration } from './migration.js';

/**
 * Certificates (spec §2 Certificate page, §3 Certificate data, §6; docs/decisions/0011): the
 * theme and validity of an LMS's certificate settings, its logo and signature images, the
 * certificates issued (each with a random public code for the verification page and an index in
 * the LMS's revocation status list), and the keys that sign Open Badges credentials.
 */
export const migration0008: Migration = {
  name: '0008-certificates',
  statements: [
    `ALTER TABLE certificate_settings
      ADD COLUMN theme text NOT NULL DEFAULT 'default',
      ADD COLUMN validity_months integer NOT NULL DEFAULT 0
        CHECK (validity_months >= 0 AND validity_months <= 1200)`,
    `CREATE TABLE certificate_asset (
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      name text NOT NULL CHECK (name IN ('logo', 'signature')),
      media_type text NOT NULL CHECK (media_type IN ('image/png', 'image/jpeg')),
      data bytea NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (lms_key, name)
    )`,
    `CREATE TABLE issued_certificate (
      certificate_key serial PRIMARY KEY,
      public_id text NOT NULL UNIQUE CHECK (public_id ~ '^[A-Z2-7]{26}$'),
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      assignment_key integer NOT NULL REFERENCES assignment ON DELETE CASCADE,
      curriculum_key integer NOT NULL REFERENCES curriculum ON DELETE CASCADE,
      course_key integer REFERENCES course ON DELETE CASCADE,
      holder_name text NOT NULL,
      achievement_name text NOT NULL,
      certificate_type_name text NOT NULL DEFAULT '',
      issuer_name text NOT NULL,
      theme text NOT NULL DEFAULT 'default',
      completed_at timestamptz NOT NULL,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz,
      status_index integer NOT NULL CHECK (status_index >= 0 AND status_index < 131072),
      revoked_at timestamptz,
      revoke_reason text NOT NULL DEFAULT ''
    )`,
    `CREATE UNIQUE INDEX issued_certificate_element
      ON issued_certificate (assignment_key, (coalesce(course_key, 0)))`,
    `CREATE UNIQUE INDEX issued_certificate_status ON issued_certificate (lms_key, status_index)`,
    `CREATE INDEX issued_certificate_user ON issued_certificate (user_key)`,
    `CREATE TABLE credential_signing_key (
      kid text PRIMARY KEY,
      algorithm text NOT NULL,
      public_jwk jsonb NOT NULL,
      private_key_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      retired_at timestamptz
    )`,
    // At most one key signs at a time; retired keys stay published so old credentials verify.
    `CREATE UNIQUE INDEX credential_signing_key_active
      ON credential_signing_key ((true)) WHERE retired_at IS NULL`,
  ],
};
