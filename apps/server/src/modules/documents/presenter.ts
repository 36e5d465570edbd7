import type { AssignedDocument } from '@waypoint/domain/contract';
import type { AssignedDocumentRow } from './repo.js';

const ms = (value: Date | null): number => (value ? value.getTime() : 0);

/** Response data goes out as JSON text, '' when the student has submitted nothing (§4 Documents). */
function responseText(data: unknown): string {
  if (!data || (typeof data === 'object' && Object.keys(data).length === 0)) return '';
  return JSON.stringify(data);
}

/** An assigned document with the spec's field names (§3 Document form + Assigned document). */
export function presentAssignedDocument(row: AssignedDocumentRow): AssignedDocument {
  return {
    key: row.formKey,
    formKey: row.formKey,
    lmsKey: row.lmsKey,
    name: row.name,
    description: row.description,
    maxExpiration: row.maxExpirationMs,
    userKey: row.userKey,
    archive: row.archive,
    effectiveInstant: ms(row.effectiveAt),
    expirationInstant: ms(row.expiresAt),
    acknowledgedInstant: ms(row.acknowledgedAt),
    responseData: responseText(row.responseData),
  };
}
