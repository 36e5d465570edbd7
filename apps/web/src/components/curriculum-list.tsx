import type { ReactNode } from 'react';
import { daysUntil, dueDate, formatDate, type ProgressElement } from '@waypoint/domain';
import styles from './curriculum-list.module.css';

export interface CurriculumListItem {
  key: string;
  title: string;
  detail: ReactNode;
  /** Short text at the right, e.g. 'in 19 days' or a percentage. */
  aside?: ReactNode;
  tone?: 'default' | 'danger' | 'success';
  onSelect?: () => void;
}

export interface CurriculumListProps {
  title: string;
  icon?: ReactNode;
  items: CurriculumListItem[];
  empty: string;
  testId?: string;
  children?: ReactNode;
}

/** 'in 1 day' / 'in N days'. */
export function inDaysText(days: number): string {
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

/** An Upcoming Due Dates row: 'Due YYYY/MM/DD' and the day count, red within a week. */
export function upcomingDueItem(
  curriculum: ProgressElement,
  nowMs: number,
  onSelect: (curriculum: ProgressElement) => void,
): CurriculumListItem {
  const due = dueDate(curriculum.elementStartDate, curriculum.elementDuration);
  const days = daysUntil(due, nowMs);
  return {
    key: String(curriculum.elementAssignmentKey),
    title: curriculum.elementName,
    detail: `Due ${formatDate(due)}`,
    aside: inDaysText(days),
    tone: days <= 7 ? 'danger' : 'default',
    onSelect: () => onSelect(curriculum),
  };
}

/** A titled card with a short list (Upcoming Due Dates, New Assignments, Recent Lessons...). */
export function CurriculumList({
  title,
  icon,
  items,
  empty,
  testId,
  children,
}: CurriculumListProps) {
  return (
    <section className={styles.panel} data-testid={testId} aria-label={title}>
      <h2 className={styles.title}>
        {icon && <span className={styles.icon}>{icon}</span>}
        {title}
        <span className={styles.count}>{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => {
            const body = (
              <>
                <span className={styles.text}>
                  <span className={styles.itemTitle}>{item.title}</span>
                  <span className={styles.detail}>{item.detail}</span>
                </span>
                {item.aside !== undefined && (
                  <span className={`${styles.aside} ${styles[item.tone ?? 'default']}`}>
                    {item.aside}
                  </span>
                )}
              </>
            );
            return (
              <li key={item.key}>
                {item.onSelect ? (
                  <button type="button" className={styles.item} onClick={item.onSelect}>
                    {body}
                  </button>
                ) : (
                  <div className={styles.item}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {children}
    </section>
  );
}
