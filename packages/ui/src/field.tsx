import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { IconAlertCircle } from './icons';
import styles from './field.module.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Visible label, also the input's accessible name. */
  label: string;
  hint?: ReactNode;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input in the panel's form style. */
export function TextField({ label, hint, invalid, id, className, ref, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={[styles.field, className ?? ''].join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        {...rest}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** An error line for a form; renders nothing when there is no message. */
export function ErrorLine({ message, id }: { message?: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p className={styles.errorLine} role="alert" id={id}>
      <IconAlertCircle size={18} />
      <span>{message}</span>
    </p>
  );
}

/** Class names of the field style, for inputs that cannot use TextField. */
export const fieldClassNames = { field: styles.field, label: styles.label, input: styles.input };
