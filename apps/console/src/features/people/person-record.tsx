import {
  formatDate,
  splitCurricula,
  timeText,
  treeLessonRow,
  type ProgressElement,
} from '@waypoint/domain';
import { Loading } from '@waypoint/ui';
import { Fragment, useMemo, useState } from 'react';
import { usePersonAttempts, type LessonAttempt, type PersonAttempts } from '../../api/attempts';
import { usePersonRecord } from '../../api/people';
import { useAllows } from '../../api/session';
import { EmptyState, ErrorState } from '../../components/states';
import { CorrectResultDialog, type CorrectionTarget } from './correct-result-dialog';
import { LessonAttemptsRow } from './lesson-attempts-row';
import styles from './people.module.css';

const COLUMNS = ['Lesson Name', 'Score', 'Start', 'End', 'Time', 'Completion'];

/** What a lesson table needs besides its lessons: each lesson's attempts, and the correction. */
interface AttemptsContext {
  attemptsOf: (assignmentKey: number, lessonKey: number) => readonly LessonAttempt[];
  /** Set when the caller may correct records. */
  onCorrect?: (target: CorrectionTarget) => void;
}

const NONE: readonly LessonAttempt[] = [];

/** The person's attempts by lesson of an assignment. */
function attemptsLookup(data: PersonAttempts | undefined): AttemptsContext['attemptsOf'] {
  const byLesson = new Map(
    (data?.lessons ?? []).map((lesson) => [
      `${lesson.assignmentKey}:${lesson.lessonKey}`,
      lesson.attempts,
    ]),
  );
  return (assignmentKey, lessonKey) => byLesson.get(`${assignmentKey}:${lessonKey}`) ?? NONE;
}

const dateTime = (ms: number) =>
  ms > 0 ? new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '-';

function Lessons({
  lessons,
  label,
  context,
}: {
  lessons: ProgressElement[];
  label: string;
  context: AttemptsContext;
}) {
  return (
    <div className={styles.recordScroller} role="region" aria-label={label} tabIndex={0}>
      <table className={`${styles.recordTable} ${styles.lessons}`}>
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
          {lessons.map((lesson) => {
            const row = treeLessonRow(lesson);
            const { onCorrect } = context;
            return (
              <Fragment key={row.key}>
                <tr>
                  <th scope="row">{row.lessonName}</th>
                  <td>{row.score}</td>
                  <td>{dateTime(row.start)}</td>
                  <td>{dateTime(row.end)}</td>
                  <td>{timeText(row.time)}</td>
                  <td
                    className={
                      row.outcome === 'failed'
                        ? styles.failed
                        : row.outcome === 'complete'
                          ? styles.complete
                          : undefined
                    }
                  >
                    {row.completionInstant > 0
                      ? `${row.completionText} ${formatDate(row.completionInstant)}`
                      : row.completionText}
                  </td>
                </tr>
                <LessonAttemptsRow
                  lesson={lesson}
                  attempts={context.attemptsOf(lesson.elementAssignmentKey, lesson.elementKey)}
                  columns={COLUMNS.length}
                  {...(onCorrect
                    ? {
                        onCorrect: () =>
                          onCorrect({
                            assignmentKey: lesson.elementAssignmentKey,
                            lessonKey: lesson.elementKey,
                            lessonName: lesson.elementName,
                          }),
                      }
                    : {})}
                />
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Curriculum({
  curriculum,
  context,
}: {
  curriculum: ProgressElement;
  context: AttemptsContext;
}) {
  const percent = Math.round(curriculum.elementProgressMeasure * 100);
  return (
    <details className={styles.curriculum}>
      <summary>
        <span className={styles.curriculumName}>{curriculum.elementName}</span>
        <span className={styles.muted}>{percent}% complete</span>
      </summary>
      {curriculum.elementChildren.map((course) => (
        <section key={course.elementKey} className={styles.course}>
          <h4 className={styles.courseName}>
            {course.elementName}{' '}
            <span className={styles.muted}>{timeText(course.elementTotalTime)}</span>
          </h4>
          {course.elementChildren.map((topic, index) => (
            <div key={`${topic.elementKey}:${index}`}>
              <p className={styles.topicName}>{topic.elementName || 'Chapter'}</p>
              <Lessons
                lessons={topic.elementChildren}
                label={`${course.elementName}: ${topic.elementName || 'Chapter'}`}
                context={context}
              />
            </div>
          ))}
        </section>
      ))}
    </details>
  );
}

/**
 * A student's record: the Completion Report's user report tree as the student sees it (§2: Open
 * and Closed Curriculum; curriculum, course, topic, lesson rows), built by the server's progress
 * report, with each lesson's attempts under it. Staff who may correct records (records.correct)
 * correct a lesson's result there, with a reason; nothing else here changes progress.
 */
export function PersonRecord({ userKey }: { userKey: number }) {
  const record = usePersonRecord(userKey);
  const attempts = usePersonAttempts(userKey);
  const canCorrect = useAllows('records.correct');
  const [target, setTarget] = useState<CorrectionTarget | null>(null);
  const context = useMemo<AttemptsContext>(
    () => ({
      attemptsOf: attemptsLookup(attempts.data),
      ...(canCorrect ? { onCorrect: setTarget } : {}),
    }),
    [attempts.data, canCorrect],
  );
  if (record.isPending) return <Loading label="Loading the record..." />;
  if (record.isError)
    return <ErrorState error={record.error} onRetry={() => void record.refetch()} />;
  const report = record.data.report;
  if (!report || report.progressReport.length === 0) {
    return (
      <EmptyState title="Nothing to report.">No curriculum is assigned to this person.</EmptyState>
    );
  }
  const { open, closed } = splitCurricula(
    report.progressReport,
    // Open or closed as of when the record was read.
    record.dataUpdatedAt,
  );
  return (
    <div className={styles.record}>
      <p className={styles.muted}>
        What {record.data.displayName} sees in their Completion Report, with each lesson&apos;s
        attempts.
      </p>
      {(
        [
          ['Open Curriculum', open, 'No open curriculum.'],
          ['Closed Curriculum', closed, 'No closed curriculum.'],
        ] as const
      ).map(([title, curricula, empty]) => (
        <section key={title} className={styles.card}>
          <h3 className={styles.cardHeading}>
            {title} <span className={styles.muted}>({curricula.length})</span>
          </h3>
          {curricula.length === 0 ? (
            <p className={styles.muted}>{empty}</p>
          ) : (
            curricula.map((curriculum) => (
              <Curriculum
                key={curriculum.elementAssignmentKey}
                curriculum={curriculum}
                context={context}
              />
            ))
          )}
        </section>
      ))}
      {target && (
        <CorrectResultDialog
          userKey={userKey}
          personName={record.data.displayName}
          target={target}
          onClose={() => setTarget(null)}
        />
      )}
    </div>
  );
}
