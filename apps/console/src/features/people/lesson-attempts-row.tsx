import type { ProgressElement } from '@waypoint/domain';
import { Button } from '@waypoint/ui';
import type { LessonAttempt } from '../../api/attempts';
import { AttemptsTable } from '../../components/attempts-table';
import styles from './people.module.css';

/**
 * The row under a lesson of the record: its attempts (a disclosure, closed at first) and, for
 * staff who may correct records, 'Correct result'. Nothing when there is neither.
 */
export function LessonAttemptsRow({
  lesson,
  attempts,
  columns,
  onCorrect,
}: {
  lesson: ProgressElement;
  attempts: readonly LessonAttempt[];
  columns: number;
  /** Set when the caller may correct (records.correct). */
  onCorrect?: () => void;
}) {
  if (attempts.length === 0 && !onCorrect) return null;
  return (
    <tr className={styles.attemptsRow} data-testid="record-attempts">
      <td colSpan={columns}>
        <div className={styles.attemptsBar}>
          {attempts.length > 0 && (
            <details className={styles.attemptsDetails}>
              <summary>Attempts ({attempts.length})</summary>
              {/* Scrolls sideways at 390 px: focusable so a keyboard can scroll it (WCAG 2.1.1). */}
              <div
                className={styles.attemptsBox}
                role="region"
                aria-label={`Attempts of ${lesson.elementName}`}
                tabIndex={0}
              >
                <AttemptsTable
                  attempts={attempts}
                  playMode={lesson.elementPlayMode}
                  label={`Attempts of ${lesson.elementName}`}
                />
              </div>
            </details>
          )}
          {onCorrect && (
            <Button
              small
              variant="secondary"
              onClick={onCorrect}
              aria-label={`Correct result of ${lesson.elementName}`}
            >
              Correct result
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
