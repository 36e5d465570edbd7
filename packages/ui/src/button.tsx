import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

/** Visual weight of a button: one primary action per view, secondary for the rest. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Class names for anything that should look like a button (links included). */
export function buttonClassName(
  variant: ButtonVariant = 'secondary',
  options: { small?: boolean; block?: boolean; className?: string } = {},
): string {
  return [
    styles.button,
    styles[variant],
    options.small ? styles.small : '',
    options.block ? styles.block : '',
    options.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  small?: boolean;
  block?: boolean;
  /** Shows a spinner and disables the button while an action is in flight. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The panel's button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'secondary',
  small,
  block,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, { small, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
