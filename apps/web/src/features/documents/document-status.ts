/** Status of an assigned document: the rules live in @waypoint/domain (spec §4 Documents). */
export { documentStatus, documentsNeedAttention } from '@waypoint/domain';
export type { DocumentCounts, DocumentStatus } from '@waypoint/domain';

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
