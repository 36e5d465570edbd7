/**
 * What the document form holds while the student edits it, and how that becomes the §5 checks
 * and the multipart body of the save (§7). The rules themselves live in @waypoint/domain.
 */
import {
  attributeIsSet,
  documentSubmitMessages,
  EXPIRATION_FIELD,
  type SubmitField,
  type SubmitValue,
} from '@waypoint/domain';
import { documentPartName } from '@waypoint/domain/contract';
import type { DocumentDetail, DocumentField } from '../../api/documents';

export interface DocumentFormState {
  /** Text, date, select and checkbox ('true' or '') values by field key. */
  values: Record<number, string>;
  /** Multiselect choices by field key. */
  choices: Record<number, string[]>;
  /** Files chosen (not yet saved) by field key. */
  files: Record<number, File | undefined>;
}

export const isRequired = (field: DocumentField) => attributeIsSet(field.attributes.required);
export const isReadonly = (field: DocumentField) => attributeIsSet(field.attributes.readonly);

/**
 * The label a person reads for a field: its name, except the field the §5 rules know by its key
 * 'expiration', which is labelled as §5's own message words it ('the expiration date').
 */
export function fieldLabel(field: Pick<DocumentField, 'name'>): string {
  return field.name.toLowerCase() === EXPIRATION_FIELD ? 'Expiration date' : field.name;
}

/** The form as the server last answered it (nothing chosen yet). */
export function initialFormState(detail: DocumentDetail): DocumentFormState {
  const state: DocumentFormState = { values: {}, choices: {}, files: {} };
  for (const field of detail.fields) {
    if (field.type === 'multiselect') state.choices[field.fieldKey] = [...field.values];
    else if (field.type !== 'file') state.values[field.fieldKey] = field.attributes.value ?? '';
  }
  return state;
}

/** The §5 messages that block this save (empty: it may be sent). */
export function formMessages(detail: DocumentDetail, state: DocumentFormState): string[] {
  const fields: SubmitField[] = [];
  const values: Record<string, SubmitValue> = {};
  for (const field of detail.fields) {
    fields.push({
      name: field.name,
      type: field.type,
      required: isRequired(field),
      readonly: isReadonly(field),
      options: field.options,
    });
    const file = state.files[field.fieldKey];
    if (field.type === 'file') {
      values[field.name] = file
        ? { kind: 'file', sizeBytes: file.size }
        : { kind: 'keep', hasFile: field.file !== null };
    } else if (field.type === 'multiselect') {
      values[field.name] = { kind: 'choices', values: state.choices[field.fieldKey] ?? [] };
    } else {
      values[field.name] = { kind: 'text', value: state.values[field.fieldKey] ?? '' };
    }
  }
  return documentSubmitMessages(fields, values);
}

/** The multipart body: one part per value or file (read-only fields are never sent). */
export function formBody(detail: DocumentDetail, state: DocumentFormState): FormData {
  const body = new FormData();
  for (const field of detail.fields) {
    if (isReadonly(field)) continue;
    const part = documentPartName(field.fieldKey);
    if (field.type === 'file') {
      const file = state.files[field.fieldKey];
      if (file) body.append(part, file, file.name);
    } else if (field.type === 'multiselect') {
      for (const choice of state.choices[field.fieldKey] ?? []) body.append(part, choice);
    } else {
      body.append(part, state.values[field.fieldKey] ?? '');
    }
  }
  return body;
}

/** Whether this browser has a date picker; without one the input shows '(yyyy-mm-dd)' (§5). */
export function browserSupportsDateInput(): boolean {
  if (typeof document === 'undefined') return true;
  const input = document.createElement('input');
  input.setAttribute('type', 'date');
  input.value = 'not a date';
  return input.type === 'date' && input.value === '';
}

/** A file size for people: '812 KB', '4.2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
