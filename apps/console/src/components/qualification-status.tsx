import type { ComponentType } from 'react';
import {
  IconAlertCircle,
  IconCheckCircle,
  IconWarning,
  makeIcon,
  type IconProps,
} from '@waypoint/ui';
import type { MatrixCell } from '@waypoint/domain/console-contract';
import {
  QUALIFICATION_STATUSES,
  QUALIFICATION_STATUS_TEXT,
  qualificationCellText,
  type QualificationStatus,
} from '@waypoint/domain/staff';
import styles from './qualification-status.module.css';

const IconClock = makeIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);
const IconXCircle = makeIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
);
const IconHalfCircle = makeIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 2a10 10 0 0 1 0 20z" fill="currentColor" />
  </>,
);
const IconCircle = makeIcon(<circle cx="12" cy="12" r="9" strokeDasharray="3 3" />);
const IconDash = makeIcon(<path d="M6 12h12" />);

/**
 * Each status's icon: a different shape for each, so a status never rests on colour alone
 * (WCAG 1.4.1); the words are always beside it.
 */
const STATUS_ICON: Record<QualificationStatus, ComponentType<IconProps>> = {
  current: IconCheckCircle,
  due: IconClock,
  overdue: IconWarning,
  expired: IconXCircle,
  failed: IconAlertCircle,
  inProgress: IconHalfCircle,
  notStarted: IconCircle,
  notAssigned: IconDash,
};

/** What a status shows: the cell's status and the date or days its words carry. */
export type StatusCell = Pick<MatrixCell, 'status' | 'date' | 'days'>;

/** A status's icon (decorative: the words say it) in the status's colour. */
export function StatusIcon({ status, size = 16 }: { status: QualificationStatus; size?: number }) {
  const Icon = STATUS_ICON[status];
  return <Icon size={size} className={styles.statusIcon} />;
}

/** A cell's status in words with its date, and its icon, coloured by status (tokens). */
export function StatusText({ cell }: { cell: StatusCell }) {
  return (
    <span className={styles.status} data-status={cell.status}>
      <StatusIcon status={cell.status} />
      <span>{qualificationCellText(cell)}</span>
    </span>
  );
}

/** What each icon means. */
export function StatusLegend() {
  return (
    <div className={styles.legend}>
      <ul aria-label="Legend">
        {QUALIFICATION_STATUSES.map((status) => (
          <li key={status} className={styles.status} data-status={status}>
            <StatusIcon status={status} />
            <span>{QUALIFICATION_STATUS_TEXT[status]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A matrix cell that opens its history: the status shown, and named for a screen reader with
 * the person and the curriculum ('Sam Adams, Line check: Overdue since 2026/10/01').
 */
export function StatusCellButton({
  cell,
  person,
  curriculum,
  onOpen,
}: {
  cell: StatusCell;
  person: string;
  curriculum: string;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.cellButton}
      aria-label={`${person}, ${curriculum}: ${qualificationCellText(cell)}`}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <StatusText cell={cell} />
    </button>
  );
}
