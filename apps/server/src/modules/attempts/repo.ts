/**
 * The only SQL of the attempt record (migration 0027): a lesson's attempts, a person's, and the
 * writes of a staff correction (a new attempt row and the lesson's current result).
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

type Tx = Db | Transaction<Database>;

const ATTEMPT_COLUMNS = [
  'a.assignmentKey',
  'a.lessonKey',
  'a.number',
  'a.source',
  'a.startedAt',
  'a.endedAt',
  'a.durationMs',
  'a.score',
  'a.completion',
  'a.credit',
  'a.flaggedOffline',
  'a.reason',
  'a.corrects',
] as const;

/** One lesson's attempts of one assignment of the user's, first attempt first. */
export function selectLessonAttempts(
  db: Tx,
  userKey: number,
  assignmentKey: number,
  lessonKey: number,
) {
  return db
    .selectFrom('lessonAttempt as a')
    .select(ATTEMPT_COLUMNS)
    .where('a.userKey', '=', userKey)
    .where('a.assignmentKey', '=', assignmentKey)
    .where('a.lessonKey', '=', lessonKey)
    .orderBy('a.number')
    .execute();
}

/** Every attempt of the user's (one index range, lesson_attempt_user), by lesson then number. */
export function selectUserAttempts(db: Tx, userKey: number) {
  return db
    .selectFrom('lessonAttempt as a')
    .select(ATTEMPT_COLUMNS)
    .where('a.userKey', '=', userKey)
    .orderBy('a.assignmentKey')
    .orderBy('a.lessonKey')
    .orderBy('a.number')
    .execute();
}

export type AttemptRow = Awaited<ReturnType<typeof selectUserAttempts>>[number];

/** Every attempt of one assignment of the user's, by lesson then number. */
export function selectAssignmentAttempts(db: Tx, userKey: number, assignmentKey: number) {
  return db
    .selectFrom('lessonAttempt as a')
    .select(ATTEMPT_COLUMNS)
    .where('a.userKey', '=', userKey)
    .where('a.assignmentKey', '=', assignmentKey)
    .orderBy('a.lessonKey')
    .orderBy('a.number')
    .execute();
}

/** Whether the assignment is the user's. */
export async function isUsersAssignment(db: Tx, userKey: number, assignmentKey: number) {
  const row = await db
    .selectFrom('assignment')
    .select('assignmentKey')
    .where('assignmentKey', '=', assignmentKey)
    .where('userKey', '=', userKey)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The lesson's current state for a correction, locked: its progress row when the lesson is in the
 * curriculum of the user's assignment (null progress: never opened), or undefined when it is not.
 */
export async function lockLessonOfAssignment(
  trx: Tx,
  userKey: number,
  assignmentKey: number,
  lessonKey: number,
) {
  const lesson = await trx
    .selectFrom('assignment as s')
    .innerJoin('course as c', 'c.curriculumKey', 's.curriculumKey')
    .innerJoin('topic as t', 't.courseKey', 'c.courseKey')
    .innerJoin('lesson as l', 'l.topicKey', 't.topicKey')
    .select(['l.lessonKey', 'l.name', 'l.playMode'])
    .where('s.assignmentKey', '=', assignmentKey)
    .where('s.userKey', '=', userKey)
    .where('l.lessonKey', '=', lessonKey)
    .executeTakeFirst();
  if (!lesson) return undefined;
  const progress = await trx
    .selectFrom('lessonProgress')
    .select(['attempts', 'completion', 'credit', 'score', 'completionInstant', 'totalTimeMs'])
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .forUpdate()
    .executeTakeFirst();
  return { lesson, progress: progress ?? null };
}

/** The highest attempt number of a lesson (0: none). */
export async function latestAttemptNumber(trx: Tx, assignmentKey: number, lessonKey: number) {
  const row = await trx
    .selectFrom('lessonAttempt')
    .select((eb) => eb.fn.max('number').as('latest'))
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** A correction's attempt: ended as it is recorded, so it never changes. */
export interface CorrectionRow {
  assignmentKey: number;
  lessonKey: number;
  userKey: number;
  number: number;
  at: Date;
  completion: number;
  credit: number;
  score: number | null;
  baseTotalTimeMs: number;
  flaggedOffline: boolean;
  recordedBy: number;
  reason: string;
  corrects: number | null;
}

/** Inserts a correction's attempt row. */
export function insertCorrection(trx: Tx, row: CorrectionRow) {
  return trx
    .insertInto('lessonAttempt')
    .values({
      assignmentKey: row.assignmentKey,
      lessonKey: row.lessonKey,
      number: row.number,
      userKey: row.userKey,
      source: 'correction',
      startedAt: row.at,
      endedAt: row.at,
      updatedAt: row.at,
      completion: row.completion,
      credit: row.credit,
      score: row.score,
      completionInstant: row.completion >= 1 ? row.at : null,
      baseTotalTimeMs: row.baseTotalTimeMs,
      durationMs: 0,
      flaggedOffline: row.flaggedOffline,
      recordedBy: row.recordedBy,
      reason: row.reason,
      corrects: row.corrects,
    })
    .execute();
}

/** The lesson's current result after a correction (the progress row made when there was none). */
export interface CorrectedProgress {
  assignmentKey: number;
  lessonKey: number;
  userKey: number;
  attempts: number;
  completion: number;
  credit: number;
  score: number;
  completionInstant: Date | null;
  at: Date;
}

/**
 * Writes the corrected result as the lesson's current state: completion, credit, score, when it
 * completed, and the attempt count (the correction is the latest attempt). The resumable state
 * (bookmark, suspend data, cmi) and time are left as they are.
 */
export function upsertCorrectedProgress(trx: Tx, row: CorrectedProgress) {
  const result = {
    attempts: row.attempts,
    completion: row.completion,
    credit: row.credit,
    score: row.score,
    completionInstant: row.completionInstant,
    updatedAt: row.at,
  };
  return trx
    .insertInto('lessonProgress')
    .values({
      assignmentKey: row.assignmentKey,
      lessonKey: row.lessonKey,
      userKey: row.userKey,
      ...result,
    })
    .onConflict((oc) => oc.columns(['assignmentKey', 'lessonKey']).doUpdateSet(result))
    .execute();
}
