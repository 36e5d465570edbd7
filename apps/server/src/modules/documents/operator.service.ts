/**
 * The operator's document work: define a document type from a file, assign it to users or a
 * group, list the responses, hand out a student's files, set or clear an expiry.
 */
import {
  attributeIsSet,
  documentStatus,
  parseDocumentDate,
  parseDocumentTypeDefinition,
  type DocumentTypeDefinition,
} from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { DocumentFileStore } from './file-store.js';
import { presentAssignedDocument, responseObject } from './presenter.js';
import * as repo from './repo.js';
import { operatorLms } from '../operator/lms-lookup.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const lmsOf = operatorLms;

async function formOf(db: Db, lmsKey: number, name: string) {
  const form = await repo.findDocumentFormByName(db, lmsKey, name);
  if (!form) throw new HttpError(404, `No document type is named '${name}'.`);
  return form;
}

async function userOf(db: Db, lmsKey: number, login: string) {
  const user = await repo.findUserByLogin(db, lmsKey, login);
  if (!user) throw new HttpError(404, `No user has the login ID '${login}'.`);
  return user;
}

/** Reads a definition file (JSON) or answers 400 with every problem and its line. */
export function readDocumentTypeFile(bytes: Buffer): DocumentTypeDefinition {
  const result = parseDocumentTypeDefinition(bytes.toString('utf8'));
  if (!result.ok) {
    throw new HttpError(400, `The document type file has problems:\n${result.errors.join('\n')}`);
  }
  return result.definition;
}

/**
 * Creates the document type, or updates the one of that name: fields are matched by name, new
 * ones added; a field may be dropped only while no student has saved a file in it.
 */
export async function defineDocumentType(
  deps: { db: Db },
  lmsCode: string,
  definition: DocumentTypeDefinition,
) {
  const lms = await lmsOf(deps.db, lmsCode);
  return deps.db.transaction().execute((trx) => defineDocumentTypeIn(trx, lms.lmsKey, definition));
}

/**
 * defineDocumentType's work within a transaction the caller holds (the staff console records its
 * audit event in the same one).
 */
export async function defineDocumentTypeIn(
  trx: Db,
  lmsKey: number,
  definition: DocumentTypeDefinition,
) {
  const existing = await repo.lockDocumentFormByName(trx, lmsKey, definition.name);
  const values = {
    description: definition.description,
    maxExpirationMs: definition.maxExpirationDays * DAY_MS,
  };
  const formKey = existing
    ? await repo.updateDocumentForm(trx, existing.formKey, values)
    : await repo.insertDocumentForm(trx, {
        lmsKey,
        name: definition.name,
        ...values,
      });
  const old = await repo.selectFormFieldNames(trx, formKey);
  const keep = new Set(definition.fields.map((field) => field.name));
  const dropped = old.filter((field) => !keep.has(field.name));
  if (dropped.length > 0) {
    const droppedKeys = dropped.map((field) => field.fieldKey);
    const withFiles = await repo.findUploadInFields(trx, droppedKeys);
    if (withFiles) {
      const name = dropped.find((field) => field.fieldKey === withFiles.fieldKey)?.name;
      throw new HttpError(
        409,
        `The field '${name}' holds students' files; keep it in the definition.`,
      );
    }
    await repo.deleteFormFields(trx, droppedKeys);
  }
  for (const [sortOrder, field] of definition.fields.entries()) {
    const row = {
      description: field.description,
      fieldType: field.type,
      attributes: JSON.stringify({
        ...(field.required ? { required: 'true' } : {}),
        ...(field.readonly ? { readonly: 'true' } : {}),
      }),
      options: JSON.stringify(field.options),
      sortOrder,
    };
    const match = old.find((candidate) => candidate.name === field.name);
    if (match) {
      await repo.updateFormField(trx, match.fieldKey, row);
    } else {
      await repo.insertFormField(trx, { formKey, name: field.name, ...row });
    }
  }
  return {
    name: definition.name,
    formKey,
    fields: definition.fields.length,
    created: !existing,
  };
}

/** An LMS's document forms with their fields (as a definition gives them) and how many have each. */
export async function listDocumentTypes(deps: { db: Db }, lmsKey: number) {
  const forms = await repo.selectDocumentForms(deps.db, lmsKey);
  const fields = await repo.selectFieldsOfForms(
    deps.db,
    forms.map((form) => form.formKey),
  );
  return forms.map((form) => ({
    formKey: form.formKey,
    name: form.name,
    description: form.description,
    maxExpirationDays: Math.round(Number(form.maxExpirationMs) / DAY_MS),
    assignedCount: Number(form.assignedCount),
    fields: fields
      .filter((field) => field.formKey === form.formKey)
      .map((field) => {
        const attributes = (field.attributes ?? {}) as Record<string, unknown>;
        return {
          name: field.name,
          type: field.fieldType,
          description: field.description,
          required: attributeIsSet(attributes.required),
          readonly: attributeIsSet(attributes.readonly),
          options: Array.isArray(field.options) ? (field.options as string[]) : [],
        };
      }),
  }));
}

/** Assigns a document type to users (login IDs) and/or every user of a restriction group. */
export async function assignDocument(
  deps: { db: Db },
  input: { lms: string; document: string; users?: string[]; group?: string },
) {
  const lms = await lmsOf(deps.db, input.lms);
  const form = await formOf(deps.db, lms.lmsKey, input.document);
  const userKeys = new Set<number>();
  for (const login of input.users ?? []) {
    userKeys.add((await userOf(deps.db, lms.lmsKey, login)).userKey);
  }
  if (input.group !== undefined) {
    const members = await repo.selectGroupStudents(deps.db, lms.lmsKey, input.group);
    if (members.length === 0) {
      throw new HttpError(404, `No student is in the group '${input.group}'.`);
    }
    for (const member of members) userKeys.add(member.userKey);
  }
  if (userKeys.size === 0) throw new HttpError(400, 'Name at least one user or a group.');
  const inserted = await repo.upsertAssignedDocuments(deps.db, form.formKey, [...userKeys]);
  return { document: form.name, assigned: inserted.length };
}

/** Every student's response to a document type: status, expiry, answers and file names. */
export async function listDocumentResponses(
  deps: { db: Db; clock: Clock },
  input: { lms: string; document: string },
) {
  const lms = await lmsOf(deps.db, input.lms);
  const form = await formOf(deps.db, lms.lmsKey, input.document);
  const rows = await repo.selectDocumentResponses(deps.db, form.formKey);
  const uploads = await repo.selectFormUploads(deps.db, form.formKey);
  const nowMs = deps.clock.now().getTime();
  return {
    document: form.name,
    responses: rows.map((row) => {
      const presented = presentAssignedDocument(row);
      const status = documentStatus(presented, nowMs);
      return {
        user: row.userId,
        status: status === 'none' ? 'Submitted' : status,
        expires: row.expiresAt ? row.expiresAt.toISOString() : null,
        answers: responseObject(row.responseData),
        files: uploads
          .filter((upload) => upload.userKey === row.userKey)
          .map((upload) => ({ fileName: upload.fileName, sizeBytes: upload.sizeBytes })),
      };
    }),
  };
}

/** A student's saved files of one document, with their bytes (base64) for the CLI to write. */
export async function documentFiles(
  deps: { db: Db; files: DocumentFileStore },
  input: { lms: string; document: string; user: string; out?: string },
) {
  const lms = await lmsOf(deps.db, input.lms);
  const form = await formOf(deps.db, lms.lmsKey, input.document);
  const user = await userOf(deps.db, lms.lmsKey, input.user);
  const uploads = await repo.selectUploadsWithFieldNames(deps.db, form.formKey, user.userKey);
  const files = [];
  for (const upload of uploads) {
    const bytes = await deps.files.read(upload.storagePath);
    files.push({
      field: upload.field,
      fileName: upload.fileName,
      contentType: upload.contentType,
      sizeBytes: upload.sizeBytes,
      base64: bytes.toString('base64'),
    });
  }
  return { document: form.name, user: user.userId, out: input.out ?? null, files };
}

/** Sets a student's document expiry (yyyy-mm-dd: valid through that day) or clears it. */
export async function setDocumentExpiry(
  deps: { db: Db; clock: Clock },
  input: { lms: string; document: string; user: string; date?: string; clear?: boolean },
) {
  if ((input.date === undefined) === !input.clear) {
    throw new HttpError(400, 'Give either --date yyyy-mm-dd or --clear.');
  }
  let expiresAt: Date | null = null;
  if (input.date !== undefined) {
    const day = parseDocumentDate(input.date);
    if (day === null)
      throw new HttpError(400, `'${input.date}' is not a date written as yyyy-mm-dd.`);
    expiresAt = new Date(day + DAY_MS - 1);
  }
  const lms = await lmsOf(deps.db, input.lms);
  const form = await formOf(deps.db, lms.lmsKey, input.document);
  const user = await userOf(deps.db, lms.lmsKey, input.user);
  const updated = await repo.setAssignedDocumentExpiry(
    deps.db,
    form.formKey,
    user.userKey,
    expiresAt,
    deps.clock.now(),
  );
  if (!updated) {
    throw new HttpError(404, `'${form.name}' is not assigned to '${user.userId}'.`);
  }
  return { document: form.name, user: user.userId, expires: expiresAt?.toISOString() ?? null };
}
