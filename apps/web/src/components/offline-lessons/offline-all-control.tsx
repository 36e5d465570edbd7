import { IconDownload } from '@waypoint/ui/icons';
import type { OfflineTarget } from './use-offline-lessons';
import styles from './offline-lessons.module.css';

export interface OfflineAllControlProps {
  /** The curriculum's lessons that may be made available offline. */
  targets: readonly OfflineTarget[];
  /** How many of them this device stores. */
  storedCount: number;
  /** Some are being stored now. */
  busy: boolean;
  online: boolean;
  onMakeAll: () => void;
}

/** Course details' 'Make all lessons available offline', with how many are (docs/decisions/0024). */
export function OfflineAllControl({
  targets,
  storedCount,
  busy,
  online,
  onMakeAll,
}: OfflineAllControlProps) {
  if (targets.length === 0) return null;
  const all = storedCount >= targets.length;
  return (
    <div className={styles.allBar} data-testid="offline-all">
      {online && !all && (
        <button type="button" className={styles.makeButton} disabled={busy} onClick={onMakeAll}>
          <IconDownload size={15} />
          <span>Make all lessons available offline</span>
        </button>
      )}
      {(storedCount > 0 || !online) && (
        <span>
          {storedCount} of {targets.length} {targets.length === 1 ? 'lesson' : 'lessons'} available
          offline on this device
        </span>
      )}
    </div>
  );
}
