/**
 * The document calls of §7: the documents assigned to a student and the expired/unsubmitted
 * counts behind the header's warning icon (§1, §3 Document counts, §4 Documents).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key, StudentPath } from './common.js';

/** An assigned document with the spec's field names (§3 Document form + Assigned document). */
export const AssignedDocument = Type.Object({
  key: Type.Number(),
  formKey: Type.Number(),
  lmsKey: Type.Number(),
  name: Type.String(),
  description: Type.String(),
  maxExpiration: Type.Number(),
  userKey: Type.Number(),
  archive: Type.Number(),
  /** Instants in ms since the epoch; 0 when not set. */
  effectiveInstant: Type.Number(),
  expirationInstant: Type.Number(),
  acknowledgedInstant: Type.Number(),
  /** JSON text; '' when the student has submitted nothing (§4 Documents). */
  responseData: Type.String(),
});
export type AssignedDocument = Static<typeof AssignedDocument>;

/** Document counts (§3): how many assigned documents are expired or unsubmitted. */
export const DocumentCounts = Type.Object({ Expired: Type.Number(), Unsubmitted: Type.Number() });
export type DocumentCounts = Static<typeof DocumentCounts>;

/** A file saved in a file field (one per field; a new upload replaces it). */
export const DocumentFile = Type.Object({
  uploadKey: Type.Number(),
  /** The name the student's file had, without any path. */
  fileName: Type.String(),
  /** Decided from the file's bytes when it was uploaded. */
  contentType: Type.String(),
  sizeBytes: Type.Number(),
  uploadedInstant: Type.Number(),
});
export type DocumentFile = Static<typeof DocumentFile>;

/**
 * A form field's attributes map (§3: value, required, readonly, href, download, type). Flags are
 * 'true' or absent. For a file field, href is the address (below the service base) whose DELETE
 * removes the saved file (§7), and download a short-lived link on the content origin.
 */
export const DocumentFieldAttributes = Type.Object({
  value: Type.Optional(Type.String()),
  required: Type.Optional(Type.String()),
  readonly: Type.Optional(Type.String()),
  href: Type.Optional(Type.String()),
  download: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
});
export type DocumentFieldAttributes = Static<typeof DocumentFieldAttributes>;

/** A form field (§3): structured data the panel renders itself, never HTML. */
export const DocumentField = Type.Object({
  fieldKey: Type.Number(),
  formKey: Type.Number(),
  name: Type.String(),
  description: Type.String(),
  /** text, textarea, date, select, multiselect, checkbox or file. */
  type: Type.String(),
  attributes: DocumentFieldAttributes,
  /** The choices of a select or multiselect field. */
  options: Type.Array(Type.String()),
  /** The chosen values of a multiselect field. */
  values: Type.Array(Type.String()),
  /** The file saved in a file field, if any. */
  file: Type.Union([DocumentFile, Type.Null()]),
});
export type DocumentField = Static<typeof DocumentField>;

/** One assigned document with its form's fields and the student's answers (§7 form detail). */
export const DocumentDetail = Type.Object({
  document: AssignedDocument,
  fields: Type.Array(DocumentField),
});
export type DocumentDetail = Static<typeof DocumentDetail>;

/** {lmsKey}/{formKey}/{userKey} of one document. */
export const DocumentPath = Type.Object({ lmsKey: Key, formKey: Key, userKey: Key });
export type DocumentPath = Static<typeof DocumentPath>;

/** The path of one saved file (its href). */
export const DocumentFilePath = Type.Object({
  lmsKey: Key,
  formKey: Key,
  userKey: Key,
  uploadKey: Key,
});

/**
 * A refused save: every §5 message, and all of them joined with ' - ' in message. A request the
 * schemas refuse (bad path, body too large) has the platform's error body, without messages.
 */
export const DocumentRefusal = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  messages: Type.Optional(Type.Array(Type.String())),
});
export type DocumentRefusal = Static<typeof DocumentRefusal>;

/**
 * Part names of the multipart save: `field-{fieldKey}` for each field's value (repeated for the
 * choices of a multiselect) or file.
 */
export const documentPartName = (fieldKey: number): string => `field-${fieldKey}`;

/** The document calls of §7. */
export const documentCalls = {
  /** GET /api/form/{lmsKey}/count/{userKey}: how many documents are expired or unsubmitted. */
  counts: defineCall<DocumentCounts>()({
    method: 'GET',
    route: '/api/form/:lmsKey/count/:userKey',
    path: (lmsKey: number, userKey: number) => `/api/form/${enc(lmsKey)}/count/${enc(userKey)}`,
  }),
  /** GET /api/form/{lmsKey}/ALL/{userKey}: the documents assigned to the student. */
  assigned: defineCall<AssignedDocument[]>()({
    method: 'GET',
    route: '/api/form/:lmsKey/ALL/:userKey',
    path: (lmsKey: number, userKey: number) => `/api/form/${enc(lmsKey)}/ALL/${enc(userKey)}`,
  }),
  /** GET /api/form/{lmsKey}/{formKey}/{userKey}: one document with its fields. */
  detail: defineCall<DocumentDetail>()({
    method: 'GET',
    route: '/api/form/:lmsKey/:formKey/:userKey',
    path: (lmsKey: number, formKey: number, userKey: number) =>
      `/api/form/${enc(lmsKey)}/${enc(formKey)}/${enc(userKey)}`,
  }),
  /**
   * POST (multipart) /api/form/{lmsKey}/{formKey}/{userKey}: the field values and files together;
   * all saved or nothing. The body is FormData, so it is typed as such by the panel's sender.
   */
  save: defineCall<DocumentDetail>()({
    method: 'POST',
    route: '/api/form/:lmsKey/:formKey/:userKey',
    path: (lmsKey: number, formKey: number, userKey: number) =>
      `/api/form/${enc(lmsKey)}/${enc(formKey)}/${enc(userKey)}`,
  }),
  /** DELETE {file href}: removes a saved file; answers the document as it now is. */
  deleteFile: defineCall<DocumentDetail>()({
    method: 'DELETE',
    route: '/api/form/:lmsKey/:formKey/:userKey/file/:uploadKey',
    path: (lmsKey: number, formKey: number, userKey: number, uploadKey: number) =>
      `/api/form/${enc(lmsKey)}/${enc(formKey)}/${enc(userKey)}/file/${enc(uploadKey)}`,
  }),
};

/** Route schemas of the document calls (validation, serialisation, OpenAPI). */
export const documentSchemas = {
  counts: {
    summary: 'How many assigned documents are expired or unsubmitted',
    params: StudentPath,
    response: { 200: DocumentCounts },
  },
  assigned: {
    summary: 'The documents assigned to the student',
    params: StudentPath,
    response: { 200: Type.Array(AssignedDocument) },
  },
  detail: {
    summary: 'One assigned document with its form fields and the saved answers and files',
    params: DocumentPath,
    response: { 200: DocumentDetail, 404: ErrorBody },
  },
  save: {
    summary:
      'Saves a document (multipart/form-data: part field-{fieldKey} per value or file); all or nothing',
    params: DocumentPath,
    response: {
      200: DocumentDetail,
      400: DocumentRefusal,
      404: ErrorBody,
      413: DocumentRefusal,
      415: ErrorBody,
    },
  },
  deleteFile: {
    summary: 'Removes a saved file from a document',
    params: DocumentFilePath,
    response: { 200: DocumentDetail, 404: ErrorBody },
  },
} satisfies Record<keyof typeof documentCalls, object>;
