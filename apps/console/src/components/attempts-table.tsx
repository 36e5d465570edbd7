import {
  attemptCompletionText,
  attemptScoreText,
  attemptSuccessText,
  timeText,
} from '@waypoint/domain';
import type { LessonAttempt } from '@waypoint/domain/contract';
import { formatDateTime } from '../lib/dates';
import styles from './attempts-table.module.css';

/** Where an attempt came from, as staff read it: the player, the migration, an import, a correction. */
function sourceText(attempt: LessonAttempt): string {
  switch (attempt.source) {
    case 'player':
      return 'Player';
    case 'migrated':
      return 'Migrated';
    case 'imported':
      return 'Imported';
    case 'correction':
      return attempt.corrects > 0 ? `Correction of attempt ${attempt.corrects}` : 'Correction';
  }
}

/**
 * A lesson's attempts, first to last (the attempt record, migration 0027): each with its start,
 * end or 'In progress', time, score (formatScorePercent), completion and success in words, the
 * §8 offline flag and where it came from; a correction with its reason. Read-only.
 */
export function AttemptsTable({
  attempts,
  playMode,
  label,
}: {
  attempts: readonly LessonAttempt[];
  playMode: number;
  /** The table's caption (read by screen readers): whose attempts of what. */
  label: string;
}) {
  if (attempts.length === 0) return <p className={styles.muted}>No attempts recorded.</p>;
  return (
    <table className={styles.attempts}>
      <caption className="wp-visually-hidden">{label}</caption>
      <thead>
        <tr>
          {['Attempt', 'Started', 'Ended', 'Time', 'Score', 'Completion', 'Success', 'Source'].map(
            (column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {attempts.map((attempt) => (
          <tr key={attempt.number} data-testid="attempt-row">
            <th scope="row">{attempt.number}</th>
            <td>{formatDateTime(attempt.startedInstant)}</td>
            <td>
              {attempt.endedInstant > 0 ? formatDateTime(attempt.endedInstant) : 'In progress'}
            </td>
            <td>{timeText(attempt.durationMs)}</td>
            <td>{attemptScoreText(attempt.score, playMode)}</td>
            <td>{attemptCompletionText(attempt.completion)}</td>
            <td>{attemptSuccessText(attempt.credit)}</td>
            <td className={styles.source}>
              {sourceText(attempt)}
              {attempt.flaggedOffline && <span className={styles.flag}>Offline</span>}
              {attempt.source === 'correction' && (
                <span className={styles.reason}>Reason: {attempt.reason}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
