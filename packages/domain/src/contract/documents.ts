/**
 * The document calls of §7: the documents assigned to a student and the expired/unsubmitted
 * counts behind the header's warning icon (§1, §3 Document counts, §4 Documents).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { StudentPath } from './common.js';

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
} satisfies Record<keyof typeof documentCalls, object>;
