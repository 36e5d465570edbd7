/** Status of an assigned document (spec §4 Documents). */

/** An assigned document as the list shows it (spec §3 Assigned document). */
export interface AssignedDocument {
  key?: number;
  formKey?: number;
  name: string;
  description?: string | null;
  expirationInstant?: number | null;
  effectiveInstant?: number | null;
  responseData?: string | null;
}

/** Document counts (spec §3). */
export interface DocumentCounts {
  Expired: number;
  Unsubmitted: number;
}

export type DocumentStatus = 'Unsubmitted' | 'Expired' | 'none';

/** Unsubmitted: no expiry and no response; Expired: expiry reached; otherwise none. */
export function documentStatus(document: AssignedDocument, now: number): DocumentStatus {
  const expiration = document.expirationInstant ?? 0;
  if (expiration === 0 && !document.responseData) return 'Unsubmitted';
  if (expiration > 0 && expiration <= now) return 'Expired';
  return 'none';
}

/** True when the warning icon shows on the settings and Documents entries (spec §1). */
export function documentsNeedAttention(counts: DocumentCounts | null | undefined): boolean {
  return Boolean(counts && (counts.Expired > 0 || counts.Unsubmitted > 0));
}
