import styles from './loading.module.css';

export interface LoadingProps {
  /** The words shown beside the spinner, e.g. the spec's 'Loading...'. */
  label?: string;
  size?: 'normal' | 'large';
  className?: string;
}

/** A spinner with a label, announced politely to screen readers. */
export function Loading({ label = 'Loading...', size = 'normal', className }: LoadingProps) {
  return (
    <div
      className={[styles.loading, size === 'large' ? styles.large : '', className ?? ''].join(' ')}
      role="status"
      aria-live="polite"
    >
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A full-page, click-blocking overlay with a loading label (spec §2 Documents 'Loading...'). */
export function LoadingOverlay({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={styles.overlay} data-testid="loading-overlay">
      <Loading label={label} />
    </div>
  );
}
