import { useState } from 'react';
import { Button } from '@waypoint/ui/button';
import { IconAlertCircle, IconCheckCircle, IconClose, IconDownload } from '@waypoint/ui/icons';
import { Modal } from '@waypoint/ui/modal';
import { ProgressBar } from '@waypoint/ui/progress-bar';
import type { StoredLesson } from '../../offline/bridge-protocol';
import { availableText, storingText } from './offline-format';
import type { OfflineTask } from './offline-tasks';
import styles from './offline-lessons.module.css';

export interface OfflineLessonControlProps {
  lessonName: string;
  /** The lesson may be made available (it can be launched, and not in Browse). */
  eligible: boolean;
  online: boolean;
  stored: StoredLesson | undefined;
  task: OfflineTask | undefined;
  onMake: () => void;
  onRemove: (lesson: StoredLesson) => void;
  onDismiss: () => void;
}

type State = 'storing' | 'removing' | 'stored' | 'not-stored' | 'error';

/**
 * A lesson row's offline line (docs/decisions/0024): 'Make available offline'; while its package
 * is stored a bar with the bytes ('3.2 MB of 12 MB'); once stored 'Available offline · 12 MB' with
 * Remove (confirmed; the bridge refuses while progress waits for a sync); a refusal in words.
 */
export function OfflineLessonControl({
  lessonName,
  eligible,
  online,
  stored,
  task,
  onMake,
  onRemove,
  onDismiss,
}: OfflineLessonControlProps) {
  const [confirming, setConfirming] = useState(false);
  const state: State =
    task?.kind === 'storing'
      ? 'storing'
      : task?.kind === 'removing'
        ? 'removing'
        : stored
          ? 'stored'
          : 'not-stored';
  // Making a lesson available needs the server (the grant): offline only stored ones show.
  const canMake = state === 'not-stored' && eligible && online;
  if (state === 'not-stored' && !canMake && task?.kind !== 'error') return null;

  let body;
  if (state === 'storing' && task?.kind === 'storing') {
    const percent = task.totalBytes > 0 ? (task.loadedBytes / task.totalBytes) * 100 : 0;
    body = (
      <>
        <ProgressBar
          value={percent}
          label={`Storing ${lessonName} on this device`}
          className={styles.bar}
        />
        <span className={styles.bytes}>
          Storing offline · {storingText(task.loadedBytes, task.totalBytes)}
        </span>
      </>
    );
  } else if (state === 'removing') {
    body = <span className={styles.muted}>Removing from this device...</span>;
  } else if (state === 'stored' && stored) {
    body = (
      <>
        <span className={styles.available}>
          <IconCheckCircle size={15} />
          {availableText(stored.bytes)}
        </span>
        {stored.pendingCommits > 0 && (
          <span className={styles.muted}>Progress waiting to sync</span>
        )}
        <button
          type="button"
          className={styles.linkButton}
          aria-label={`Remove ${lessonName} from this device`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      </>
    );
  } else if (canMake) {
    body = (
      <button
        type="button"
        className={styles.makeButton}
        aria-label={`Make ${lessonName} available offline`}
        onClick={onMake}
      >
        <IconDownload size={15} />
        <span>Make available offline</span>
      </button>
    );
  }

  return (
    <div className={styles.line} data-testid="offline-control" data-state={state}>
      {body}
      {task?.kind === 'error' && (
        <span className={styles.error} role="alert">
          <IconAlertCircle size={14} />
          <span>{task.message}</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dismiss message"
            onClick={onDismiss}
          >
            <IconClose size={13} />
          </button>
        </span>
      )}
      {stored && (
        <Modal
          open={confirming}
          onOpenChange={setConfirming}
          title="Remove from this device"
          width={420}
          testId="offline-remove-modal"
          footer={
            <>
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
              <Button
                variant="danger"
                onClick={() => {
                  setConfirming(false);
                  onRemove(stored);
                }}
              >
                Remove
              </Button>
            </>
          }
        >
          <p className={styles.text}>
            {`Remove ${lessonName} from this device? You will need a connection to play it again.`}
          </p>
        </Modal>
      )}
    </div>
  );
}
