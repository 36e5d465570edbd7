/**
 * The attempt record (migration 0027; the "every attempt kept"): each attempt of a lesson
 * is its own record, and every screen and export says the same words for one. A staff correction
 * is an attempt of its own (source 'correction') with its reason; the attempt it corrects is kept.
 */
import { isCompletionComplete, isFailedCompletion } from '../completion.js';
import { isDraftAssociated } from '../drafts.js';
import { PLAY_MODE } from '../play-mode.js';
import type { ProgressElement } from '../progress-element.js';
import { formatScorePercent } from '../score.js';
import { isoDate, timeText } from './report-format.js';
import {
  toCsv,
  trainingRecordRow,
  TRAINING_RECORD_CSV_HEADER,
  type TrainingRecordItem,
} from './training-record.js';

/**
 * Where an attempt came from: the player, the migration of older rows, an import of records kept
 * elsewhere, or a staff correction.
 */
export const ATTEMPT_SOURCES = ['player', 'migrated', 'imported', 'correction'] as const;
export type AttemptSource = (typeof ATTEMPT_SOURCES)[number];

/** One attempt as the screens and exports read it (the contract's LessonAttempt). */
export interface AttemptFields {
  number: number;
  source: AttemptSource;
  /** ms since the epoch. */
  startedInstant: number;
  /** ms since the epoch; 0 while the attempt is in progress. */
  endedInstant: number;
  durationMs: number;
  /** Fraction 0..1; null when this attempt has no score. */
  score: number | null;
  /** §4 completion codes, as lesson_progress. */
  completion: number;
  /** 1 passed, -1 failed, 0 neither. */
  credit: number;
  /** §8 offline completion: the device flag. */
  flaggedOffline: boolean;
  /** A correction's mandatory reason; '' otherwise. */
  reason: string;
  /** A correction: the number of the attempt whose result it corrects; 0 otherwise. */
  corrects: number;
}

/**
 * Completion in words (§4 Completion codes): 1 or more 'Complete'; below -1 'Not complete
 * (failed)' (-3 minimum score not met and the other failure codes); else 'Not complete'.
 */
export function attemptCompletionText(completion: number): string {
  if (isCompletionComplete(completion)) return 'Complete';
  return isFailedCompletion(completion) ? 'Not complete (failed)' : 'Not complete';
}

/** Success in words (§4: elementCredit 1 passed, below 0 failed, else neither): 'Passed', 'Failed', 'Unknown'. */
export function attemptSuccessText(credit: number): string {
  if (credit > 0) return 'Passed';
  return credit < 0 ? 'Failed' : 'Unknown';
}

/** An attempt's score as every screen shows it (formatScorePercent); '-' when it has none. */
export function attemptScoreText(score: number | null, playMode: number): string {
  return score === null ? '-' : formatScorePercent(score, playMode);
}

/** Where the attempt came from in words, with a correction's reason. */
export function attemptSourceText(attempt: Pick<AttemptFields, 'source' | 'reason' | 'corrects'>) {
  switch (attempt.source) {
    case 'player':
      return 'Player';
    case 'migrated':
      return 'Migrated (recorded before attempts were kept)';
    case 'imported':
      return 'Imported';
    case 'correction':
      return `Corrected (attempt ${attempt.corrects}): ${attempt.reason}`;
  }
}

/** 'Attempts (3)': the label of a lesson's attempt list. */
export const attemptsLabel = (count: number) => `Attempts (${count})`;

/** One attempt of a lesson in the training record (CSV and PDF). */
export interface AttemptRecordItem {
  curriculum: string;
  course: string;
  lesson: string;
  number: number;
  /** ISO dates (UTC); ended '' while in progress. */
  started: string;
  ended: string;
  duration: string;
  score: string;
  completion: string;
  success: string;
  offline: string;
  source: string;
}

/** One attempt as the training record lists it (Browse lessons show no score, §9). */
export function attemptRecordItem(
  names: { curriculum: string; course: string; lesson: string },
  attempt: AttemptFields,
  playMode: number = PLAY_MODE.normal,
): AttemptRecordItem {
  return {
    ...names,
    number: attempt.number,
    started: isoDate(attempt.startedInstant),
    ended: attempt.endedInstant > 0 ? isoDate(attempt.endedInstant) : 'In progress',
    duration: timeText(attempt.durationMs),
    score: attemptScoreText(attempt.score, playMode),
    completion: attemptCompletionText(attempt.completion),
    success: attemptSuccessText(attempt.credit),
    offline: attempt.flaggedOffline ? 'Offline' : '',
    source: attemptSourceText(attempt),
  };
}

/** The header of the training record's 'Attempts' section (CSV). */
export const ATTEMPTS_CSV_HEADER = [
  'Curriculum',
  'Course',
  'Lesson',
  'Attempt',
  'Started (UTC)',
  'Ended (UTC)',
  'Duration',
  'Score',
  'Completion',
  'Success',
  'Offline',
  'Source',
] as const;

/** One attempt as CSV cells, in ATTEMPTS_CSV_HEADER's order. */
export function attemptRecordRow(item: AttemptRecordItem): string[] {
  return [
    item.curriculum,
    item.course,
    item.lesson,
    String(item.number),
    item.started,
    item.ended,
    item.duration,
    item.score,
    item.completion,
    item.success,
    item.offline,
    item.source,
  ];
}

/**
 * Every attempt of the student's lessons for the training record, in tree order (each lesson's
 * attempts first to last), with the names the record shows. The same curricula as the record's
 * items: draft-associated and nameless curricula are left out.
 */
export function attemptRecordItems(
  curricula: readonly ProgressElement[],
  attemptsOf: (assignmentKey: number, lessonKey: number) => readonly AttemptFields[],
): AttemptRecordItem[] {
  const items: AttemptRecordItem[] = [];
  for (const curriculum of curricula) {
    if (curriculum.elementName.trim() === '' || isDraftAssociated(curriculum)) continue;
    for (const course of curriculum.elementChildren) {
      for (const topic of course.elementChildren) {
        for (const lesson of topic.elementChildren) {
          if (lesson.elementType !== 'lesson') continue;
          const names = {
            curriculum: curriculum.elementName,
            course: course.elementName,
            lesson: lesson.elementName,
          };
          for (const attempt of attemptsOf(lesson.elementAssignmentKey, lesson.elementKey)) {
            items.push(attemptRecordItem(names, attempt, lesson.elementPlayMode));
          }
        }
      }
    }
  }
  return items;
}

/**
 * The training record as CSV with its attempts: the finished items as trainingRecordCsv writes
 * them (the same header and columns), then, after an empty line, a section 'Attempts' with its
 * own header and one line per attempt.
 */
export function trainingRecordCsvWithAttempts(
  student: { name: string; employeeID: string },
  items: readonly TrainingRecordItem[],
  attempts: readonly AttemptRecordItem[],
): string {
  return toCsv([
    [...TRAINING_RECORD_CSV_HEADER],
    ...items.map((entry) => trainingRecordRow(student, entry)),
    [],
    ['Attempts'],
    [...ATTEMPTS_CSV_HEADER],
    ...attempts.map(attemptRecordRow),
  ]);
}

/** The results a staff member may correct a lesson to (the console's 'Correct result'). */
export const CORRECTION_RESULTS = {
  passed: { label: 'Complete, passed', completion: 1, credit: 1 },
  failed: { label: 'Complete, failed', completion: 1, credit: -1 },
  incomplete: { label: 'Not complete', completion: 0, credit: 0 },
} as const;
export type CorrectionResult = keyof typeof CORRECTION_RESULTS;

/** The shortest reason a correction takes. */
export const CORRECTION_REASON_MIN = 10;
export const CORRECTION_REASON_MAX = 1000;
export const CORRECTION_REASON_MESSAGE = 'A correction needs a reason.';
export const CORRECTION_SCORE_MESSAGE = 'A score is a percentage from 0 to 100.';

/**
 * Why a correction cannot be made, or null: a reason of at least CORRECTION_REASON_MIN characters
 * (blanks at the ends not counted) is mandatory; a score, when given, is 0..100 percent.
 */
export function correctionProblem(input: {
  reason: string;
  scorePercent?: number | null;
}): string | null {
  if (input.reason.trim().length < CORRECTION_REASON_MIN) return CORRECTION_REASON_MESSAGE;
  const score = input.scorePercent;
  if (score !== undefined && score !== null) {
    if (!Number.isFinite(score) || score < 0 || score > 100) return CORRECTION_SCORE_MESSAGE;
  }
  return null;
}
