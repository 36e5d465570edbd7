import { useEffect, type CSSProperties } from 'react';
import { IconCheckCircle, IconClose } from './icons';
import styles from './toast.module.css';

/** How long a confirmation stays on screen. */
export const TOAST_MS = 6000;

export interface ToastProps {
  /** The confirmation text; nothing renders while it is empty. */
  message: string;
  onDismiss: () => void;
  /** Extra distance below the header, e.g. to clear a tab bar. */
  offset?: number;
}

/** A short success confirmation under the header, announced politely; it hides by itself. */
export function Toast({ message, onDismiss, offset }: ToastProps) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDismiss, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDismiss]);
  if (!message) return null;
  return (
    <div
      className={styles.toast}
      role="status"
      style={offset ? ({ '--toast-offset': `${offset}px` } as CSSProperties) : undefined}
    >
      <IconCheckCircle size={20} />
      <span>{message}</span>
      <button type="button" aria-label="Dismiss" onClick={onDismiss}>
        <IconClose size={16} />
      </button>
    </div>
  );
}
