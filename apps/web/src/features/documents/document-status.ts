/** Status of an assigned document: the rules live in @waypoint/domain (spec §4 Documents). */
export { documentStatus, documentsNeedAttention } from '@waypoint/domain';
export type { DocumentCounts, DocumentStatus } from '@waypoint/domain';
export type { AssignedDocument } from '../../api/documents';
