import { useQuery } from '@tanstack/react-query';
import {
  attemptCompletionText,
  attemptScoreText,
  attemptsLabel,
  attemptSuccessText,
  timeText,
  type ProgressElement,
} from '@waypoint/domain';
import { useId, useState } from 'react';
import { unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { getLessonAttempts, type LessonAttempt } from '../../api/reports';
import { useUserKeys } from '../../api/use-progress';
import { IconChevronDown } from '../../components/icons';
import { Loading } from '@waypoint/ui/loading';
import { formatDateTime } from './report-model';
import styles from './report.module.css';

/** The notes of an attempt: the §8 offline flag, a correction and its reason. */
function notes(attempt: LessonAttempt): string[] {
  const list: string[] = [];
  if (attempt.flaggedOffline) list.push('Offline');
  if (attempt.source === 'correction') list.push(`Corrected: ${attempt.reason}`);
  return list;
}

function AttemptsTable({ lesson }: { lesson: ProgressElement }) {
  const { lmsKey, userKey } = useUserKeys();
  const { elementAssignmentKey: assignmentKey, elementKey: lessonKey } = lesson;
  const attempts = useQuery({
    queryKey: queryKeys.reports.lessonAttempts(lmsKey, userKey, assignmentKey, lessonKey),
    queryFn: async () => unwrap(await getLessonAttempts(lmsKey, userKey, assignmentKey, lessonKey)),
  });
  if (attempts.isPending) return <Loading label="Loading attempts..." />;
  if (attempts.isError) {
    return <p className={styles.muted}>The attempts could not be loaded. Try again later.</p>;
  }
  const list = attempts.data;
  if (list.length === 0) return <p className={styles.muted}>No attempts recorded.</p>;
  const first = list[0]!.number;
  return (
    <>
      <table className={styles.attemptsTable} data-testid="lesson-attempts">
        <caption className={styles.visuallyHidden}>Attempts of {lesson.elementName}</caption>
        <thead>
          <tr>
            {['Attempt', 'Started', 'Ended', 'Time', 'Score', 'Completion', 'Success', ''].map(
              (column, index) => (
                <th key={index} scope="col">
                  {column || <span className={styles.visuallyHidden}>Notes</span>}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {list.map((attempt) => (
            <tr key={attempt.number} data-testid="lesson-attempt">
              <th scope="row" className={styles.number}>
                {attempt.number}
              </th>
              <td className={styles.nowrap}>{formatDateTime(attempt.startedInstant)}</td>
              <td className={styles.nowrap}>
                {attempt.endedInstant > 0 ? formatDateTime(attempt.endedInstant) : 'In progress'}
              </td>
              <td className={styles.number}>{timeText(attempt.durationMs)}</td>
              <td className={styles.number}>
                {attemptScoreText(attempt.score, lesson.elementPlayMode)}
              </td>
              <td>{attemptCompletionText(attempt.completion)}</td>
              <td>{attemptSuccessText(attempt.credit)}</td>
              <td>
                {notes(attempt).map((note) => (
                  <span key={note} className={styles.attemptNote}>
                    {note}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {first > 1 ? (
        // Before attempts were kept one by one, a new attempt replaced the last one's figures.
        <p className={styles.attemptsNote}>
          Attempts before attempt {first} were not kept separately.
        </p>
      ) : null}
    </>
  );
}

/**
 * A lesson's 'Attempts (n)' row under its row in the report tree: closed at first; opening it
 * loads the lesson's attempts (their own call, so the report's read is unchanged) and lists each
 * with its start, end or 'In progress', time, score, completion and success in words, the offline
 * flag and a staff correction's reason.
 */
export function LessonAttemptsRow({
  lesson,
  columns,
}: {
  lesson: ProgressElement;
  columns: number;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <tr className={styles.attemptsRow} data-testid="tree-lesson-attempts">
      <td colSpan={columns}>
        <button
          type="button"
          className={styles.attemptsButton}
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${attemptsLabel(lesson.elementAttempts)} of ${lesson.elementName}`}
          onClick={() => setOpen((current) => !current)}
        >
          <IconChevronDown
            size={14}
            className={open ? styles.chevronOpen : styles.chevron}
            aria-hidden="true"
          />
          {attemptsLabel(lesson.elementAttempts)}
        </button>
        <div id={id} hidden={!open} className={styles.attemptsBody}>
          {open ? <AttemptsTable lesson={lesson} /> : null}
        </div>
      </td>
    </tr>
  );
}
