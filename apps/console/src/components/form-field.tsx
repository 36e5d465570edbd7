import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  get,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { TextField } from '@waypoint/ui';
import styles from './form-field.module.css';

/** The message of a field's failed rule, or undefined (react-hook-form's errors, nested names too). */
export function fieldError<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
): string | undefined {
  const error = get(form.formState.errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' && error.message ? error.message : undefined;
}

export interface FormFieldProps<T extends FieldValues, N extends Path<T> = Path<T>> extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'form'
> {
  /** The react-hook-form form the field belongs to. */
  form: UseFormReturn<T>;
  /** The field's name in the form; its rules' value is that field's type. */
  name: N;
  /** The visible label, also the input's accessible name. */
  label: string;
  /** A line under the input; a failed rule's message takes its place. */
  hint?: ReactNode;
  /** The field's rules (required, validate ...): their messages are shown under it. */
  rules?: RegisterOptions<T, N>;
}

/**
 * A labelled input registered with a react-hook-form form: its rule's message under it, described
 * by it and marked invalid (announced with the field), in the shared field style (@waypoint/ui).
 */
export function FormField<T extends FieldValues, N extends Path<T>>({
  form,
  name,
  label,
  hint,
  rules,
  ...rest
}: FormFieldProps<T, N>) {
  const message = fieldError(form, name);
  return (
    <TextField
      label={label}
      invalid={message !== undefined}
      hint={message ? <span className={styles.error}>{message}</span> : hint}
      {...rest}
      {...form.register(name, rules)}
    />
  );
}
