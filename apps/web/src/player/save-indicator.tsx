import type { SaveStatus } from './commit-queue';
import styles from './player.module.css';

/** Offline (docs/decisions/0024), saved means stored on this device until the next sync. */
export const SAVED_ON_DEVICE_TEXT = 'Saved on this device';

/** The indicator's words for each state: the student always sees whether progress is saved. */
export function saveStatusText(status: SaveStatus, offline = false): string {
  switch (status.kind) {
    case 'saved':
      return offline ? SAVED_ON_DEVICE_TEXT : 'All progress saved';
    case 'saving':
      return offline ? 'Saving on this device...' : 'Saving...';
    case 'unsaved':
      return 'Unsaved changes';
    case 'failed':
      return `Not saved: ${status.message}`;
  }
}

export const PREVIEW_TEXT = 'Preview: nothing you do here is saved.';

/** Save state, announced politely; a library preview says instead that nothing is saved. */
export function SaveIndicator({
  status,
  preview,
  offline = false,
}: {
  status: SaveStatus;
  preview: boolean;
  offline?: boolean;
}) {
  if (preview && status.kind !== 'failed') {
    return (
      <p role="status" className={`${styles.save} ${styles.savePreview}`}>
        {PREVIEW_TEXT}
      </p>
    );
  }
  return (
    <p role="status" className={`${styles.save} ${styles[`save-${status.kind}`] ?? ''}`}>
      <span className={styles.saveDot} aria-hidden="true" />
      {saveStatusText(status, offline)}
    </p>
  );
}
