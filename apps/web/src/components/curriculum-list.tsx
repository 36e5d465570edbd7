import type { ReactNode } from 'react';
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
