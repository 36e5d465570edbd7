import {
  dashboardCurriculumProgress,
  dueDate,
  dueLabel,
  formatDateOrOpen,
  formatMonthYear,
  isFailedCompletion,
  isOpenDate,
  lessonsOf,
  type ProgressElement,
} from '@waypoint/domain';
import { IconCalendar } from './curricula-icons';
import { ProgressBar } from '@waypoint/ui/progress-bar';
import styles from './curriculum-card.module.css';

/** The due line of a curriculum (§9): 'Due'/'Over' + 'YYYY/MM/DD', or 'Open' past 100 years. */
export function curriculumDueLine(curriculum: ProgressElement, nowMs: number): string {
  const due = dueDate(curriculum.elementStartDate, curriculum.elementDuration);
  if (isOpenDate(due, nowMs)) return 'Open';
  return `${dueLabel(due, nowMs)} ${formatDateOrOpen(due, nowMs)}`;
}

export interface CurriculumCardProps {
  curriculum: ProgressElement;
  nowMs: number;
  onSelect: (curriculum: ProgressElement) => void;
  /** Compact cards for the side lists (Upcoming Due Dates, New Assignments). */
  compact?: boolean;
}

/**
 * A curriculum card (spec §2 Assignments): name, the date as 'Mon YYYY', the due label and the
 * course progress. Selecting it opens the curriculum's course details.
 */
export function CurriculumCard({ curriculum, nowMs, onSelect, compact }: CurriculumCardProps) {
  const due = dueDate(curriculum.elementStartDate, curriculum.elementDuration);
  const open = isOpenDate(due, nowMs);
  const over = !open && dueLabel(due, nowMs) === 'Over';
  const progress = dashboardCurriculumProgress(curriculum);
  const failed = isFailedCompletion(curriculum.elementCompletion);
  const lessonCount = lessonsOf(curriculum).length;
  const dueLine = curriculumDueLine(curriculum, nowMs);
  return (
    <button
      type="button"
      className={`${styles.card} ${compact ? styles.compact : ''}`}
      onClick={() => onSelect(curriculum)}
      data-testid="curriculum-card"
      data-curriculum={curriculum.elementName}
    >
      <span className={styles.top}>
        <span className={styles.month}>{formatMonthYear(curriculum.elementStartDate)}</span>
        <span
          className={`${styles.due} ${over ? styles.over : ''} ${open ? styles.open : ''}`}
          data-testid="due-label"
        >
          <IconCalendar size={14} />
          {dueLine}
        </span>
      </span>
      <span className={styles.name}>{curriculum.elementName}</span>
      {!compact && curriculum.elementDescription && (
        <span className={styles.description}>{curriculum.elementDescription}</span>
      )}
      <span className={styles.footer}>
        <span className={styles.meta}>
          {curriculum.elementChildren.length}{' '}
          {curriculum.elementChildren.length === 1 ? 'course' : 'courses'}
          {' · '}
          {lessonCount} {lessonCount === 1 ? 'lesson' : 'lessons'}
          {failed && <span className={styles.failed}> · Failed</span>}
        </span>
        <span className={styles.progressRow}>
          <ProgressBar
            value={progress}
            failed={failed}
            label={`${curriculum.elementName} progress`}
          />
          <span className={styles.percent}>{progress}%</span>
        </span>
      </span>
    </button>
  );
}
