/** Assigned-document status (spec §4 Documents) and the header warning (§1). */
import type { DocumentCounts } from './contract/documents.js';

export type DocumentStatus = 'Unsubmitted' | 'Expired' | 'none';

/** Document counts (§3), as the contract defines them. */
export type { DocumentCounts };

/** "Unsubmitted when expirationInstant is 0 and response data is empty; Expired when
 * expirationInstant is above 0 and not later than now; otherwise none." */
export function documentStatus(
  document: { expirationInstant?: number | null; responseData?: string | null },
  nowMs: number,
): DocumentStatus {
  const expiration = document.expirationInstant ?? 0;
  if (expiration === 0 && !document.responseData) return 'Unsubmitted';
  if (expiration > 0 && expiration <= nowMs) return 'Expired';
  return 'none';
}

/** "A warning icon appears on the settings and Documents entries when documents are expired or
 * unsubmitted" (§1). */
export function documentsNeedAttention(counts: DocumentCounts | null | undefined): boolean {
  return Boolean(counts && (counts.Expired > 0 || counts.Unsubmitted > 0));
}
