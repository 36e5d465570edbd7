import type { Migration } from './migration.js';

/**
 * Document forms as structured data (spec §3 Document form, §5 Document submit): the choices of
 * select fields, one saved file per file field, field names unique within a form (the student's
 * answers are keyed by them), and the field types the panel knows how to render.
 */
export const migration0012: Migration = {
  name: '0012-document-forms',
  statements: [
    `ALTER TABLE document_form_field ADD COLUMN options jsonb NOT NULL DEFAULT '[]'`,
    `ALTER TABLE document_form_field ADD CONSTRAINT document_form_field_type CHECK (
      field_type IN ('text', 'textarea', 'date', 'select', 'multiselect', 'checkbox', 'file')
    )`,
    `CREATE UNIQUE INDEX document_form_field_name ON document_form_field (form_key, name)`,
    `ALTER TABLE document_upload ADD CONSTRAINT document_upload_size CHECK (size_bytes >= 0)`,
    // One file per file field: a new upload replaces the old one in the same transaction.
    `CREATE UNIQUE INDEX document_upload_field ON document_upload (form_key, user_key, field_key)`,
    `CREATE UNIQUE INDEX document_upload_storage ON document_upload (storage_path)`,
    `CREATE INDEX document_form_lms_name ON document_form (lms_key, name)`,
  ],
};
