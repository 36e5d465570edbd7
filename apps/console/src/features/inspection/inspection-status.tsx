import type { ComponentType } from 'react';
import {
  IconAlertCircle,
  IconCheckCircle,
  IconWarning,
  makeIcon,
  type IconProps,
} from '@waypoint/ui';
import { qualificationCellText, type QualificationStatus } from '@waypoint/domain/staff';
import type { MatrixCell } from '../../api/inspection';
import styles from './inspection.module.css';

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

/** A shape per status, so that a status never rests on colour alone; the words are beside it. */
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

/** A cell's status in words with its date, and its icon, coloured by status. */
export function InspectionStatus({ cell }: { cell: Pick<MatrixCell, 'status' | 'date' | 'days'> }) {
  const Icon = STATUS_ICON[cell.status];
  return (
    <span className={styles.status} data-status={cell.status}>
      <Icon size={16} className={styles.statusIcon} />
      <span>{qualificationCellText(cell)}</span>
    </span>
  );
}
