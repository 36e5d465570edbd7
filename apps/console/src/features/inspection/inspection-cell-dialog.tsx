import { formatDate, formatDuration } from '@waypoint/domain';
import { Loading, Modal } from '@waypoint/ui';
import { useInspectionCell } from '../../api/inspection';
import { ErrorState } from '../../components/states';
import { InspectionStatus } from './inspection-status';
import { periodText } from './inspection-text';
import styles from './inspection.module.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayOrDash = (ms: number | null) => (ms === null ? '—' : formatDate(ms));

/**
 * One cell's history as the inspector may see it: the assignment, each lesson's attempts and the
 * assignment's events, within the link's period (the server leaves the rest out).
 */
export function InspectionCellDialog({
  token,
  userKey,
  curriculumKey,
  period,
  onClose,
}: {
  token: string;
  userKey: number;
  curriculumKey: number;
  period: { periodFrom: string; periodTo: string };
  onClose: () => void;
}) {
  const history = useInspectionCell(token, userKey, curriculumKey);
  const data = history.data;
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={data ? `${data.person.displayName}: ${data.curriculum.name}` : 'Training history'}
      description={data ? <InspectionStatus cell={data.cell} /> : undefined}
      width={880}
    >
      {history.isPending ? (
        <Loading label="Loading the history..." />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : data ? (
        <div className={styles.history}>
          <p className={styles.muted}>
            Records of the period {periodText(period)} only; work outside it is not shown.
          </p>
          {data.assignment ? (
            <dl className={styles.facts}>
              <div>
                <dt>Person</dt>
                <dd>
                  {[data.person.userID, data.person.employeeId, data.person.base]
                    .filter(Boolean)
                    .join(' · ')}
                </dd>
              </div>
              <div>
                <dt>Assigned</dt>
                <dd>{formatDate(data.assignment.assignedAt)}</dd>
              </div>
              <div>
                <dt>Start</dt>
                <dd>{formatDate(data.assignment.startDate)}</dd>
              </div>
              <div>
                <dt>Due</dt>
                <dd>{formatDate(data.assignment.dueAt)}</dd>
              </div>
            </dl>
          ) : (
            <p className={styles.muted}>This curriculum is not assigned to this person.</p>
          )}
          <h3 className={styles.subheading}>Lessons</h3>
          {data.lessons.length === 0 ? (
            <p className={styles.muted}>No lessons.</p>
          ) : (
            <div className={styles.tableBox} role="region" aria-label="Lessons" tabIndex={0}>
              <table className={styles.plain}>
                <caption className="wp-visually-hidden">Each lesson's attempts</caption>
                <thead>
                  <tr>
                    <th scope="col">Lesson</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Score</th>
                    <th scope="col">Completed</th>
                    <th scope="col">Last launched</th>
                    <th scope="col">Time</th>
                  </tr>
                </thead>
                <tbody>
                  {data.lessons.map((lesson) => (
                    <tr key={lesson.lessonKey}>
                      <th scope="row">
                        {lesson.lessonName}
                        <span className={styles.subtle}>
                          {lesson.courseName}
                          {lesson.topicName ? ` › ${lesson.topicName}` : ''}
                        </span>
                      </th>
                      <td>{lesson.attempts}</td>
                      <td>{lesson.outcome}</td>
                      <td>{lesson.score || '—'}</td>
                      <td>{dayOrDash(lesson.completedAt)}</td>
                      <td>{dayOrDash(lesson.lastLaunchedAt)}</td>
                      <td>{formatDuration(lesson.totalTimeMs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3 className={styles.subheading}>Events</h3>
          {data.events.length === 0 ? (
            <p className={styles.muted}>No events recorded in the period.</p>
          ) : (
            <ol className={styles.events}>
              {data.events.map((event, index) => (
                <li key={`${event.at}-${index}`}>
                  <time dateTime={event.at}>{dateTime.format(new Date(event.at))}</time>{' '}
                  <span>{event.summary}</span>{' '}
                  <span className={styles.subtle}>by {event.actor}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
