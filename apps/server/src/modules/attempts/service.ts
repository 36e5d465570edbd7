/**
 * The attempt record's reads (migration 0027): one lesson's attempts for the student's own
 * Completion Report, and every attempt of a person's for their record, the training record and
 * the staff console. A staff correction is correct-result.ts.
 */
import type { LessonAttempt } from '@waypoint/domain/contract';
import type { LessonAttempts, PersonAttempts } from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { findPersonDetails, type PeopleActor } from '../people/service.js';
import { presentAttempt } from './presenter.js';
import * as repo from './repo.js';

/** A lesson's attempts keyed by `${assignmentKey}:${lessonKey}`. */
export type AttemptsByLesson = ReadonlyMap<string, LessonAttempt[]>;

/** The key of a lesson of an assignment in an AttemptsByLesson. */
export const lessonAttemptKey = (assignmentKey: number, lessonKey: number) =>
  `${assignmentKey}:${lessonKey}`;

/**
 * GET /api/progressreport/attempts/{lmsKey}/{userKey}/{assignmentKey}/{lessonKey}: the attempts
 * of one lesson of the student's own (the guard checked the keys against the session), first
 * first; 404 'Nothing to report.' for an assignment that is not theirs.
 */
export async function lessonAttempts(
  deps: { db: Db },
  userKey: number,
  assignmentKey: number,
  lessonKey: number,
): Promise<LessonAttempt[]> {
  if (!(await repo.isUsersAssignment(deps.db, userKey, assignmentKey))) {
    throw new HttpError(404, 'Nothing to report.');
  }
  const rows = await repo.selectLessonAttempts(deps.db, userKey, assignmentKey, lessonKey);
  return rows.map(presentAttempt);
}

/** Attempt rows by lesson of an assignment, each lesson's first to last. */
function byLesson(rows: readonly repo.AttemptRow[]): Map<string, LessonAttempt[]> {
  const lessons = new Map<string, LessonAttempt[]>();
  for (const row of rows) {
    const key = lessonAttemptKey(row.assignmentKey, row.lessonKey);
    const list = lessons.get(key) ?? [];
    list.push(presentAttempt(row));
    lessons.set(key, list);
  }
  return lessons;
}

/** Every attempt of a person's, by lesson of an assignment (one query). */
export async function attemptsOfUser(deps: { db: Db }, userKey: number): Promise<AttemptsByLesson> {
  return byLesson(await repo.selectUserAttempts(deps.db, userKey));
}

/** Every attempt of one assignment of a person's, by lesson (one query). */
export async function attemptsOfAssignment(
  deps: { db: Db },
  userKey: number,
  assignmentKey: number,
): Promise<AttemptsByLesson> {
  return byLesson(await repo.selectAssignmentAttempts(deps.db, userKey, assignmentKey));
}

/**
 * GET /api/console/people/{userKey}/attempts: every lesson's attempts of a person in the caller's
 * scope (404 'No such person.' outside it), by assignment and lesson.
 */
export async function personAttempts(
  deps: { db: Db; clock: { now(): Date } },
  staff: PeopleActor['staff'],
  userKey: number,
): Promise<PersonAttempts> {
  await findPersonDetails(deps, staff, userKey);
  const lessons: LessonAttempts[] = [];
  for (const [key, attempts] of await attemptsOfUser(deps, userKey)) {
    const [assignmentKey, lessonKey] = key.split(':').map(Number) as [number, number];
    lessons.push({ assignmentKey, lessonKey, attempts });
  }
  return { lessons };
}
