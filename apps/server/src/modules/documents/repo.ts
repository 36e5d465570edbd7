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

/** One assigned, non-archived document of the user, with its form, if the form is the LMS's. */
export function selectAssignedDocument(db: Db, lmsKey: number, formKey: number, userKey: number) {
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
    .where('d.formKey', '=', formKey)
    .where('d.userKey', '=', userKey)
    .where('d.archive', '=', 0)
    .executeTakeFirst();
}

/** A form's fields in their order. */
export function selectFormFields(db: Db, formKey: number) {
  return db
    .selectFrom('documentFormField')
    .select(['fieldKey', 'formKey', 'name', 'description', 'fieldType', 'attributes', 'options'])
    .where('formKey', '=', formKey)
    .orderBy('sortOrder')
    .orderBy('fieldKey')
    .execute();
}

export type FormFieldRow = Awaited<ReturnType<typeof selectFormFields>>[number];

/** The files a user saved in one document. */
export function selectUploads(db: Db, formKey: number, userKey: number) {
  return db
    .selectFrom('documentUpload')
    .select([
      'uploadKey',
      'fieldKey',
      'fileName',
      'contentType',
      'sizeBytes',
      'storagePath',
      'uploadedAt',
    ])
    .where('formKey', '=', formKey)
    .where('userKey', '=', userKey)
    .orderBy('uploadKey')
    .execute();
}

export type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];

/** One saved file with the LMS of its form (for the owner check of a download). */
export function selectUploadWithOwner(db: Db, uploadKey: number) {
  return db
    .selectFrom('documentUpload as u')
    .innerJoin('documentForm as f', 'f.formKey', 'u.formKey')
    .select([
      'u.uploadKey',
      'u.formKey',
      'u.userKey',
      'u.fileName',
      'u.contentType',
      'u.sizeBytes',
      'u.storagePath',
      'f.lmsKey',
    ])
    .where('u.uploadKey', '=', uploadKey)
    .executeTakeFirst();
}

/** Locks the assigned document's row for the rest of the transaction (one save at a time). */
export function lockAssignedDocument(db: Db, formKey: number, userKey: number) {
  return db
    .selectFrom('assignedDocument')
    .select(['formKey', 'responseData'])
    .where('formKey', '=', formKey)
    .where('userKey', '=', userKey)
    .where('archive', '=', 0)
    .forUpdate()
    .executeTakeFirst();
}

/** Stores the student's answers and the document's dates. */
export function updateAssignedDocument(
  db: Db,
  formKey: number,
  userKey: number,
  changes: {
    responseData: Record<string, unknown>;
    expiresAt?: Date | null;
    effectiveAt?: Date;
    acknowledgedAt?: Date;
    updatedAt: Date;
  },
) {
  return db
    .updateTable('assignedDocument')
    .set({ ...changes, responseData: JSON.stringify(changes.responseData) })
    .where('formKey', '=', formKey)
    .where('userKey', '=', userKey)
    .execute();
}

/** Removes the saved files of some fields; answers their stored names (to delete after commit). */
export async function deleteUploadsOfFields(
  db: Db,
  formKey: number,
  userKey: number,
  fieldKeys: number[],
): Promise<string[]> {
  if (fieldKeys.length === 0) return [];
  const rows = await db
    .deleteFrom('documentUpload')
    .where('formKey', '=', formKey)
    .where('userKey', '=', userKey)
    .where('fieldKey', 'in', fieldKeys)
    .returning('storagePath')
    .execute();
  return rows.map((row) => row.storagePath);
}

/** Removes one saved file of the user's document; answers the removed row, if there was one. */
export function deleteUpload(db: Db, formKey: number, userKey: number, uploadKey: number) {
  return db
    .deleteFrom('documentUpload')
    .where('uploadKey', '=', uploadKey)
    .where('formKey', '=', formKey)
    .where('userKey', '=', userKey)
    .returning(['storagePath', 'fieldKey'])
    .executeTakeFirst();
}

export function insertUploads(
  db: Db,
  rows: {
    formKey: number;
    userKey: number;
    fieldKey: number;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    storagePath: string;
    uploadedAt: Date;
  }[],
) {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('documentUpload').values(rows).execute();
}
