import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { fieldClassNames } from '@waypoint/ui';
import { fieldError } from '../../components/form-field';
import styles from './programme.module.css';

interface BaseProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  rules?: RegisterOptions<T, Path<T>>;
}

function Hint({ id, message, hint }: { id: string; message?: string; hint?: ReactNode }) {
  if (!message && !hint) return null;
  return (
    <span id={id} className={message ? styles.fieldError : styles.hint}>
      {message ?? hint}
    </span>
  );
}

/** A labelled select registered with a react-hook-form form (values are numbers when asked). */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  rules,
  options,
  disabled,
}: BaseProps<T> & {
  options: readonly { value: string | number; label: string }[];
  disabled?: boolean;
}) {
  const id = useId();
  const message = fieldError(form, name);
  return (
    <div className={fieldClassNames.field}>
      <label className={fieldClassNames.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={fieldClassNames.input}
        aria-invalid={message ? true : undefined}
        aria-describedby={message || hint ? `${id}-hint` : undefined}
        disabled={disabled}
        {...form.register(name, rules)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={`${id}-hint`} message={message} hint={hint} />
    </div>
  );
}

/** A labelled multi-line text field registered with a react-hook-form form. */
export function TextAreaField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  rules,
  disabled,
}: BaseProps<T> & { disabled?: boolean }) {
  const id = useId();
  const message = fieldError(form, name);
  return (
    <div className={fieldClassNames.field}>
      <label className={fieldClassNames.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={`${fieldClassNames.input} ${styles.textarea}`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message || hint ? `${id}-hint` : undefined}
        disabled={disabled}
        {...form.register(name, rules)}
      />
      <Hint id={`${id}-hint`} message={message} hint={hint} />
    </div>
  );
}

/** A checkbox with its label beside it, registered with a react-hook-form form. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  disabled,
}: BaseProps<T> & { disabled?: boolean }) {
  const id = useId();
  return (
    <div className={styles.checkboxField}>
      <input
        id={id}
        type="checkbox"
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...form.register(name)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
