/**
 * Document reads (spec §7). api/ has no functions for them yet, so they live here on top of the
 * shared client.
 */
import { request, unwrap } from '../../api';
import type { AssignedDocument, DocumentCounts } from './document-status';

const enc = encodeURIComponent;

/** Query keys of the document reads. */
export const documentKeys = {
  counts: (lmsKey: number, userKey: number) => ['documents', 'counts', lmsKey, userKey] as const,
  list: (lmsKey: number, userKey: number) => ['documents', 'list', lmsKey, userKey] as const,
};

/** GET /api/form/{lmsKey}/count/{userKey}: how many documents are expired or unsubmitted. */
export async function getDocumentCounts(lmsKey: number, userKey: number): Promise<DocumentCounts> {
  const body = unwrap(
    await request<Partial<DocumentCounts>>(`/api/form/${enc(lmsKey)}/count/${enc(userKey)}`),
  );
  return { Expired: Number(body?.Expired) || 0, Unsubmitted: Number(body?.Unsubmitted) || 0 };
}

/** GET /api/form/{lmsKey}/ALL/{userKey}: the documents assigned to the user. */
export async function getAssignedDocuments(
  lmsKey: number,
  userKey: number,
): Promise<AssignedDocument[]> {
  const body = unwrap(await request<unknown>(`/api/form/${enc(lmsKey)}/ALL/${enc(userKey)}`));
  return Array.isArray(body) ? (body as AssignedDocument[]) : [];
}
