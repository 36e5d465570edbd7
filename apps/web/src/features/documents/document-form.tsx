import { useEffect, useId, useMemo, useState } from 'react';
import {
  DELETE_FILE_CONFIRMATION,
  DOCUMENT_DATE_HINT,
  DOCUMENT_FILE_ACCEPT,
  DOCUMENT_UPLOAD_LIMIT_LABEL,
  EXPIRATION_FIELD,
  joinDocumentMessages,
} from '@waypoint/domain';
import type { DocumentDetail, DocumentField } from '../../api/documents';
import { Button } from '@waypoint/ui/button';
import { ErrorLine, fieldClassNames } from '@waypoint/ui/field';
import { ProgressBar } from '@waypoint/ui/progress-bar';
import { IconDownload } from '../../components/icons';
import {
  browserSupportsDateInput,
  fieldLabel,
  formatFileSize,
  formMessages,
  initialFormState,
  isReadonly,
  isRequired,
  type DocumentFormState,
} from './document-form-state';
import styles from './document-form.module.css';

/** The Save button's words (§4 Documents): 'Save', 'Saving...' while sending, 'Failed' on error. */
export type SaveState = 'Save' | 'Saving...' | 'Failed';

export interface DocumentFormProps {
  detail: DocumentDetail;
  saveState: SaveState;
  /** Upload progress of the save in flight, 0 to 100. */
  progress: number;
  /** Messages the server gave for the last refused save or removal. */
  serverMessages: string[];
  /** The last save went through: 'Saved' shows beside the button until the form is edited. */
  saved?: boolean;
  onSave: (state: DocumentFormState) => void;
  onDeleteFile: (href: string) => void;
  deleting: boolean;
}

/** An image chosen for upload, shown small before it is saved (HEIC cannot be shown by browsers). */
function Thumbnail({ file }: { file: File }) {
  const url = useMemo(
    () => (/^image\/(png|jpeg)$/.test(file.type) ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return null;
  return <img className={styles.thumbnail} src={url} alt={`Preview of ${file.name}`} />;
}

interface FieldProps {
  field: DocumentField;
  state: DocumentFormState;
  setState: (update: (state: DocumentFormState) => DocumentFormState) => void;
  supportsDate: boolean;
  saving: boolean;
  progress: number;
  confirmDelete: (href: string) => void;
}

function FieldInput({
  field,
  state,
  setState,
  supportsDate,
  saving,
  progress,
  confirmDelete,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const readonly = isReadonly(field);
  const required = isRequired(field);
  const value = state.values[field.fieldKey] ?? '';
  const setValue = (next: string) =>
    setState((current) => ({ ...current, values: { ...current.values, [field.fieldKey]: next } }));
  const isDate = field.type === 'date' || field.name.toLowerCase() === EXPIRATION_FIELD;
  const hints = [
    field.description,
    isDate && !supportsDate ? DOCUMENT_DATE_HINT : '',
    field.type === 'file' ? DOCUMENT_UPLOAD_LIMIT_LABEL : '',
  ].filter(Boolean);
  // The label alone is the input's accessible name; 'required' is announced by the input itself.
  const label = fieldLabel(field);
  const mark =
    required && !readonly ? (
      <span className={styles.required} aria-hidden="true">
        *
      </span>
    ) : null;
  const common = {
    id,
    disabled: readonly,
    required: required && !readonly,
    'aria-describedby': hints.length > 0 ? hintId : undefined,
  };
  const hint =
    hints.length > 0 ? (
      <span id={hintId} className={styles.hint}>
        {hints.join(' ')}
      </span>
    ) : null;

  if (field.type === 'checkbox') {
    return (
      <div className={styles.checkboxRow}>
        <input
          {...common}
          type="checkbox"
          checked={value === 'true'}
          onChange={(event) => setValue(event.target.checked ? 'true' : '')}
        />
        <label htmlFor={id}>{label}</label>
        {mark}
        {hint}
      </div>
    );
  }

  if (field.type === 'multiselect') {
    const chosen = state.choices[field.fieldKey] ?? [];
    const toggle = (option: string, on: boolean) =>
      setState((current) => {
        const list = current.choices[field.fieldKey] ?? [];
        const next = on ? [...list, option] : list.filter((item) => item !== option);
        return { ...current, choices: { ...current.choices, [field.fieldKey]: next } };
      });
    return (
      <fieldset className={styles.fieldset} aria-describedby={common['aria-describedby']}>
        <legend className={fieldClassNames.label}>
          {label} {mark}
        </legend>
        {field.options.map((option) => (
          <label key={option} className={styles.choice}>
            <input
              type="checkbox"
              disabled={readonly}
              checked={chosen.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {option}
          </label>
        ))}
        {hint}
      </fieldset>
    );
  }

  if (field.type === 'file') {
    const chosen = state.files[field.fieldKey];
    const saved = field.file;
    return (
      <div className={fieldClassNames.field}>
        <div className={styles.labelRow}>
          <label className={fieldClassNames.label} htmlFor={id}>
            {label}
          </label>
          {mark}
        </div>
        {saved && (
          <div className={styles.savedFile} data-testid="saved-file">
            <span className={styles.fileName}>{saved.fileName}</span>
            <span className={styles.fileSize}>{formatFileSize(saved.sizeBytes)}</span>
            {field.attributes.download && (
              <a
                className={styles.fileAction}
                href={field.attributes.download}
                download={saved.fileName}
                rel="noopener noreferrer"
              >
                <IconDownload size={16} />
                Download
              </a>
            )}
            {!readonly && field.attributes.href && (
              <Button
                small
                variant="ghost"
                onClick={() => confirmDelete(field.attributes.href!)}
                aria-label={`Delete ${saved.fileName}`}
              >
                Delete
              </Button>
            )}
          </div>
        )}
        {!readonly && (
          <input
            {...common}
            required={common.required && !saved}
            className={styles.fileInput}
            type="file"
            accept={DOCUMENT_FILE_ACCEPT}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setState((current) => ({
                ...current,
                files: { ...current.files, [field.fieldKey]: file },
              }));
            }}
          />
        )}
        {chosen && (
          <div className={styles.chosen}>
            <Thumbnail file={chosen} />
            <span>
              {chosen.name} ({formatFileSize(chosen.size)})
            </span>
          </div>
        )}
        {chosen && saving && <ProgressBar value={progress} label={`Uploading ${chosen.name}`} />}
        {hint}
      </div>
    );
  }

  const inputClass = fieldClassNames.input;
  return (
    <div className={fieldClassNames.field}>
      <div className={styles.labelRow}>
        <label className={fieldClassNames.label} htmlFor={id}>
          {label}
        </label>
        {mark}
      </div>
      {field.type === 'textarea' ? (
        <textarea
          {...common}
          className={`${inputClass} ${styles.textarea}`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      ) : field.type === 'select' ? (
        <select
          {...common}
          className={inputClass}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          <option value="">Choose...</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className={inputClass}
          type={isDate ? 'date' : 'text'}
          placeholder={isDate && !supportsDate ? 'yyyy-mm-dd' : undefined}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      {hint}
    </div>
  );
}

/**
 * One document's form (§2 Documents, §5 Document submit): structured fields rendered here,
 * never HTML from the server. The §5 messages block a save, joined with ' - '.
 */
export function DocumentForm({
  detail,
  saveState,
  progress,
  serverMessages,
  onSave,
  onDeleteFile,
  deleting,
  saved = false,
}: DocumentFormProps) {
  const [initial] = useState(() => initialFormState(detail));
  const [state, setState] = useState(initial);
  const [localMessages, setLocalMessages] = useState<string[]>([]);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const supportsDate = useMemo(() => browserSupportsDateInput(), []);

  const saving = saveState === 'Saving...';
  const messages = localMessages.length > 0 ? localMessages : serverMessages;
  const errorId = useId();

  return (
    <form
      className={styles.form}
      noValidate
      aria-describedby={messages.length > 0 ? errorId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const blocking = formMessages(detail, state);
        setLocalMessages(blocking);
        if (blocking.length === 0) onSave(state);
      }}
    >
      {detail.fields.map((field) => (
        <FieldInput
          key={field.fieldKey}
          field={field}
          state={state}
          setState={setState}
          supportsDate={supportsDate}
          saving={saving}
          progress={progress}
          confirmDelete={setPendingDelete}
        />
      ))}
      {pendingDelete && (
        <div className={styles.confirm} role="alertdialog" aria-labelledby={`${errorId}-confirm`}>
          <p id={`${errorId}-confirm`}>{DELETE_FILE_CONFIRMATION}</p>
          <div className={styles.actions}>
            <Button onClick={() => setPendingDelete(null)}>Cancel</Button>
            <Button
              variant="danger"
              busy={deleting}
              onClick={() => {
                onDeleteFile(pendingDelete);
                setPendingDelete(null);
              }}
            >
              Delete file
            </Button>
          </div>
        </div>
      )}
      <ErrorLine id={errorId} message={joinDocumentMessages(messages)} />
      <div className={styles.actions}>
        {/* §4 keeps the button's words ('Save', 'Saving...', 'Save'); this says it went through. */}
        <span className={styles.saved} role="status">
          {saved && state === initial ? 'Saved' : ''}
        </span>
        <Button
          type="submit"
          variant={saveState === 'Failed' ? 'danger' : 'primary'}
          busy={saving}
          data-testid="document-save"
        >
          {saveState}
        </Button>
      </div>
    </form>
  );
}
