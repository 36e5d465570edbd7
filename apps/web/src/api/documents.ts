/** The document reads (spec §7): the assigned documents and their expired/unsubmitted counts. */
import { documentCalls } from '@waypoint/domain/contract';
import { send } from './client';

export type { AssignedDocument, DocumentCounts } from '@waypoint/domain/contract';

/** GET /api/form/{lmsKey}/count/{userKey}: how many documents are expired or unsubmitted. */
export const getDocumentCounts = (lmsKey: number, userKey: number) =>
  send(documentCalls.counts, [lmsKey, userKey]);

/** GET /api/form/{lmsKey}/ALL/{userKey}: the documents assigned to the user. */
export const getAssignedDocuments = (lmsKey: number, userKey: number) =>
  send(documentCalls.assigned, [lmsKey, userKey]);
