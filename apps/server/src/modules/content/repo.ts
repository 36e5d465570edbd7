import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { LessonTable, ScoTable } from '../../db/schema.js';

/** The only SQL of content import. Every function takes the transaction it runs in. */

/**
 * Serialises imports that find-or-create the same curriculum name in an LMS (two operators at
 * once), until the transaction ends.
 */
export async function lockCurriculumName(db: Db, lmsKey: number, name: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`curriculum:${lmsKey}:${name.toLowerCase()}`}))`.execute(
    db,
  );
}

/** Curricula of an LMS with this name (case-insensitive), oldest first. */
export async function findCurricula(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('curriculumKey')
    .execute();
}

export async function insertCurriculum(db: Db, lmsKey: number, name: string) {
  return db
    .insertInto('curriculum')
    .values({ lmsKey, name })
    .returning(['curriculumKey', 'name'])
    .executeTakeFirstOrThrow();
}

/** Courses of a curriculum with this name (case-insensitive), first in order first. */
export async function findCourses(db: Db, curriculumKey: number, name: string) {
  return db
    .selectFrom('course')
    .select(['courseKey', 'name'])
    .where('curriculumKey', '=', curriculumKey)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('sortOrder')
    .orderBy('courseKey')
    .execute();
}

/** A new course after the curriculum's last one. */
export async function insertCourse(db: Db, curriculumKey: number, name: string) {
  const { last } = await db
    .selectFrom('course')
    .select((eb) => eb.fn.max<number | null>('sortOrder').as('last'))
    .where('curriculumKey', '=', curriculumKey)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('course')
    .values({ curriculumKey, name, sortOrder: last === null ? 0 : last + 1 })
    .returning(['courseKey', 'name'])
    .executeTakeFirstOrThrow();
}

/** New topics after the course's last one, in the order given. */
export async function insertTopics(db: Db, courseKey: number, names: string[]) {
  if (names.length === 0) return [];
  const { last } = await db
    .selectFrom('topic')
    .select((eb) => eb.fn.max<number | null>('sortOrder').as('last'))
    .where('courseKey', '=', courseKey)
    .executeTakeFirstOrThrow();
  const first = last === null ? 0 : last + 1;
  const rows = await db
    .insertInto('topic')
    .values(names.map((name, index) => ({ courseKey, name, sortOrder: first + index })))
    .returning(['topicKey', 'name', 'sortOrder'])
    .execute();
  return rows.sort((a, b) => a.sortOrder - b.sortOrder);
}

export async function insertPackage(
  db: Db,
  row: {
    lmsKey: number;
    title: string;
    scormVersion: string;
    storageFolder: string;
    manifest: unknown;
    uploadedAt: Date;
  },
) {
  return db
    .insertInto('contentPackage')
    .values({ ...row, manifest: JSON.stringify(row.manifest) })
    .returning(['packageKey', 'uploadedAt'])
    .executeTakeFirstOrThrow();
}

export async function insertScos(db: Db, rows: Insertable<ScoTable>[]) {
  const inserted = await db
    .insertInto('sco')
    .values(rows)
    .returning(['scoKey', 'identifier', 'sortOrder'])
    .execute();
  return inserted.sort((a, b) => a.sortOrder - b.sortOrder);
}

export async function insertLessons(db: Db, rows: Insertable<LessonTable>[]) {
  if (rows.length === 0) return [];
  return db
    .insertInto('lesson')
    .values(rows)
    .returning(['lessonKey', 'topicKey', 'sortOrder', 'name', 'scoKey'])
    .execute();
}

/** A curriculum of the LMS by key, or undefined (another LMS's key is not found). */
export async function findCurriculumInLms(db: Db, lmsKey: number, curriculumKey: number) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where('curriculumKey', '=', curriculumKey)
    .executeTakeFirst();
}

/** A course of the LMS by key with its curriculum, or undefined. */
export async function findCourseInLms(db: Db, lmsKey: number, courseKey: number) {
  return db
    .selectFrom('course')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .select([
      'course.courseKey',
      'course.name as courseName',
      'curriculum.curriculumKey',
      'curriculum.name as curriculumName',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .where('course.courseKey', '=', courseKey)
    .executeTakeFirst();
}

/** A topic of the LMS by key with its course and curriculum, or undefined. */
export async function findTopicInLms(db: Db, lmsKey: number, topicKey: number) {
  return db
    .selectFrom('topic')
    .innerJoin('course', 'course.courseKey', 'topic.courseKey')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .select([
      'topic.topicKey',
      'topic.name as topicName',
      'course.courseKey',
      'course.name as courseName',
      'curriculum.curriculumKey',
      'curriculum.name as curriculumName',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .where('topic.topicKey', '=', topicKey)
    .executeTakeFirst();
}

/** The sort order after a topic's last lesson (0 for an empty topic). */
export async function nextLessonOrder(db: Db, topicKey: number): Promise<number> {
  const { last } = await db
    .selectFrom('lesson')
    .select((eb) => eb.fn.max<number | null>('sortOrder').as('last'))
    .where('topicKey', '=', topicKey)
    .executeTakeFirstOrThrow();
  return last === null ? 0 : last + 1;
}
