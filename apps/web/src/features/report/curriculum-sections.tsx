import {
  formatDate,
  splitCurricula,
  timeText,
  treeLessonRow,
  type ProgressElement,
} from '@waypoint/domain';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { CertificateLink } from '../../components/certificate-link';
import { IconChevronDown } from '../../components/icons';
import { LessonAttemptsRow } from './lesson-attempts';
import { formatDateTime } from './report-model';
import styles from './report.module.css';

/** A header button that opens or closes the block below it (aria-expanded, aria-controls). */
function Disclosure({
  title,
  detail,
  open,
  onToggle,
  level,
  testId,
  children,
}: {
  title: string;
  detail?: string;
  open: boolean;
  onToggle: () => void;
  level: 2 | 3 | 4;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <div className={styles[`disclosure${level}`]} data-testid={testId} data-open={open}>
      <Heading className={styles.disclosureHeading}>
        <button
          type="button"
          className={styles.disclosureButton}
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
        >
          <IconChevronDown
            size={16}
            className={open ? styles.chevronOpen : styles.chevron}
            aria-hidden="true"
          />
          <span className={styles.disclosureTitle}>{title}</span>
          {detail ? <span className={styles.disclosureDetail}>{detail}</span> : null}
        </button>
      </Heading>
      <div id={id} hidden={!open} className={styles.disclosureBody}>
        {open ? children : null}
      </div>
    </div>
  );
}

/** One open-at-a-time choice among siblings ("Opening one closes its siblings", §2). */
function useAccordion() {
  const [openId, setOpenId] = useState<string | null>(null);
  return {
    isOpen: (id: string) => openId === id,
    toggle: (id: string) => setOpenId((current) => (current === id ? null : id)),
  };
}

const LESSON_COLUMNS = ['Lesson Name', 'Score', 'Start', 'End', 'Time', 'Completion'];

function LessonTable({ lessons, label }: { lessons: ProgressElement[]; label: string }) {
  return (
    <div className={styles.scroller} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            {LESSON_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lessons.map((lesson) => {
            const row = treeLessonRow(lesson);
            return (
              <Fragment key={row.key}>
                <tr data-testid="tree-lesson">
                  <th scope="row" className={styles.rowHeader}>
                    {row.lessonName}
                  </th>
                  <td className={styles.number}>{row.score}</td>
                  <td className={styles.nowrap}>{formatDateTime(row.start)}</td>
                  <td className={styles.nowrap}>{formatDateTime(row.end)}</td>
                  <td className={styles.number}>{timeText(row.time)}</td>
                  <td
                    className={
                      row.outcome === 'failed'
                        ? `${styles.nowrap} ${styles.statusFailed}`
                        : row.outcome === 'complete'
                          ? `${styles.nowrap} ${styles.statusComplete}`
                          : styles.nowrap
                    }
                    data-outcome={row.outcome ?? 'none'}
                  >
                    {row.completionInstant > 0
                      ? `${row.completionText} ${formatDate(row.completionInstant)}`
                      : row.completionText}
                  </td>
                </tr>
                {/* Each attempt kept (migration 0027), loaded when opened: additive to §2's rows. */}
                {lesson.elementAttempts > 0 ? (
                  <LessonAttemptsRow lesson={lesson} columns={LESSON_COLUMNS.length} />
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CourseBlock({ course }: { course: ProgressElement }) {
  return (
    <>
      {course.elementChildren.map((topic, index) => (
        <div key={`${topic.elementKey}:${index}`} className={styles.topic}>
          <p className={styles.topicName}>{topic.elementName || 'Chapter'}</p>
          <LessonTable
            lessons={topic.elementChildren}
            label={`${course.elementName}: ${topic.elementName || 'Chapter'}`}
          />
        </div>
      ))}
    </>
  );
}

function CurriculumBlock({ curriculum }: { curriculum: ProgressElement }) {
  const courses = useAccordion();
  return (
    <>
      {/* A complete curriculum's or course's certificate (§6). */}
      <CertificateLink url={curriculum.elementCertificateUrl} name={curriculum.elementName} />
      {curriculum.elementChildren.map((course) => {
        const id = String(course.elementKey);
        return (
          <Disclosure
            key={id}
            level={4}
            testId="report-course"
            title={course.elementName}
            detail={timeText(course.elementTotalTime)}
            open={courses.isOpen(id)}
            onToggle={() => courses.toggle(id)}
          >
            <CertificateLink url={course.elementCertificateUrl} name={course.elementName} />
            <CourseBlock course={course} />
          </Disclosure>
        );
      })}
    </>
  );
}

function CurriculumList({ curricula, empty }: { curricula: ProgressElement[]; empty: string }) {
  const list = useAccordion();
  if (curricula.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <>
      {curricula.map((curriculum) => {
        const id = String(curriculum.elementAssignmentKey);
        const percent = Math.round(curriculum.elementProgressMeasure * 100);
        return (
          <Disclosure
            key={id}
            level={3}
            testId="report-curriculum"
            title={curriculum.elementName}
            detail={`${percent}% complete`}
            open={list.isOpen(id)}
            onToggle={() => list.toggle(id)}
          >
            <CurriculumBlock curriculum={curriculum} />
          </Disclosure>
        );
      })}
    </>
  );
}

/**
 * 'Open Curriculum' and 'Closed Curriculum' (§2): both start collapsed, opening one closes the
 * other; inside, each curriculum's user report tree (curriculum, course, topic, lesson rows).
 */
export function CurriculumSections({
  curricula,
  nowMs,
}: {
  curricula: readonly ProgressElement[];
  nowMs: number;
}) {
  const sections = useAccordion();
  const { open, closed } = splitCurricula(curricula, nowMs);
  return (
    <div className={styles.sections}>
      <Disclosure
        level={2}
        testId="open-curriculum"
        title="Open Curriculum"
        detail={String(open.length)}
        open={sections.isOpen('open')}
        onToggle={() => sections.toggle('open')}
      >
        <CurriculumList curricula={open} empty="No open curriculum." />
      </Disclosure>
      <Disclosure
        level={2}
        testId="closed-curriculum"
        title="Closed Curriculum"
        detail={String(closed.length)}
        open={sections.isOpen('closed')}
        onToggle={() => sections.toggle('closed')}
      >
        <CurriculumList curricula={closed} empty="No closed curriculum." />
      </Disclosure>
    </div>
  );
}
