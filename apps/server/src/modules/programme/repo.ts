import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CourseTable, CurriculumTable, LessonTable, TopicTable } from '../../db/schema.js';

/**
 * The only SQL of the programme area. Every lookup by key is limited to the staff member's LMS, so
 * another LMS's key is not found. The tree is read in a fixed number of queries, whatever its size.
 */

/** The curricula of an LMS by name, each with how many students have it assigned now. */
export function selectCurricula(db: Db, lmsKey: number) {
  return db
    .selectFrom('curriculum as c')
    .select((eb) => [
      'c.curriculumKey',
      'c.name',
      'c.description',
      'c.inLibrary',
      'c.defaultDurationMs',
      'c.defaultDueDate',
      'c.validityRule',
      'c.validityMonths',
      eb
        .selectFrom('assignment as a')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('a.curriculumKey', '=', 'c.curriculumKey')
        .where('a.removedAt', 'is', null)
        .as('assignedCount'),
    ])
    .where('c.lmsKey', '=', lmsKey)
    .orderBy((eb) => eb.fn('lower', ['c.name']))
    .orderBy('c.curriculumKey')
    .execute();
}

/** Every course of the LMS's curricula, in order. */
export function selectCourses(db: Db, lmsKey: number) {
  return db
    .selectFrom('course')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .select([
      'course.courseKey',
      'course.curriculumKey',
      'course.name',
      'course.description',
      'course.sortOrder',
      'course.draft',
      'course.prerequisiteKey',
      'course.minScore',
      'course.minScorePass',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .orderBy('course.sortOrder')
    .orderBy('course.courseKey')
    .execute();
}

/** Every topic of the LMS's courses, in order. */
export function selectTopics(db: Db, lmsKey: number) {
  return db
    .selectFrom('topic')
    .innerJoin('course', 'course.courseKey', 'topic.courseKey')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .select([
      'topic.topicKey',
      'topic.courseKey',
      'topic.name',
      'topic.description',
      'topic.sortOrder',
      'topic.prerequisite',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .orderBy('topic.sortOrder')
    .orderBy('topic.topicKey')
    .execute();
}

/** Every lesson of the LMS's topics, in order, with its content's package and SCO. */
export function selectLessons(db: Db, lmsKey: number) {
  return db
    .selectFrom('lesson')
    .innerJoin('topic', 'topic.topicKey', 'lesson.topicKey')
    .innerJoin('course', 'course.courseKey', 'topic.courseKey')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .leftJoin('sco', 'sco.scoKey', 'lesson.scoKey')
    .leftJoin('contentPackage', 'contentPackage.packageKey', 'sco.packageKey')
    .select([
      'lesson.lessonKey',
      'lesson.topicKey',
      'lesson.name',
      'lesson.description',
      'lesson.sortOrder',
      'lesson.playMode',
      'lesson.prerequisite',
      'lesson.maxAttempts',
      'lesson.minScoreComplete',
      'lesson.minScorePass',
      'lesson.scorable',
      'lesson.scoreWeight',
      'lesson.player',
      'sco.title as scoTitle',
      'contentPackage.packageKey',
      'contentPackage.title as packageTitle',
      'contentPackage.scormVersion',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .orderBy('lesson.sortOrder')
    .orderBy('lesson.lessonKey')
    .execute();
}

export function selectPrerequisiteTypes(db: Db) {
  return db
    .selectFrom('curriculumPrerequisiteType')
    .select(['prerequisiteKey', 'prerequisiteName'])
    .orderBy('prerequisiteKey')
    .execute();
}

// ---- one item, locked for the edit's transaction ----------------------------------------------

/** A curriculum of the LMS, locked; undefined when there is none of that key in the LMS. */
export function lockCurriculum(db: Db, lmsKey: number, curriculumKey: number) {
  return db
    .selectFrom('curriculum')
    .select([
      'curriculumKey',
      'name',
      'description',
      'inLibrary',
      'defaultDurationMs',
      'defaultDueDate',
      'validityRule',
      'validityMonths',
    ])
    .where('lmsKey', '=', lmsKey)
    .where('curriculumKey', '=', curriculumKey)
    .forUpdate()
    .executeTakeFirst();
}

/** A course of the LMS, locked, with its curriculum's key. */
export function lockCourse(db: Db, lmsKey: number, courseKey: number) {
  return db
    .selectFrom('course')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .select([
      'course.courseKey',
      'course.curriculumKey',
      'course.name',
      'course.description',
      'course.draft',
      'course.prerequisiteKey',
      'course.minScore',
      'course.minScorePass',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .where('course.courseKey', '=', courseKey)
    .forUpdate('course')
    .executeTakeFirst();
}

/** A topic of the LMS, locked, with its course's key. */
export function lockTopic(db: Db, lmsKey: number, topicKey: number) {
  return db
    .selectFrom('topic')
    .innerJoin('course', 'course.courseKey', 'topic.courseKey')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .select([
      'topic.topicKey',
      'topic.courseKey',
      'topic.name',
      'topic.description',
      'topic.prerequisite',
      'course.curriculumKey',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .where('topic.topicKey', '=', topicKey)
    .forUpdate('topic')
    .executeTakeFirst();
}

/** A lesson of the LMS, locked, with its topic's key. */
export function lockLesson(db: Db, lmsKey: number, lessonKey: number) {
  return db
    .selectFrom('lesson')
    .innerJoin('topic', 'topic.topicKey', 'lesson.topicKey')
    .innerJoin('course', 'course.courseKey', 'topic.courseKey')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'course.curriculumKey')
    .select([
      'lesson.lessonKey',
      'lesson.topicKey',
      'lesson.name',
      'lesson.description',
      'lesson.playMode',
      'lesson.prerequisite',
      'lesson.maxAttempts',
      'lesson.minScoreComplete',
      'lesson.minScorePass',
      'lesson.scorable',
      'course.curriculumKey',
    ])
    .where('curriculum.lmsKey', '=', lmsKey)
    .where('lesson.lessonKey', '=', lessonKey)
    .forUpdate('lesson')
    .executeTakeFirst();
}

export async function updateCurriculum(
  db: Db,
  curriculumKey: number,
  change: Updateable<CurriculumTable>,
) {
  await db
    .updateTable('curriculum')
    .set(change)
    .where('curriculumKey', '=', curriculumKey)
    .execute();
}

export async function updateCourse(db: Db, courseKey: number, change: Updateable<CourseTable>) {
  await db.updateTable('course').set(change).where('courseKey', '=', courseKey).execute();
}

export async function updateTopic(db: Db, topicKey: number, change: Updateable<TopicTable>) {
  await db.updateTable('topic').set(change).where('topicKey', '=', topicKey).execute();
}

export async function updateLesson(db: Db, lessonKey: number, change: Updateable<LessonTable>) {
  await db.updateTable('lesson').set(change).where('lessonKey', '=', lessonKey).execute();
}

// ---- order ---------------------------------------------------------------------------------------

/** The keys of a parent's children in their order (the order the tree shows). */
export async function siblingKeys(
  db: Db,
  level: 'course' | 'topic' | 'lesson',
  parentKey: number,
): Promise<number[]> {
  if (level === 'course') {
    const rows = await db
      .selectFrom('course')
      .select('courseKey as key')
      .where('curriculumKey', '=', parentKey)
      .orderBy('sortOrder')
      .orderBy('courseKey')
      .forUpdate()
      .execute();
    return rows.map((row) => row.key);
  }
  if (level === 'topic') {
    const rows = await db
      .selectFrom('topic')
      .select('topicKey as key')
      .where('courseKey', '=', parentKey)
      .orderBy('sortOrder')
      .orderBy('topicKey')
      .forUpdate()
      .execute();
    return rows.map((row) => row.key);
  }
  const rows = await db
    .selectFrom('lesson')
    .select('lessonKey as key')
    .where('topicKey', '=', parentKey)
    .orderBy('sortOrder')
    .orderBy('lessonKey')
    .forUpdate()
    .execute();
  return rows.map((row) => row.key);
}

/** Sets each key's sort order to its index in `order`. */
export async function renumber(
  db: Db,
  level: 'course' | 'topic' | 'lesson',
  order: readonly number[],
): Promise<void> {
  for (const [sortOrder, key] of order.entries()) {
    if (level === 'course')
      await db.updateTable('course').set({ sortOrder }).where('courseKey', '=', key).execute();
    else if (level === 'topic')
      await db.updateTable('topic').set({ sortOrder }).where('topicKey', '=', key).execute();
    else await db.updateTable('lesson').set({ sortOrder }).where('lessonKey', '=', key).execute();
  }
}

/** A new lesson at the end of its topic. */
export async function insertLessonLast(
  db: Db,
  row: { topicKey: number; name: string; description: string; player: string },
): Promise<number> {
  const { last } = await db
    .selectFrom('lesson')
    .select((eb) => eb.fn.max<number | null>('sortOrder').as('last'))
    .where('topicKey', '=', row.topicKey)
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('lesson')
    .values({ ...row, sortOrder: last === null ? 0 : last + 1 })
    .returning('lessonKey')
    .executeTakeFirstOrThrow();
  return inserted.lessonKey;
}

/** The LMS's first curriculum of a name (any case), if any. */
export function findCurriculumByName(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('curriculumKey')
    .executeTakeFirst();
}
