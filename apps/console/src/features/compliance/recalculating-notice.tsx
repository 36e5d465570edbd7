import styles from './compliance.module.css';

/** Standings being worked out again after a change are shown with their last value, and said so. */
export function RecalculatingNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className={styles.notice} role="status">
      {count.toLocaleString('en-GB')} {count === 1 ? 'record is' : 'records are'} being
      recalculated; they show their last known status.
    </p>
  );
}
