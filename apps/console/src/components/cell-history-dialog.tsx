import { Fragment, type ReactNode } from 'react';
import { formatDate, formatDuration } from '@waypoint/domain';
import type { CellHistory } from '@waypoint/domain/console-contract';
import { Modal } from '@waypoint/ui';
import { formatDateOrDash, formatDateTime } from '../lib/dates';
import { AttemptsTable } from './attempts-table';
import { Facts } from './facts';
import { StatusText } from './qualification-status';
import styles from './cell-history-dialog.module.css';

/**
 * One cell's history in a dialog: the assignment (assigned, start, due), each lesson's outcome,
 * score, dates and time with its attempt records under it, and the assignment's events from the
 * audit log. Fetching is
 * the caller's: until the history is there the dialog shows `fallback` (loading, or the error).
 */
export function CellHistoryDialog({
  history,
  fallback,
  note,
  noEvents = 'No events recorded.',
  showActions = false,
  onClose,
}: {
  history: CellHistory | undefined;
  fallback: ReactNode;
  /** A line above the history: what it leaves out (an inspector's period). */
  note?: ReactNode;
  noEvents?: string;
  /** Each event's audit action beside its actor (staff read the log; an inspector does not). */
  showActions?: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={
        history ? `${history.person.displayName}: ${history.curriculum.name}` : 'Training history'
      }
      description={history ? <StatusText cell={history.cell} /> : undefined}
      width={880}
    >
      {history ? (
        <div className={styles.history}>
          {note && <p className={styles.muted}>{note}</p>}
          <AssignmentFacts history={history} />
          <h3 className={styles.subheading}>Lessons</h3>
          <Lessons lessons={history.lessons} />
          <h3 className={styles.subheading}>Events</h3>
          {history.events.length === 0 ? (
            <p className={styles.muted}>{noEvents}</p>
          ) : (
            <ol className={styles.events}>
              {history.events.map((event, index) => (
                <li key={`${event.at}-${index}`}>
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>{' '}
                  <span>{event.summary}</span>{' '}
                  <span className={styles.subtle}>
                    {showActions ? (
                      <>
                        {event.actor} · <code>{event.action}</code>
                      </>
                    ) : (
                      `by ${event.actor}`
                    )}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : (
        fallback
      )}
    </Modal>
  );
}

function AssignmentFacts({ history }: { history: CellHistory }) {
  const { assignment, person } = history;
  if (!assignment) {
    return <p className={styles.muted}>This curriculum is not assigned to this person.</p>;
  }
  return (
    <Facts
      facts={[
        { term: 'Assigned', value: formatDate(assignment.assignedAt) },
        { term: 'Start', value: formatDate(assignment.startDate) },
        { term: 'Due', value: formatDate(assignment.dueAt) },
        {
          term: 'Person',
          value: [person.userID, person.employeeId, person.base].filter(Boolean).join(' · '),
        },
      ]}
    />
  );
}

function Lessons({ lessons }: { lessons: CellHistory['lessons'] }) {
  if (lessons.length === 0) return <p className={styles.muted}>No lessons.</p>;
  return (
    <div className={styles.tableBox} role="region" aria-label="Lessons" tabIndex={0}>
      <table className={styles.plain}>
        <caption className="wp-visually-hidden">Each lesson's attempts</caption>
        <thead>
          <tr>
            <th scope="col">Lesson</th>
            <th scope="col">Outcome</th>
            <th scope="col">Score</th>
            <th scope="col">Completed</th>
            <th scope="col">Last launched</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {lessons.map((lesson) => (
            <Fragment key={lesson.lessonKey}>
              <tr>
                <th scope="row">
                  {lesson.lessonName}
                  <span className={styles.subtle}>
                    {lesson.courseName}
                    {lesson.topicName ? ` › ${lesson.topicName}` : ''}
                  </span>
                </th>
                <td>{lesson.outcome}</td>
                <td>{lesson.score || '—'}</td>
                <td>{formatDateOrDash(lesson.completedAt)}</td>
                <td>{formatDateOrDash(lesson.lastLaunchedAt)}</td>
                <td>{formatDuration(lesson.totalTimeMs)}</td>
              </tr>
              {/* Each attempt as it was recorded (migration 0027), not only how many. */}
              {lesson.attemptRecords.length > 0 && (
                <tr className={styles.attemptsRow}>
                  <td colSpan={6}>
                    <AttemptsTable
                      attempts={lesson.attemptRecords}
                      playMode={lesson.playMode}
                      label={`Attempts of ${lesson.lessonName}`}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
