/**
 * The training record a student hands to an auditor: every completed item of their report (a
 * curriculum, course or lesson complete, §4 Completion codes) with its date, score and time, and
 * the same as CSV text that opens cleanly in a spreadsheet.
 */
import { isCompletionComplete } from '../completion.js';
import { isDraftAssociated } from '../drafts.js';
import { PLAY_MODE } from '../play-mode.js';
import type { ProgressElement } from '../progress-element.js';
import { formatScorePercent } from '../score.js';
import { isoDate, timeText } from './report-format.js';

/** One completed item of the record. */
export interface TrainingRecordItem {
  level: 'Curriculum' | 'Course' | 'Lesson';
  curriculum: string;
  course: string;
  lesson: string;
  /** ms since the epoch. */
  completedInstant: number;
  /** As shown: '80%' or '-'. */
  score: string;
  /** 'H:MM:SS' or '-'. */
  time: string;
}

const done = (element: ProgressElement) =>
  isCompletionComplete(element.elementCompletion) &&
  !(element.elementType === 'lesson' && element.elementPlayMode === PLAY_MODE.browse);

/**
 * The completed items of the student's curricula, each curriculum followed by its completed
 * courses and lessons, in tree order. Browse lessons (no credit, §4 Play modes), draft-associated
 * and nameless curricula are left out.
 */
export function trainingRecordItems(curricula: readonly ProgressElement[]): TrainingRecordItem[] {
  const items: TrainingRecordItem[] = [];
  const item = (
    level: TrainingRecordItem['level'],
    element: ProgressElement,
    names: { curriculum: string; course?: string; lesson?: string },
  ): TrainingRecordItem => ({
    level,
    curriculum: names.curriculum,
    course: names.course ?? '',
    lesson: names.lesson ?? '',
    completedInstant: element.elementCompletionInstant,
    score: formatScorePercent(
      element.elementScore,
      element.elementScoreWeight,
      element.elementPlayMode,
    ),
    time: timeText(element.elementTotalTime),
  });
  for (const curriculum of curricula) {
    if (curriculum.elementName.trim() === '' || isDraftAssociated(curriculum)) continue;
    const curriculumName = curriculum.elementName;
    if (done(curriculum))
      items.push(item('Curriculum', curriculum, { curriculum: curriculumName }));
    for (const course of curriculum.elementChildren) {
      if (done(course)) {
        items.push(
          item('Course', course, { curriculum: curriculumName, course: course.elementName }),
        );
      }
      for (const topic of course.elementChildren) {
        for (const lesson of topic.elementChildren) {
          if (lesson.elementType !== 'lesson' || !done(lesson)) continue;
          items.push(
            item('Lesson', lesson, {
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
  'Completed (UTC)',
  'Score',
  'Time',
] as const;

/** The training record as CSV: one line per completed item, ISO dates. */
export function trainingRecordCsv(
  student: { name: string; employeeID: string },
  items: readonly TrainingRecordItem[],
): string {
  return toCsv([
    [...TRAINING_RECORD_CSV_HEADER],
    ...items.map((entry) => [
      student.name,
      student.employeeID,
      entry.level,
      entry.curriculum,
      entry.course,
      entry.lesson,
      isoDate(entry.completedInstant),
      entry.score,
      entry.time,
    ]),
  ]);
}
