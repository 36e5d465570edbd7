/**
 * The training record a student hands to an auditor: every finished item of their report (a
 * curriculum, course or lesson complete, or failed, §4 Completion codes) with its outcome, date,
 * score and time, and the same as CSV text that opens cleanly in a spreadsheet.
 */
import { isDraftAssociated } from '../drafts.js';
import { outcomeOf, OUTCOME_TEXT } from '../outcome.js';
import { PLAY_MODE } from '../play-mode.js';
import type { ProgressElement } from '../progress-element.js';
import { formatScorePercent } from '../score.js';
import { isoDate, timeText } from './report-format.js';

/** One finished item of the record. */
export interface TrainingRecordItem {
  /** Its outcome (outcome.ts): a failure is recorded as one, never as a completion. */
  status: 'Complete' | 'Failed';
  level: 'Curriculum' | 'Course' | 'Lesson';
  curriculum: string;
  course: string;
  lesson: string;
  /** ms since the epoch; 0 for a failure (none completed). */
  completedInstant: number;
  /** As shown: '80%' or '-'. */
  score: string;
  /** 'H:MM:SS' or '-'. */
  time: string;
}

/** The outcome an item is recorded with, or null when it is not finished (nor a Browse lesson). */
function finished(element: ProgressElement): TrainingRecordItem['status'] | null {
  if (element.elementType === 'lesson' && element.elementPlayMode === PLAY_MODE.browse) return null;
  const outcome = outcomeOf(element);
  return outcome === 'complete' || outcome === 'failed' ? OUTCOME_TEXT[outcome] : null;
}

/**
 * The finished items of the student's curricula (complete, or failed: §4), each curriculum
 * followed by its finished courses and lessons, in tree order. Browse lessons (no credit, §4 Play
 * modes), draft-associated and nameless curricula are left out.
 */
export function trainingRecordItems(curricula: readonly ProgressElement[]): TrainingRecordItem[] {
  const items: TrainingRecordItem[] = [];
  const item = (
    level: TrainingRecordItem['level'],
    status: TrainingRecordItem['status'],
    element: ProgressElement,
    names: { curriculum: string; course?: string; lesson?: string },
  ): TrainingRecordItem => ({
    status,
    level,
    curriculum: names.curriculum,
    course: names.course ?? '',
    lesson: names.lesson ?? '',
    completedInstant: element.elementCompletionInstant,
    score: formatScorePercent(element.elementScore, element.elementPlayMode),
    time: timeText(element.elementTotalTime),
  });
  for (const curriculum of curricula) {
    if (curriculum.elementName.trim() === '' || isDraftAssociated(curriculum)) continue;
    const curriculumName = curriculum.elementName;
    const curriculumStatus = finished(curriculum);
    if (curriculumStatus) {
      items.push(item('Curriculum', curriculumStatus, curriculum, { curriculum: curriculumName }));
    }
    for (const course of curriculum.elementChildren) {
      const courseStatus = finished(course);
      if (courseStatus) {
        items.push(
          item('Course', courseStatus, course, {
            curriculum: curriculumName,
            course: course.elementName,
          }),
        );
      }
      for (const topic of course.elementChildren) {
        for (const lesson of topic.elementChildren) {
          const lessonStatus = lesson.elementType === 'lesson' ? finished(lesson) : null;
          if (!lessonStatus) continue;
          items.push(
            item('Lesson', lessonStatus, lesson, {
              curriculum: curriculumName,
              course: course.elementName,
              lesson: lesson.elementName,
            }),
          );
        }
      }
    }
  }
  return items;
}

/** The byte order mark that tells a spreadsheet the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV cell: text a spreadsheet would run as a formula (starting with =, +, -, @, tab or
 * carriage return) gets a leading apostrophe (OWASP CSV injection), and a cell with a comma, quote
 * or line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as CSV text: CRLF line ends (RFC 4180), UTF-8 BOM first. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The header of the training record's CSV. */
export const TRAINING_RECORD_CSV_HEADER = [
  'Student',
  'Employee ID',
  'Level',
  'Curriculum',
  'Course',
  'Lesson',
  'Status',
  'Completed (UTC)',
  'Score',
  'Time',
] as const;

/** One item as the training record's CSV cells, in TRAINING_RECORD_CSV_HEADER's order. */
export function trainingRecordRow(
  student: { name: string; employeeID: string },
  entry: TrainingRecordItem,
): string[] {
  return [
    student.name,
    student.employeeID,
    entry.level,
    entry.curriculum,
    entry.course,
    entry.lesson,
    entry.status,
    isoDate(entry.completedInstant),
    entry.score,
    entry.time,
  ];
}

/** The training record as CSV: one line per finished item, ISO dates. */
export function trainingRecordCsv(
  student: { name: string; employeeID: string },
  items: readonly TrainingRecordItem[],
): string {
  return toCsv([
    [...TRAINING_RECORD_CSV_HEADER],
    ...items.map((entry) => trainingRecordRow(student, entry)),
  ]);
}
