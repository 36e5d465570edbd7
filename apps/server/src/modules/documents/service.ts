import {
  cleanUploadName,
  DOCUMENT_UPLOAD_MAX_BYTES,
  documentStatus,
  documentSubmitMessages,
  EXPIRATION_FIELD,
  expirationTooFar,
  expirationTooFarMessage,
  fileTypeMessage,
  isFileTooLarge,
  joinDocumentMessages,
  parseDocumentDate,
  readonlyMessage,
  type SubmitField,
  type SubmitValue,
} from '@waypoint/domain';
import {
  documentCalls,
  documentPartName,
  type AssignedDocument,
  type DocumentCounts,
  type DocumentDetail,
} from '@waypoint/domain/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { hmac, safeEqual } from '../../lib/tokens.js';
import { contentOriginOf, type OriginDeps } from '../../platform/content-origin.js';
import { serverSecret, type SecretDeps } from '../sessions/service.js';
import type { DocumentFileStore } from './file-store.js';
import { documentContentType } from './file-types.js';
import {
  fieldFlags,
  presentAssignedDocument,
  presentDocumentDetail,
  responseObject,
  stringsOf,
  textOf,
} from './presenter.js';
import {
  deleteUpload,
  deleteUploadsOfFields,
  insertUploads,
  lockAssignedDocument,
  selectAssignedDocument,
  selectAssignedDocuments,
  selectFormFields,
  selectUploads,
  selectUploadWithOwner,
  updateAssignedDocument,
  type FormFieldRow,
} from './repo.js';

/** The documents assigned to a student (§7 GET /api/form/{lmsKey}/ALL/{userKey}). */
export async function listAssignedDocuments(
  deps: { db: Db },
  lmsKey: number,
  userKey: number,
): Promise<AssignedDocument[]> {
  return (await selectAssignedDocuments(deps.db, lmsKey, userKey)).map(presentAssignedDocument);
}

/** How many of them are expired or unsubmitted now (§3 Document counts), by the §4 status rule. */
export async function countDocuments(
  deps: { db: Db; clock: Clock },
  lmsKey: number,
  userKey: number,
): Promise<DocumentCounts> {
  const nowMs = deps.clock.now().getTime();
  const counts: DocumentCounts = { Expired: 0, Unsubmitted: 0 };
  for (const document of await listAssignedDocuments(deps, lmsKey, userKey)) {
    const status = documentStatus(document, nowMs);
    if (status !== 'none') counts[status] += 1;
  }
  return counts;
}

// ---- one document: detail, save, file removal, download (§7) ------------------------------------

/** What the detail, save and delete calls need. */
export interface DocumentDeps {
  db: Db;
  clock: Clock;
  config: Config;
  files: DocumentFileStore;
  log?: { warn(object: object, message: string): void };
  state: SecretDeps['state'] & OriginDeps['state'];
}

/** {lmsKey}/{formKey}/{userKey} of one document (the guard has matched lmsKey and userKey). */
export interface DocumentKey {
  lmsKey: number;
  formKey: number;
  userKey: number;
}

/** A save refused by the §5 rules (or a broken upload): every message, nothing changed. */
export class DocumentRefused extends HttpError {
  constructor(
    statusCode: number,
    readonly messages: string[],
  ) {
    super(statusCode, joinDocumentMessages(messages));
  }
}

export const NO_DOCUMENT_MESSAGE = 'No such document is assigned to you.';
export const NO_FILE_MESSAGE = 'No such file.';

/** How long a download link from the detail call works. */
export const DOWNLOAD_LINK_LIFETIME_MS = 10 * 60 * 1000;
const DOWNLOAD_SECRET = 'document-files';

/** A link token: the upload, its owner and the link's end, signed with a shared server secret. */
async function downloadToken(deps: SecretDeps, uploadKey: number, userKey: number, until: number) {
  const payload = `${uploadKey}.${userKey}.${until}`;
  const signature = hmac(await serverSecret(deps, DOWNLOAD_SECRET), `document-file:${payload}`);
  return `${payload}.${signature}`;
}

/** The upload and owner a link token names, or null when it is forged, malformed or past its end. */
export async function verifyDownloadToken(
  deps: SecretDeps & { clock: Clock },
  token: string,
): Promise<{ uploadKey: number; userKey: number } | null> {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [uploadKey, userKey, until] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const expected = await downloadToken(deps, uploadKey, userKey, until);
  if (!safeEqual(expected, token)) return null;
  if (until <= deps.clock.now().getTime()) return null;
  return { uploadKey, userKey };
}

async function findDocument(deps: { db: Db }, key: DocumentKey) {
  const row = await selectAssignedDocument(deps.db, key.lmsKey, key.formKey, key.userKey);
  if (!row) throw new HttpError(404, NO_DOCUMENT_MESSAGE);
  return row;
}

/** The form detail of §7: the document, its fields, the answers and saved files. */
export async function getDocumentDetail(
  deps: DocumentDeps,
  key: DocumentKey,
): Promise<DocumentDetail> {
  const row = await findDocument(deps, key);
  const [fields, uploads] = await Promise.all([
    selectFormFields(deps.db, key.formKey),
    selectUploads(deps.db, key.formKey, key.userKey),
  ]);
  const origin = contentOriginOf(deps);
  const until = deps.clock.now().getTime() + DOWNLOAD_LINK_LIFETIME_MS;
  const tokens = new Map<number, string>();
  for (const upload of uploads) {
    tokens.set(upload.uploadKey, await downloadToken(deps, upload.uploadKey, key.userKey, until));
  }
  return presentDocumentDetail(row, fields, uploads, (upload) => ({
    href: documentCalls.deleteFile.path(key.lmsKey, key.formKey, key.userKey, upload.uploadKey),
    download: origin ? `${origin}/content/documents/${tokens.get(upload.uploadKey)}` : null,
  }));
}

/** A file as it arrived in the multipart body. */
export interface ReceivedFile {
  fileName: string;
  bytes: Buffer;
  /** Cut off at the per-file limit: bigger than the limit. */
  truncated: boolean;
}

/** The multipart body of a save, read whole before anything is decided. */
export interface ReceivedForm {
  /** Values by part name (repeated parts in order). */
  values: Map<string, string[]>;
  files: Map<string, ReceivedFile[]>;
  /** Part names whose value was cut off at the field size limit. */
  longValues: Set<string>;
}

/** Part names the panel's form may send that are not fields (§7: the post carries sessionID). */
const IGNORED_PARTS = new Set(['sessionID']);

const DAY_MS = 24 * 60 * 60 * 1000;

interface PlannedFile {
  field: FormFieldRow;
  fileName: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Saves a document (§7 multipart POST): every field and file is checked first (§5 messages,
 * types from the bytes, read-only fields unchanged, the expiry within the form's maximum); then
 * the new files are stored, and the answers and file rows change in one transaction. Anything
 * refused or failing leaves the earlier answers and files exactly as they were.
 */
export async function saveDocument(
  deps: DocumentDeps,
  key: DocumentKey,
  form: ReceivedForm,
): Promise<DocumentDetail> {
  const row = await findDocument(deps, key);
  const fields = await selectFormFields(deps.db, key.formKey);
  const uploads = await selectUploads(deps.db, key.formKey, key.userKey);
  const answers = responseObject(row.responseData);
  const nowMs = deps.clock.now().getTime();

  const messages: string[] = [];
  const byPart = new Map(fields.map((field) => [documentPartName(field.fieldKey), field]));
  for (const name of new Set([...form.values.keys(), ...form.files.keys()])) {
    if (!byPart.has(name) && !IGNORED_PARTS.has(name)) {
      messages.push(`The form has no field '${name.slice(0, 100)}'.`);
    }
  }

  const submitFields: SubmitField[] = [];
  const submitValues: Record<string, SubmitValue> = {};
  const planned: PlannedFile[] = [];
  const nextAnswers: Record<string, unknown> = { ...answers };
  let expiresAt: Date | null | undefined;

  for (const field of fields) {
    const part = documentPartName(field.fieldKey);
    const flags = fieldFlags(field.attributes);
    const sent = form.values.get(part);
    const files = form.files.get(part) ?? [];
    submitFields.push({
      name: field.name,
      type: field.fieldType,
      required: flags.required,
      readonly: flags.readonly,
      options: stringsOf(field.options),
    });
    if (form.longValues.has(part)) messages.push(`The '${field.name}' field is too long.`);
    if (flags.readonly) {
      // "Read-only fields are disabled" (§5): a value sent for one must be the one it holds.
      const current = textOf(answers[field.name]);
      if (files.length > 0 || (sent && sent.some((value) => value !== current))) {
        messages.push(readonlyMessage(field.name));
      }
      continue;
    }
    if (field.fieldType === 'file') {
      if (files.length > 1) messages.push(`The '${field.name}' field takes one file.`);
      const file = files[0];
      if (file) {
        const sizeBytes = file.truncated ? DOCUMENT_UPLOAD_MAX_BYTES + 1 : file.bytes.length;
        submitValues[field.name] = { kind: 'file', sizeBytes };
        if (!isFileTooLarge(sizeBytes)) {
          const fileName = cleanUploadName(file.fileName);
          const contentType = await documentContentType(file.bytes, fileName);
          if (!contentType) messages.push(fileTypeMessage(field.name));
          else planned.push({ field, fileName, bytes: file.bytes, contentType });
          nextAnswers[field.name] = fileName;
        }
      } else {
        const hasFile = uploads.some((upload) => upload.fieldKey === field.fieldKey);
        submitValues[field.name] = { kind: 'keep', hasFile };
      }
      continue;
    }
    if (files.length > 0) messages.push(`The '${field.name}' field does not take a file.`);
    const values = sent ?? [];
    if (field.fieldType === 'multiselect') {
      submitValues[field.name] = { kind: 'choices', values };
      nextAnswers[field.name] = values;
      continue;
    }
    if (values.length > 1) messages.push(`The '${field.name}' field takes one value.`);
    let value = values[0] ?? '';
    if (field.fieldType === 'checkbox') value = value === '' || value === 'false' ? '' : 'true';
    if (field.fieldType === 'date') value = value.trim();
    submitValues[field.name] = { kind: 'text', value };
    nextAnswers[field.name] = value;
    if (field.name.toLowerCase() === EXPIRATION_FIELD) {
      const day = parseDocumentDate(value);
      // The document is valid through its expiry date: it expires when that day ends (UTC).
      expiresAt = day === null ? null : new Date(day + DAY_MS - 1);
      if (day !== null && expirationTooFar(day, nowMs, row.maxExpirationMs)) {
        messages.push(expirationTooFarMessage(Math.floor(row.maxExpirationMs / DAY_MS)));
      }
    }
  }
  messages.unshift(...documentSubmitMessages(submitFields, submitValues));
  if (messages.length > 0) throw new DocumentRefused(400, [...new Set(messages)]);

  // Files first, outside the transaction: if one fails, those written are removed and the
  // database was never touched.
  const stored: string[] = [];
  try {
    for (const file of planned) stored.push(await deps.files.save(file.bytes));
  } catch (error) {
    await removeQuietly(deps, stored);
    throw error;
  }
  const now = deps.clock.now();
  let replaced: string[] = [];
  try {
    replaced = await deps.db.transaction().execute(async (trx) => {
      if (!(await lockAssignedDocument(trx, key.formKey, key.userKey))) {
        throw new HttpError(404, NO_DOCUMENT_MESSAGE);
      }
      const old = await deleteUploadsOfFields(
        trx,
        key.formKey,
        key.userKey,
        planned.map((file) => file.field.fieldKey),
      );
      await insertUploads(
        trx,
        planned.map((file, index) => ({
          formKey: key.formKey,
          userKey: key.userKey,
          fieldKey: file.field.fieldKey,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.bytes.length,
          storagePath: stored[index]!,
          uploadedAt: now,
        })),
      );
      await updateAssignedDocument(trx, key.formKey, key.userKey, {
        responseData: nextAnswers,
        ...(expiresAt !== undefined ? { expiresAt } : {}),
        ...(row.effectiveAt ? {} : { effectiveAt: now }),
        acknowledgedAt: now,
        updatedAt: now,
      });
      return old;
    });
  } catch (error) {
    await removeQuietly(deps, stored);
    throw error;
  }
  // Only now are the replaced files unreferenced.
  await removeQuietly(deps, replaced);
  return getDocumentDetail(deps, key);
}

/** Removes a saved file (§7 DELETE {file href}); answers the document as it now is. */
export async function deleteDocumentFile(
  deps: DocumentDeps,
  key: DocumentKey,
  uploadKey: number,
): Promise<DocumentDetail> {
  await findDocument(deps, key);
  const fields = await selectFormFields(deps.db, key.formKey);
  const removed = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockAssignedDocument(trx, key.formKey, key.userKey);
    if (!locked) throw new HttpError(404, NO_DOCUMENT_MESSAGE);
    const upload = await deleteUpload(trx, key.formKey, key.userKey, uploadKey);
    if (!upload) throw new HttpError(404, NO_FILE_MESSAGE);
    const field = fields.find((candidate) => candidate.fieldKey === upload.fieldKey);
    const answers = responseObject(locked.responseData);
    if (field) delete answers[field.name];
    await updateAssignedDocument(trx, key.formKey, key.userKey, {
      responseData: answers,
      updatedAt: deps.clock.now(),
    });
    return upload.storagePath;
  });
  await removeQuietly(deps, [removed]);
  return getDocumentDetail(deps, key);
}

/** A saved file for its owner's download link, or null (bad link, gone, or not theirs). */
export async function findDownload(
  deps: SecretDeps & { clock: Clock; files: DocumentFileStore },
  token: string,
): Promise<{ fileName: string; contentType: string; bytes: Buffer } | null> {
  const claim = await verifyDownloadToken(deps, token);
  if (!claim) return null;
  const upload = await selectUploadWithOwner(deps.db, claim.uploadKey);
  if (!upload || upload.userKey !== claim.userKey) return null;
  const bytes = await deps.files.read(upload.storagePath).catch(() => null);
  if (!bytes) return null;
  return { fileName: upload.fileName, contentType: upload.contentType, bytes };
}

/** Deletes stored files nothing refers to any more; a failure leaves an orphan, never a loss. */
async function removeQuietly(deps: DocumentDeps, names: string[]): Promise<void> {
  for (const name of names) {
    try {
      await deps.files.remove(name);
    } catch (error) {
      deps.log?.warn({ err: error }, 'could not remove an unreferenced document file');
    }
  }
}
