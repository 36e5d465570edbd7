import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AnnotationTable } from '../../db/schema.js';

/** The only SQL of comments (annotations, §3): who may see a place, its comments, changes. */

/** True when the user has a curriculum holding this course assigned (not removed) in the LMS. */
export async function hasCourseAssigned(
  db: Db,
  where: { lmsKey: number; userKey: number; courseKey: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('assignment as a')
    .innerJoin('curriculum as cu', 'cu.curriculumKey', 'a.curriculumKey')
    .innerJoin('course as co', 'co.curriculumKey', 'cu.curriculumKey')
    .select('a.assignmentKey')
    .where('a.userKey', '=', where.userKey)
    .where('a.removedAt', 'is', null)
    .where('cu.lmsKey', '=', where.lmsKey)
    .where('co.courseKey', '=', where.courseKey)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A lesson of the course played by this SCO (its name and the SCO's title), if any. */
export function findLessonOfSco(db: Db, courseKey: number, scoKey: number) {
  return db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
    .select(['l.lessonKey', 'l.name as leafName', 's.title as scoName', 't.courseKey'])
    .where('t.courseKey', '=', courseKey)
    .where('l.scoKey', '=', scoKey)
    .orderBy('t.sortOrder')
    .orderBy('l.sortOrder')
    .limit(1)
    .executeTakeFirst();
}

/** The comments on one place, oldest first, with their authors' names. */
export function selectAnnotations(
  db: Db,
  place: { lmsKey: number; courseKey: number; scoKey: number; location: string },
) {
  return db
    .selectFrom('annotation as a')
    .innerJoin('appUser as u', 'u.userKey', 'a.userKey')
    .select([
      'a.annotationKey',
      'a.lmsKey',
      'a.courseKey',
      'a.scoKey',
      'a.userKey',
      'a.location',
      'a.annotationType',
      'a.annotationString',
      'a.parent',
      'a.createdAt',
      'u.userId',
      'u.email',
      'u.nameOther',
      'u.nameCollated',
    ])
    .where('a.lmsKey', '=', place.lmsKey)
    .where('a.courseKey', '=', place.courseKey)
    .where('a.scoKey', '=', place.scoKey)
    .where('a.location', '=', place.location)
    .orderBy('a.createdAt')
    .orderBy('a.annotationKey')
    .limit(5000)
    .execute();
}

export type AnnotationRow = Awaited<ReturnType<typeof selectAnnotations>>[number];

export function findAnnotation(db: Db, annotationKey: number) {
  return db
    .selectFrom('annotation')
    .selectAll()
    .where('annotationKey', '=', annotationKey)
    .executeTakeFirst();
}

export function insertAnnotation(db: Db, row: Insertable<AnnotationTable>) {
  return db
    .insertInto('annotation')
    .values(row)
    .returning('annotationKey')
    .executeTakeFirstOrThrow();
}

// ---- Operator (comments commands) ----

/** A lesson of the LMS with its course and SCO. */
export function findLesson(db: Db, lmsKey: number, lessonKey: number) {
  return db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
    .select(['l.lessonKey', 'l.name', 'l.scoKey', 'co.courseKey', 'co.name as courseName'])
    .where('l.lessonKey', '=', lessonKey)
    .where('cu.lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

/** Every comment on a lesson (its course and SCO, any place), oldest first. */
export function selectLessonAnnotations(
  db: Db,
  where: { lmsKey: number; courseKey: number; scoKey: number },
) {
  return db
    .selectFrom('annotation as a')
    .innerJoin('appUser as u', 'u.userKey', 'a.userKey')
    .select([
      'a.annotationKey',
      'a.location',
      'a.parent',
      'a.annotationString',
      'a.createdAt',
      'u.userId',
    ])
    .where('a.lmsKey', '=', where.lmsKey)
    .where('a.courseKey', '=', where.courseKey)
    .where('a.scoKey', '=', where.scoKey)
    .orderBy('a.location')
    .orderBy('a.createdAt')
    .orderBy('a.annotationKey')
    .execute();
}

/** Deletes a comment of the LMS and its replies; the number of rows deleted. */
export async function deleteAnnotation(db: Db, lmsKey: number, annotationKey: number) {
  const rows = await db
    .deleteFrom('annotation')
    .where('lmsKey', '=', lmsKey)
    .where((eb) =>
      eb.or([eb('annotationKey', '=', annotationKey), eb('parent', '=', annotationKey)]),
    )
    .returning('annotationKey')
    .execute();
  return rows.length;
}
