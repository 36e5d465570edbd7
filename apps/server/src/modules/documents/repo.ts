import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { DocumentFormFieldTable, DocumentFormTable } from '../../db/schema.js';

/** A user of the LMS by login ID; login IDs match without regard to case. */
export function findUserByLogin(db: Db, lmsKey: number, login: string) {
  return db
    .selectFrom('appUser')
    .select(['userKey', 'userId'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['userId']), '=', login.toLowerCase()))
    .executeTakeFirst();
}

/** The student users of a restriction group. */
export function selectGroupStudents(db: Db, lmsKey: number, group: string) {
  return db
    .selectFrom('appUser')
    .select('userKey')
    .where('lmsKey', '=', lmsKey)
    .where('restrictionGroup', '=', group)
    .where('isStudent', '=', true)
    .execute();
}

/**
 * Assigned documents (not archived) joined to their forms: the one query behind a student's list,
 * one of their documents and the operator's responses, each adding its own filter and order.
 */
function activeAssignedDocuments(db: Db) {
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
    .where('d.archive', '=', 0);
}

/** The user's assigned documents (not archived) with their forms, in name order. */
export function selectAssignedDocuments(db: Db, lmsKey: number, userKey: number) {
  return activeAssignedDocuments(db)
    .where('f.lmsKey', '=', lmsKey)
    .where('d.userKey', '=', userKey)
    .orderBy('f.name')
    .orderBy('d.formKey')
    .execute();
}

export type AssignedDocumentRow = Awaited<ReturnType<typeof selectAssignedDocuments>>[number];

/** One assigned, non-archived document of the user, with its form, if the form is the LMS's. */
export function selectAssignedDocument(db: Db, lmsKey: number, formKey: number, userKey: number) {
  return activeAssignedDocuments(db)
    .where('f.lmsKey', '=', lmsKey)
    .where('d.formKey', '=', formKey)
    .where('d.userKey', '=', userKey)
    .executeTakeFirst();
}

/** Every user's assignment (not archived) of one form, with the login ID, in login order. */
export function selectDocumentResponses(db: Db, formKey: number) {
  return activeAssignedDocuments(db)
    .innerJoin('appUser as u', 'u.userKey', 'd.userKey')
    .select('u.userId')
    .where('d.formKey', '=', formKey)
    .orderBy('u.userId')
    .execute();
}

/** Assigns a form to users; assigning again brings an archived document back, keeping its answers. */
export function upsertAssignedDocuments(db: Db, formKey: number, userKeys: number[]) {
  return db
    .insertInto('assignedDocument')
    .values(userKeys.map((userKey) => ({ formKey, userKey })))
    .onConflict((oc) => oc.columns(['formKey', 'userKey']).doUpdateSet({ archive: 0 }))
    .returning('userKey')
    .execute();
}

/** Sets or clears a user's document expiry; answers the row when the form is assigned to them. */
export function setAssignedDocumentExpiry(
  db: Db,
  formKey: number,
  userKey: number,
  expiresAt: Date | null,
  updatedAt: Date,
) {
  return db
    .updateTable('assignedDocument')
    .set({ expiresAt, updatedAt })
    .where('formKey', '=', formKey)
    .where('userKey', '=', userKey)
    .returning('formKey')
    .executeTakeFirst();
}

/** The LMS's document form of a name (the first, should there be more). */
export function findDocumentFormByName(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('documentForm')
    .select(['formKey', 'name', 'maxExpirationMs'])
    .where('lmsKey', '=', lmsKey)
    .where('name', '=', name)
    .orderBy('formKey')
    .executeTakeFirst();
}

/** Locks the LMS's document form of a name, if any, for the rest of the transaction. */
export function lockDocumentFormByName(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('documentForm')
    .select('formKey')
    .where('lmsKey', '=', lmsKey)
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirst();
}

type FormValues = Pick<Updateable<DocumentFormTable>, 'description' | 'maxExpirationMs'>;

export async function insertDocumentForm(
  db: Db,
  row: Pick<Insertable<DocumentFormTable>, 'lmsKey' | 'name'> & FormValues,
): Promise<number> {
  const inserted = await db
    .insertInto('documentForm')
    .values(row)
    .returning('formKey')
    .executeTakeFirstOrThrow();
  return inserted.formKey;
}

export async function updateDocumentForm(
  db: Db,
  formKey: number,
  values: FormValues,
): Promise<number> {
  const updated = await db
    .updateTable('documentForm')
    .set(values)
    .where('formKey', '=', formKey)
    .returning('formKey')
    .executeTakeFirstOrThrow();
  return updated.formKey;
}

/** The names of a form's fields (to match a new definition's fields by name). */
export function selectFormFieldNames(db: Db, formKey: number) {
  return db
    .selectFrom('documentFormField')
    .select(['fieldKey', 'name'])
    .where('formKey', '=', formKey)
    .execute();
}

type FormFieldValues = Pick<
  Updateable<DocumentFormFieldTable>,
  'description' | 'fieldType' | 'attributes' | 'options' | 'sortOrder'
>;

export function insertFormField(
  db: Db,
  row: Pick<Insertable<DocumentFormFieldTable>, 'formKey' | 'name'> & FormFieldValues,
) {
  return db.insertInto('documentFormField').values(row).execute();
}

export function updateFormField(db: Db, fieldKey: number, values: FormFieldValues) {
  return db.updateTable('documentFormField').set(values).where('fieldKey', '=', fieldKey).execute();
}

export function deleteFormFields(db: Db, fieldKeys: number[]) {
  return db.deleteFrom('documentFormField').where('fieldKey', 'in', fieldKeys).execute();
}

/** Some one saved file in any of the fields, if a student saved one. */
export function findUploadInFields(db: Db, fieldKeys: number[]) {
  return db
    .selectFrom('documentUpload')
    .select('fieldKey')
    .where('fieldKey', 'in', fieldKeys)
    .executeTakeFirst();
}

/** Every saved file of a form, of all its users. */
export function selectFormUploads(db: Db, formKey: number) {
  return db
    .selectFrom('documentUpload')
    .select(['userKey', 'fileName', 'sizeBytes'])
    .where('formKey', '=', formKey)
    .execute();
}

/** The files a user saved in one document, each with its field's name, in upload order. */
export function selectUploadsWithFieldNames(db: Db, formKey: number, userKey: number) {
  return db
    .selectFrom('documentUpload as u')
    .innerJoin('documentFormField as f', 'f.fieldKey', 'u.fieldKey')
    .select(['u.fileName', 'u.contentType', 'u.sizeBytes', 'u.storagePath', 'f.name as field'])
    .where('u.formKey', '=', formKey)
    .where('u.userKey', '=', userKey)
    .orderBy('u.uploadKey')
    .execute();
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

/** An LMS's document forms by name, each with how many students have it assigned. */
export function selectDocumentForms(db: Db, lmsKey: number) {
  return db
    .selectFrom('documentForm as f')
    .select((eb) => [
      'f.formKey',
      'f.name',
      'f.description',
      'f.maxExpirationMs',
      eb
        .selectFrom('assignedDocument as a')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('a.formKey', '=', 'f.formKey')
        .as('assignedCount'),
    ])
    .where('f.lmsKey', '=', lmsKey)
    .orderBy('f.name')
    .orderBy('f.formKey')
    .execute();
}

/** The fields of some forms, each form's in their order. */
export function selectFieldsOfForms(db: Db, formKeys: number[]) {
  if (formKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('documentFormField')
    .select(['formKey', 'name', 'description', 'fieldType', 'attributes', 'options'])
    .where('formKey', 'in', formKeys)
    .orderBy('formKey')
    .orderBy('sortOrder')
    .orderBy('fieldKey')
    .execute();
}
