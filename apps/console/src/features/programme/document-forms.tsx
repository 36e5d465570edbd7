import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { DOCUMENT_FIELD_TYPES } from '@waypoint/domain';
import { nameProblem } from '@waypoint/domain/staff';
import { Button, ErrorLine, Loading } from '@waypoint/ui';
import { defineDocumentType, useDocumentTypes, type DocumentType } from '../../api/programme';
import { queryKeys } from '../../api/query-keys';
import { useAllows } from '../../api/session';
import { FormField } from '../../components/form-field';
import { EmptyState, ErrorState, errorMessage } from '../../components/states';
import { CheckboxField, SelectField, TextAreaField } from './fields';
import styles from './programme.module.css';

/** The LMS's document forms (§3 Document form) and the editor of one. */
export function DocumentForms() {
  const query = useDocumentTypes();
  const canEdit = useAllows('programme.documents');
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null);
  if (query.isPending) return <Loading label="Loading the document forms..." />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (editing)
    return (
      <DocumentFormEditor
        form={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  const forms = query.data.documentTypes;
  return (
    <section className={styles.card} aria-labelledby="document-forms-heading">
      <div className={styles.paneHeader}>
        <h2 id="document-forms-heading" className={styles.detailHeading}>
          Document forms
        </h2>
        {canEdit && (
          <Button variant="primary" small onClick={() => setEditing('new')}>
            New document form
          </Button>
        )}
      </div>
      {forms.length === 0 ? (
        <EmptyState title="There are no document forms yet." />
      ) : (
        <ul className={styles.formList}>
          {forms.map((form) => (
            <li key={form.formKey} className={styles.formItem}>
              <div>
                <h3 className={styles.subHeading}>{form.name}</h3>
                <p className={styles.hint}>
                  {form.fields.length} fields: {form.fields.map((field) => field.name).join(', ')}.
                  Assigned to {form.assignedCount}.
                  {form.maxExpirationDays > 0 &&
                    ` Expiry at most ${form.maxExpirationDays} days ahead.`}
                </p>
              </div>
              {canEdit && (
                <Button small onClick={() => setEditing(form)} aria-label={`Edit ${form.name}`}>
                  Edit
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface FieldValues {
  name: string;
  type: string;
  description: string;
  required: boolean;
  readonly: boolean;
  /** Choices of a select or multiselect, one per line. */
  options: string;
}

interface EditorValues {
  name: string;
  description: string;
  maxExpirationDays: number;
  fields: FieldValues[];
}

const emptyField = (): FieldValues => ({
  name: '',
  type: 'text',
  description: '',
  required: false,
  readonly: false,
  options: '',
});

/**
 * Creates a document form or changes the one of that name (define-document's rules: fields
 * matched by name; one holding students' files cannot be dropped).
 */
function DocumentFormEditor({
  form: existing,
  onDone,
}: {
  form: DocumentType | null;
  onDone: () => void;
}) {
  const form = useForm<EditorValues>({
    defaultValues: existing
      ? {
          name: existing.name,
          description: existing.description,
          maxExpirationDays: existing.maxExpirationDays,
          fields: existing.fields.map((field) => ({
            ...field,
            options: field.options.join('\n'),
          })),
        }
      : { name: '', description: '', maxExpirationDays: 0, fields: [emptyField()] },
  });
  const fields = useFieldArray({ control: form.control, name: 'fields' });
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: defineDocumentType,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.programme.documentTypes() });
      onDone();
    },
  });
  const types = useWatch({ control: form.control, name: 'fields' });
  const onSubmit = (values: EditorValues) =>
    mutation.mutate({
      name: values.name.trim(),
      description: values.description,
      maxExpirationDays: values.maxExpirationDays,
      fields: values.fields.map((field) => ({
        name: field.name.trim(),
        type: field.type,
        description: field.description,
        required: field.required,
        readonly: field.readonly,
        options: field.options
          .split('\n')
          .map((option) => option.trim())
          .filter(Boolean),
      })),
    });
  return (
    <section className={styles.card} aria-labelledby="document-editor-heading">
      <h2 id="document-editor-heading" className={styles.detailHeading}>
        {existing ? `Document form: ${existing.name}` : 'New document form'}
      </h2>
      <form className={styles.form} noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <fieldset disabled={mutation.isPending} className={styles.fieldset}>
          <legend className={styles.visuallyHidden}>The form</legend>
          <FormField
            form={form}
            name="name"
            label="Name"
            readOnly={existing !== null}
            hint={existing ? 'The name identifies the form; it cannot change here.' : undefined}
            rules={{ validate: (value: unknown) => nameProblem(String(value), 'name') ?? true }}
          />
          <TextAreaField form={form} name="description" label="Description" />
          <FormField
            form={form}
            name="maxExpirationDays"
            label="Latest expiry (days ahead)"
            type="number"
            min={0}
            hint="0: no limit"
            rules={{ valueAsNumber: true }}
          />
        </fieldset>
        {fields.fields.map((field, index) => (
          <fieldset key={field.id} disabled={mutation.isPending} className={styles.fieldCard}>
            <legend className={styles.legend}>Field {index + 1}</legend>
            <div className={styles.fieldRow}>
              <FormField
                form={form}
                name={`fields.${index}.name`}
                label="Field name"
                rules={{
                  validate: (value: unknown) => nameProblem(String(value), 'field name') ?? true,
                }}
              />
              <SelectField
                form={form}
                name={`fields.${index}.type`}
                label="Type"
                options={DOCUMENT_FIELD_TYPES.map((type) => ({ value: type, label: type }))}
              />
            </div>
            <FormField form={form} name={`fields.${index}.description`} label="Help text" />
            {(types[index]?.type === 'select' || types[index]?.type === 'multiselect') && (
              <TextAreaField
                form={form}
                name={`fields.${index}.options`}
                label="Choices (one per line)"
              />
            )}
            <div className={styles.fieldRow}>
              <CheckboxField form={form} name={`fields.${index}.required`} label="Required" />
              <CheckboxField form={form} name={`fields.${index}.readonly`} label="Read-only" />
              <Button small variant="ghost" onClick={() => fields.remove(index)}>
                Remove field {index + 1}
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button small onClick={() => fields.append(emptyField())}>
            Add a field
          </Button>
        </div>
        <ErrorLine message={mutation.error ? errorMessage(mutation.error) : null} />
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" busy={mutation.isPending}>
            Save document form
          </Button>
          <Button onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </section>
  );
}
