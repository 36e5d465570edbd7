import type { ReactNode } from 'react';
import { useWholeRowsHeight } from './whole-rows';
import styles from './course-details.module.css';

/**
 * The course table of one curriculum: it scrolls within the viewport height minus 375 px (§2),
 * ending on a whole row (whole-rows.ts).
 */
export function CourseTable({ children }: { children: ReactNode }) {
  const { box, content } = useWholeRowsHeight();
  return (
    <div ref={box} className={styles.table} data-testid="course-table">
      <div ref={content}>{children}</div>
    </div>
  );
}
