import { attributeIsSet, EXPIRATION_FIELD, formatDocumentDate } from '@waypoint/domain';
import type {
  AssignedDocument,
  DocumentDetail,
  DocumentField,
  DocumentFieldAttributes,
  DocumentFile,
} from '@waypoint/domain/contract';
import type { AssignedDocumentRow, FormFieldRow, UploadRow } from './repo.js';

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

/** The student's answers as an object (the jsonb column holds one; anything else counts as none). */
export function responseObject(data: unknown): Record<string, unknown> {
  return data && typeof data === 'object' && !Array.isArray(data)
    ? { ...(data as Record<string, unknown>) }
    : {};
}

export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The §3 attribute flags of a field as stored (jsonb object); 'true' when set. */
export function fieldFlags(attributes: unknown): { required: boolean; readonly: boolean } {
  const map = responseObject(attributes);
  return { required: attributeIsSet(map.required), readonly: attributeIsSet(map.readonly) };
}

/** Links of a saved file: its DELETE address and its download link (null: no content origin). */
export interface FileLinks {
  href: string;
  download: string | null;
}

/** One document with its fields and the student's answers (§3, §7 form detail). */
export function presentDocumentDetail(
  row: AssignedDocumentRow,
  fields: FormFieldRow[],
  uploads: UploadRow[],
  linksOf: (upload: UploadRow) => FileLinks,
): DocumentDetail {
  const answers = responseObject(row.responseData);
  return {
    document: presentAssignedDocument(row),
    fields: fields.map((field): DocumentField => {
      const flags = fieldFlags(field.attributes);
      const attributes: DocumentFieldAttributes = {};
      if (flags.required) attributes.required = 'true';
      if (flags.readonly) attributes.readonly = 'true';
      attributes.type = field.fieldType;
      const answer = answers[field.name];
      const upload = uploads.find((candidate) => candidate.fieldKey === field.fieldKey);
      let file: DocumentFile | null = null;
      if (field.fieldType === 'file') {
        if (upload) {
          const links = linksOf(upload);
          file = {
            uploadKey: upload.uploadKey,
            fileName: upload.fileName,
            contentType: upload.contentType,
            sizeBytes: upload.sizeBytes,
            uploadedInstant: upload.uploadedAt.getTime(),
          };
          attributes.value = upload.fileName;
          attributes.href = links.href;
          if (links.download) attributes.download = links.download;
        }
      } else if (field.name.toLowerCase() === EXPIRATION_FIELD && row.expiresAt) {
        // The expiry an operator set wins over what the student last typed.
        attributes.value = formatDocumentDate(row.expiresAt.getTime());
      } else {
        attributes.value = textOf(answer);
      }
      return {
        fieldKey: field.fieldKey,
        formKey: field.formKey,
        name: field.name,
        description: field.description,
        type: field.fieldType,
        attributes,
        options: stringsOf(field.options),
        values: field.fieldType === 'multiselect' ? stringsOf(answer) : [],
        file,
      };
    }),
  };
}
