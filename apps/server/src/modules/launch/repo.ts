import type { Db } from '../../db/connection.js';
import type { LaunchTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

/** The only SQL of launches: the launch rows and what a launch needs to know about its lesson. */

/** A lesson with its SCO and package: what starting a launch of it needs. */
export function findLessonContent(db: Db, lessonKey: number, lmsKey: number) {
  return db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
    .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
    .innerJoin('contentPackage as p', 'p.packageKey', 's.packageKey')
    .select([
      'l.lessonKey',
      'l.name as lessonName',
      'l.playMode',
      'l.scoKey',
      'cu.curriculumKey',
      'cu.inLibrary',
      'co.name as courseName',
      'co.courseKey',
      's.packageKey',
      's.identifier',
      'p.scormVersion',
    ])
    .where('l.lessonKey', '=', lessonKey)
    .where('cu.lmsKey', '=', lmsKey)
    .where('p.lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

/** The stored progress of a lesson in an assignment (null before the first launch). */
export function findProgress(db: Db, assignmentKey: number, lessonKey: number) {
  return db
    .selectFrom('lessonProgress')
    .selectAll()
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .executeTakeFirst();
}

export function insertLaunch(db: Db, row: Insertable<LaunchTable>) {
  return db.insertInto('launch').values(row).execute();
}

export function findLaunch(db: Db, launchId: string) {
  return db.selectFrom('launch').selectAll().where('launchId', '=', launchId).executeTakeFirst();
}

export type LaunchRow = NonNullable<Awaited<ReturnType<typeof findLaunch>>>;

/**
 * Launches of the lesson by the user still open in another session (another device or browser)
 * and active since `activeSince`: what the 'Multiple Lessons' confirmation is about.
 */
export function findOpenElsewhere(
  db: Db,
  where: { userKey: number; lessonKey: number; sessionHash: string; activeSince: Date },
) {
  return db
    .selectFrom('launch')
    .select(['launchId'])
    .where('userKey', '=', where.userKey)
    .where('lessonKey', '=', where.lessonKey)
    .where('status', '=', 'open')
    .where('preview', '=', false)
    .where('sessionHash', '<>', where.sessionHash)
    .where('lastActiveAt', '>', where.activeSince)
    .execute();
}

/** Closes the user's other open launches of the lesson (a forced launch): they can save no more. */
export function closeOthers(
  db: Db,
  where: { userKey: number; lessonKey: number; sessionHash: string; now: Date },
) {
  return db
    .updateTable('launch')
    .set({ status: 'closed', closedReason: 'superseded', closedAt: where.now })
    .where('userKey', '=', where.userKey)
    .where('lessonKey', '=', where.lessonKey)
    .where('status', '<>', 'closed')
    .where('preview', '=', false)
    .where('sessionHash', '<>', where.sessionHash)
    .execute();
}

/** Gives a starting launch its player token; false when it was already given one (used once). */
export async function setLaunchToken(
  db: Db,
  launchId: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('launch')
    .set({ tokenHash, lastActiveAt: now })
    .where('launchId', '=', launchId)
    .where('status', '=', 'starting')
    .where('tokenHash', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function setLastVerified(db: Db, userKey: number, now: Date) {
  return db
    .updateTable('appUser')
    .set({ lastVerifiedAt: now })
    .where('userKey', '=', userKey)
    .execute();
}

/** The user a re-authentication is for, with the sign-in rule's inputs (user and LMS). */
export function findUserForVerification(db: Db, userKey: number) {
  return db
    .selectFrom('appUser')
    .innerJoin('lms', 'lms.lmsKey', 'appUser.lmsKey')
    .select([
      'appUser.userKey',
      'appUser.lmsKey',
      'appUser.email',
      'appUser.passwordHash',
      'appUser.lastVerifiedAt',
      'appUser.inactive',
      'appUser.isStudent',
      'appUser.userType',
      'appUser.mfaEnabled',
      'lms.studentLocked',
    ])
    .where('appUser.userKey', '=', userKey)
    .executeTakeFirst();
}
