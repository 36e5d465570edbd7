import { OFFLINE_COMPLETION_TOOLTIP } from '@waypoint/domain';
import { Tooltip } from '@waypoint/ui/tooltip';
import type { MostRecentRowView } from './report-model';
import styles from './report.module.css';

const COLUMNS = [
  'Curriculum',
  'Course',
  'Course Total Time',
  'Lesson',
  'Lesson Total Time',
  'Start',
  'End',
  'Score',
  'Lesson Status',
  'Completion Date',
] as const;

const STATUS_CLASS = {
  incomplete: styles.statusIncomplete,
  complete: styles.statusComplete,
  failed: styles.statusFailed,
  none: '',
} as const;

/** 'YYYY/MM/DD HH:MM' that may break between the date and the time, never inside either. */
function DateTime({ text }: { text: string }) {
  const [date, time] = text.split(' ');
  if (!date) return null;
  return (
    <>
      <span className={styles.nowrap}>{date}</span> <span className={styles.nowrap}>{time}</span>
    </>
  );
}

/** The 'Most Recent' table (§2): ten columns; it scrolls within its card on a narrow screen. */
export function MostRecentTable({ rows }: { rows: MostRecentRowView[] }) {
  return (
    <div
      className={styles.scroller}
      role="region"
      aria-labelledby="most-recent-caption"
      // A scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      <table className={styles.table} data-testid="most-recent">
        <caption id="most-recent-caption" className={styles.visuallyHidden}>
          Most recent lessons
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className={styles.emptyCell}>
                Nothing to report.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} data-testid="most-recent-row">
                <td>{row.curriculum}</td>
                <td>{row.course}</td>
                <td className={styles.number}>{row.courseTotalTime}</td>
                <th scope="row" className={styles.rowHeader}>
                  {row.lesson}
                </th>
                <td className={styles.number}>{row.lessonTotalTime}</td>
                <td>
                  <DateTime text={row.start} />
                </td>
                <td>
                  <DateTime text={row.end} />
                </td>
                <td className={styles.number}>{row.score}</td>
                <td>
                  <span className={STATUS_CLASS[row.status.tone]} data-testid="lesson-status">
                    {row.status.text}
                  </span>
                </td>
                <td className={styles.nowrap}>
                  {row.offlineWarning ? (
                    <Tooltip content={OFFLINE_COMPLETION_TOOLTIP}>
                      <span
                        className={styles.offline}
                        tabIndex={0}
                        data-testid="offline-completion"
                      >
                        {row.completionDate}
                        <span aria-hidden="true"> ⚠</span>
                      </span>
                    </Tooltip>
                  ) : (
                    row.completionDate
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
