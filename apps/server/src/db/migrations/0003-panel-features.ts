import type { Migration } from './migration.js';

/**
 * The rest of the panel's data (spec §3): dashboard widgets, certificate settings, library media,
 * documents (forms), comments (annotations) and evaluations.
 */
export const migration0003: Migration = {
  name: '0003-panel-features',
  statements: [
    `CREATE TABLE widget (
      widget_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      widget_type text NOT NULL,
      name text NOT NULL,
      settings jsonb NOT NULL DEFAULT '{}',
      sort_order integer NOT NULL DEFAULT 0,
      is_deleted integer NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX widget_lms ON widget (lms_key, sort_order)`,
    `CREATE TABLE certificate_settings (
      lms_key integer PRIMARY KEY REFERENCES lms ON DELETE CASCADE,
      show_lms_name boolean NOT NULL DEFAULT true,
      show_summary_info boolean NOT NULL DEFAULT true,
      show_assignment_list boolean NOT NULL DEFAULT true,
      show_text boolean NOT NULL DEFAULT true,
      show_signature boolean NOT NULL DEFAULT true,
      certificate_text text NOT NULL DEFAULT '',
      certificate_type_name text NOT NULL DEFAULT '',
      logo_url text NOT NULL DEFAULT '',
      signature_name text NOT NULL DEFAULT '',
      signature_title text NOT NULL DEFAULT '',
      signature_image_url text NOT NULL DEFAULT ''
    )`,
    `CREATE TABLE library_media (
      library_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      media_type text NOT NULL DEFAULT '',
      link text NOT NULL DEFAULT '',
      file_name text NOT NULL DEFAULT '',
      course_key integer REFERENCES course ON DELETE SET NULL,
      sort_order integer NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE document_form (
      form_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      max_expiration_ms bigint NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE document_form_field (
      field_key serial PRIMARY KEY,
      form_key integer NOT NULL REFERENCES document_form ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      field_type text NOT NULL DEFAULT 'text',
      attributes jsonb NOT NULL DEFAULT '{}',
      sort_order integer NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX document_form_field_form ON document_form_field (form_key, sort_order)`,
    `CREATE TABLE assigned_document (
      form_key integer NOT NULL REFERENCES document_form ON DELETE CASCADE,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      archive integer NOT NULL DEFAULT 0,
      effective_at timestamptz,
      expires_at timestamptz,
      acknowledged_at timestamptz,
      response_data jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (form_key, user_key)
    )`,
    `CREATE TABLE document_upload (
      upload_key serial PRIMARY KEY,
      form_key integer NOT NULL,
      user_key integer NOT NULL,
      field_key integer NOT NULL REFERENCES document_form_field ON DELETE CASCADE,
      file_name text NOT NULL,
      content_type text NOT NULL,
      size_bytes integer NOT NULL,
      storage_path text NOT NULL,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (form_key, user_key) REFERENCES assigned_document ON DELETE CASCADE
    )`,
    `CREATE TABLE annotation (
      annotation_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      course_key integer NOT NULL REFERENCES course ON DELETE CASCADE,
      sco_key integer NOT NULL,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      location text NOT NULL,
      annotation_type text NOT NULL DEFAULT 'comment',
      annotation_string text NOT NULL CHECK (length(annotation_string) <= 4000),
      parent integer NOT NULL DEFAULT -1,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX annotation_place ON annotation (lms_key, course_key, sco_key, location)`,
    `CREATE TABLE evaluation (
      evaluation_key serial PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      user_key integer NOT NULL REFERENCES app_user ON DELETE CASCADE,
      evaluation_type text NOT NULL DEFAULT 'report',
      name text NOT NULL,
      half_link text NOT NULL
    )`,
    `CREATE INDEX evaluation_user ON evaluation (user_key, evaluation_type)`,
  ],
};
