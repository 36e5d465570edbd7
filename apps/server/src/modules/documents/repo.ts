import type { Db } from '../../db/connection.js';

/** The user's assigned documents (not archived) with their forms, in name order. */
export function selectAssignedDocuments(db: Db, lmsKey: number, userKey: number) {
  return db
    .selectFrom('assignedDocument as d')
    .innerJoin('documentForm as f', 'f.formKey', 'd.formKey')
    .select([
      'd.formKey',
      'd.userKey',
      'd.archive',
      'd.effectiveAt',
      'd.expiresAt',
      'd.acknowledgedAt',
      'd.responseData',
      'f.lmsKey',
      'f.name',
      'f.description',
      'f.maxExpirationMs',
    ])
    .where('f.lmsKey', '=', lmsKey)
    .where('d.userKey', '=', userKey)
    .where('d.archive', '=', 0)
    .orderBy('f.name')
    .orderBy('d.formKey')
    .execute();
}

export type AssignedDocumentRow = Awaited<ReturnType<typeof selectAssignedDocuments>>[number];
