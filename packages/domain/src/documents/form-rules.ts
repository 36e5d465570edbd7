/**
 * The rules of a document form's submit (spec §5 'Document submit', §9 upload limit), shared by the
 * panel (checked before sending) and the server (checked again before anything is written).
 */
import { daysLeft, whenText } from '../reminders.js';

/** "File upload limit 5000 KB (shown as 5mb)" (§9). */
export const DOCUMENT_UPLOAD_LIMIT_KB = 5000;
/** What a file field shows beside its input (§5). */
export const DOCUMENT_UPLOAD_LIMIT_LABEL = '(5mb upload limit)';
/** What a date input shows when the browser lacks date support (§5, §9). */
export const DOCUMENT_DATE_HINT = '(yyyy-mm-dd)';
/** The field whose date becomes the document's expiry (§5). */
export const EXPIRATION_FIELD = 'expiration';
/** "A field named expiration with an empty value shows ..." (§5). */
export const EXPIRATION_REQUIRED_MESSAGE = 'You must fill out the expiration date.';
/** The delete confirmation of §5. */
export const DELETE_FILE_CONFIRMATION =
  'Are you sure you want to permanently remove this file? Any unsaved changes will be lost.';
/** "messages joined with ' - '" (§5). */
export const DOCUMENT_MESSAGE_SEPARATOR = ' - ';
/** Documents expiring within this many days show 'Expires in N days' in the list. */
export const EXPIRES_SOON_DAYS = 30;

/** The structured field types a document form is made of (forms are data, never HTML). */
export const DOCUMENT_FIELD_TYPES = [
  'text',
  'textarea',
  'date',
  'select',
  'multiselect',
  'checkbox',
  'file',
] as const;
export type DocumentFieldType = (typeof DOCUMENT_FIELD_TYPES)[number];

export function isDocumentFieldType(value: string): value is DocumentFieldType {
  return (DOCUMENT_FIELD_TYPES as readonly string[]).includes(value);
}

/** The largest file kept under the limit: "5000 KB or more (rounded)" is too large (§5). */
export const DOCUMENT_UPLOAD_MAX_BYTES = Math.ceil((DOCUMENT_UPLOAD_LIMIT_KB - 0.5) * 1024) - 1;

/** "an uploaded file of 5000 KB or more (rounded)" (§5). */
export function isFileTooLarge(sizeBytes: number): boolean {
  return Math.round(sizeBytes / 1024) >= DOCUMENT_UPLOAD_LIMIT_KB;
}

export const fileTooLargeMessage = (field: string) =>
  `The file attached to the '${field}' field is too large.`;
export const fieldRequiredMessage = (field: string) =>
  `The '${field}' field requires you to fill out this field before submitting.`;
export const fileTypeMessage = (field: string) =>
  `The file attached to the '${field}' field must be a PDF, PNG, JPEG, HEIC or Office document.`;
export const dateFormatMessage = (field: string) =>
  `The '${field}' field must be a date written as yyyy-mm-dd.`;
export const choiceMessage = (field: string) =>
  `The '${field}' field holds a value that is not one of its choices.`;
export const readonlyMessage = (field: string) => `The '${field}' field cannot be changed.`;
export const expirationTooFarMessage = (days: number) =>
  `The expiration date can be at most ${days} days from today.`;

/** "messages joined with ' - ' and block submission" (§5). */
export function joinDocumentMessages(messages: readonly string[]): string {
  return messages.join(DOCUMENT_MESSAGE_SEPARATOR);
}

/** The attribute flags of §3 ('true' in the attributes map; a boolean is taken too). */
export function attributeIsSet(value: unknown): boolean {
  return value === true || value === 'true' || value === 'required' || value === 'readonly';
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-mm-dd date (§9) as the UTC midnight instant in ms; null when not a real date. */
export function parseDocumentDate(text: string): number | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const instant = Date.UTC(year, month - 1, day);
  const date = new Date(instant);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day || year < 1900) return null;
  return instant;
}

/** An instant as the yyyy-mm-dd of a document's date input (§9), in UTC like parseDocumentDate. */
export function formatDocumentDate(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** One field as the submit rules see it. */
export interface SubmitField {
  name: string;
  type: string;
  required: boolean;
  readonly: boolean;
  options?: readonly string[];
}

/** What the student is sending for one field: text (or choices), or a file. */
export type SubmitValue =
  | { kind: 'text'; value: string }
  | { kind: 'choices'; values: readonly string[] }
  | { kind: 'file'; sizeBytes: number }
  /** A file field without a new file: the file saved earlier stays (or there is none). */
  | { kind: 'keep'; hasFile: boolean };

const isExpiration = (field: SubmitField) => field.name.toLowerCase() === EXPIRATION_FIELD;

function isEmpty(value: SubmitValue | undefined): boolean {
  if (!value) return true;
  switch (value.kind) {
    case 'text':
      return value.value.trim() === '';
    case 'choices':
      return value.values.length === 0;
    case 'file':
      return false;
    case 'keep':
      return !value.hasFile;
  }
}

/**
 * The messages that block a submit (§5), in field order: too large, then required (the
 * expiration field's own message instead), then the shape of dates and choices. Read-only fields
 * are disabled (§5): nothing is asked of them.
 */
export function documentSubmitMessages(
  fields: readonly SubmitField[],
  values: Readonly<Record<string, SubmitValue | undefined>>,
): string[] {
  const messages: string[] = [];
  for (const field of fields) {
    if (field.readonly) continue;
    const value = values[field.name];
    if (value?.kind === 'file' && isFileTooLarge(value.sizeBytes)) {
      messages.push(fileTooLargeMessage(field.name));
      continue;
    }
    const empty = isEmpty(value);
    if (empty && isExpiration(field)) {
      messages.push(EXPIRATION_REQUIRED_MESSAGE);
      continue;
    }
    if (empty && field.required) {
      messages.push(fieldRequiredMessage(field.name));
      continue;
    }
    if (empty) continue;
    if ((field.type === 'date' || isExpiration(field)) && value?.kind === 'text') {
      if (parseDocumentDate(value.value) === null) messages.push(dateFormatMessage(field.name));
    }
    if (field.options && (field.type === 'select' || field.type === 'multiselect')) {
      const chosen =
        value?.kind === 'choices' ? value.values : value?.kind === 'text' ? [value.value] : [];
      if (chosen.some((choice) => !field.options!.includes(choice))) {
        messages.push(choiceMessage(field.name));
      }
    }
  }
  return messages;
}

/** Whether an expiry date is beyond the form's maxExpiration (ms; 0 or less: no limit). */
export function expirationTooFar(
  expiryMs: number,
  nowMs: number,
  maxExpirationMs: number,
): boolean {
  return maxExpirationMs > 0 && expiryMs > nowMs + maxExpirationMs;
}

/**
 * 'Expires in 12 days', 'Expires tomorrow', 'Expires today' for a document that expires within
 * 30 days (and has not yet), else null: the day count and the words of the reminder emails
 * (daysLeft, whenText), so the panel and an email never disagree about the same document.
 */
export function expiresSoonLabel(
  expirationInstant: number,
  nowMs: number,
  timeZone: string,
): string | null {
  if (expirationInstant <= nowMs) return null;
  const days = daysLeft(expirationInstant, nowMs, timeZone);
  if (days > EXPIRES_SOON_DAYS) return null;
  return `Expires ${whenText(days)}`;
}

/**
 * The name an uploaded file is shown and downloaded under: the last segment of whatever the
 * browser sent (never a path), without control or quoting characters, at most 120 characters.
 * Bidirectional controls go too: a right-to-left override makes `scan\u202Efdp.exe` read as
 * `scanexe.pdf` on the page and in a save dialog (Unicode TR #9; the marks ALM, LRM, RLM, the
 * embeddings, overrides and isolates).
 */
export function cleanUploadName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?]/g, '')
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const withoutDots = cleaned.replace(/^\.+/, '');
  const name = withoutDots === '' ? 'file' : withoutDots;
  if (name.length <= 120) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 120 - extension.length) + extension;
}

/** What a file input offers to pick; the server decides from the bytes, not from this. */
export const DOCUMENT_FILE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.heic,.heif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';
