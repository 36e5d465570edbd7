import { Tooltip } from '@waypoint/ui/tooltip';
import { IconCheck, IconLock } from '../../components/curricula-icons';
import styles from './course-details.module.css';

const STATUS_TEXT = {
  notstarted: 'Not started',
  started: 'In progress',
  complete: 'Complete',
  failed: 'Failed',
} as const;

/** A round status marker for a lesson or topic. */
export function StatusIcon({ status }: { status: keyof typeof STATUS_TEXT }) {
  return (
    <span className={`${styles.status} ${styles[`status_${status}`]}`} title={STATUS_TEXT[status]}>
      {status === 'complete' && <IconCheck size={13} />}
      {status === 'failed' && <span className={styles.statusBang}>!</span>}
      <span className="wp-visually-hidden">{STATUS_TEXT[status]}</span>
    </span>
  );
}

/** The prerequisite lock: hover lists 'Prerequisites' and the missing chapters (§2). */
export function PrerequisitesHint({ names }: { names: string[] }) {
  return (
    <Tooltip
      position="left"
      content={
        <span className={styles.prereqTip}>
          <strong>Prerequisites</strong>
          {names.map((name) => (
            <span key={name}>{name}</span>
          ))}
        </span>
      }
    >
      <span
        className={styles.prereqLock}
        tabIndex={0}
        role="img"
        aria-label={`Prerequisites: ${names.join(', ')}`}
        data-testid="prerequisite-lock"
      >
        <IconLock size={16} />
      </span>
    </Tooltip>
  );
}
