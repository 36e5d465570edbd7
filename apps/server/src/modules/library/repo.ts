import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { LibraryMediaTable } from '../../db/schema.js';

/**
 * The only SQL of the library (§2 Library, §3): library course trees, media items, the groups
 * they are limited to (migration 0009), and the operator's changes to them.
 */

// Plain SQL: the same rule for both item kinds, read as the migration states it (0009).
/** A course (alias co) limited to no group, or to a group the user is in. */
const courseVisibleTo = (userKey: number) =>
  sql<boolean>`(NOT EXISTS (SELECT 1 FROM library_course_group cg WHERE cg.course_key = co.course_key)
    OR EXISTS (SELECT 1 FROM library_course_group cg
      JOIN student_group_member gm ON gm.group_key = cg.group_key
      WHERE cg.course_key = co.course_key AND gm.user_key = ${userKey}))`;

/** A media item (alias m) limited to no group, or to a group the user is in. */
const mediaVisibleTo = (userKey: number) =>
  sql<boolean>`(NOT EXISTS (SELECT 1 FROM library_media_group mg WHERE mg.library_key = m.library_key)
    OR EXISTS (SELECT 1 FROM library_media_group mg
      JOIN student_group_member gm ON gm.group_key = mg.group_key
      WHERE mg.library_key = m.library_key AND gm.user_key = ${userKey}))`;

/**
 * Every lesson row of the library courses the user may see, in tree order, in one query:
 * published courses (not draft) of the LMS's library curricula; a course without topics or
 * lessons with content still comes (with null topic or lesson). Lessons without content are left
 * out: there is nothing to preview.
 */
export function selectLibraryTree(db: Db, lmsKey: number, userKey: number) {
  return db
    .selectFrom('curriculum as cu')
    .innerJoin('course as co', 'co.curriculumKey', 'cu.curriculumKey')
    .leftJoin('topic as t', 't.courseKey', 'co.courseKey')
    .leftJoin('lesson as l', (join) =>
      join.onRef('l.topicKey', '=', 't.topicKey').on('l.scoKey', 'is not', null),
    )
    .select([
      'co.courseKey',
      'co.name as courseName',
      't.topicKey',
      't.name as topicName',
      'l.lessonKey',
      'l.name as lessonName',
    ])
    .where('cu.lmsKey', '=', lmsKey)
    .where('cu.inLibrary', '=', true)
    .where('co.draft', '<=', 0)
    .where(courseVisibleTo(userKey))
    .orderBy('cu.name')
    .orderBy('cu.curriculumKey')
    .orderBy('co.sortOrder')
    .orderBy('co.courseKey')
    .orderBy('t.sortOrder')
    .orderBy('t.topicKey')
    .orderBy('l.sortOrder')
    .orderBy('l.lessonKey')
    .execute();
}

export type LibraryTreeRow = Awaited<ReturnType<typeof selectLibraryTree>>[number];

/** A library lesson with content the user may preview (the library launch's check). */
export function findVisibleLibraryLesson(
  db: Db,
  lmsKey: number,
  userKey: number,
  lessonKey: number,
) {
  return db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
    .select(['l.lessonKey', 'l.scoKey', 'cu.curriculumKey'])
    .where('l.lessonKey', '=', lessonKey)
    .where('l.scoKey', 'is not', null)
    .where('cu.lmsKey', '=', lmsKey)
    .where('cu.inLibrary', '=', true)
    .where('co.draft', '<=', 0)
    .where(courseVisibleTo(userKey))
    .executeTakeFirst();
}

const MEDIA_COLUMNS = [
  'm.libraryKey',
  'm.lmsKey',
  'm.name',
  'm.description',
  'm.mediaType',
  'm.link',
  'm.fileName',
  'm.courseKey',
  'm.storageFolder',
  'm.contentType',
  'm.sizeBytes',
  'm.sortOrder',
  'co.name as courseName',
] as const;

/** The media items of the LMS the user may see, in the library's order. */
export function selectVisibleMedia(db: Db, lmsKey: number, userKey: number) {
  return db
    .selectFrom('libraryMedia as m')
    .leftJoin('course as co', 'co.courseKey', 'm.courseKey')
    .select(MEDIA_COLUMNS)
    .where('m.lmsKey', '=', lmsKey)
    .where(mediaVisibleTo(userKey))
    .orderBy('m.sortOrder')
    .orderBy('m.libraryKey')
    .execute();
}

export type MediaRow = Awaited<ReturnType<typeof selectVisibleMedia>>[number];

/** One media item the user may see (a file's download checks this again). */
export function findVisibleMedia(db: Db, lmsKey: number, userKey: number, libraryKey: number) {
  return db
    .selectFrom('libraryMedia as m')
    .leftJoin('course as co', 'co.courseKey', 'm.courseKey')
    .select(MEDIA_COLUMNS)
    .where('m.libraryKey', '=', libraryKey)
    .where('m.lmsKey', '=', lmsKey)
    .where(mediaVisibleTo(userKey))
    .executeTakeFirst();
}

/** The group names of these media items (one query for the whole list). */
export function selectMediaGroups(db: Db, libraryKeys: number[]) {
  if (libraryKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('libraryMediaGroup as mg')
    .innerJoin('studentGroup as g', 'g.groupKey', 'mg.groupKey')
    .select(['mg.libraryKey', 'g.groupKey', 'g.name'])
    .where('mg.libraryKey', 'in', libraryKeys)
    .orderBy('g.name')
    .execute();
}

/** A file item by key, whoever may see it (the content origin's download checks the rest). */
export function findMediaFile(db: Db, libraryKey: number) {
  return db
    .selectFrom('libraryMedia')
    .select(['libraryKey', 'lmsKey', 'fileName', 'storageFolder', 'contentType', 'sizeBytes'])
    .where('libraryKey', '=', libraryKey)
    .executeTakeFirst();
}

// ---- Operator changes (library commands) ----

export function findGroupsByName(db: Db, lmsKey: number, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('studentGroup')
    .select(['groupKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) =>
      eb(
        eb.fn('lower', ['name']),
        'in',
        names.map((name) => name.toLowerCase()),
      ),
    )
    .execute();
}

/** The group of this name, made when missing (run inside the caller's transaction). */
export async function findOrCreateGroup(db: Db, lmsKey: number, name: string) {
  const [existing] = await findGroupsByName(db, lmsKey, [name]);
  if (existing) return { ...existing, created: false };
  const row = await db
    .insertInto('studentGroup')
    .values({ lmsKey, name })
    .returning(['groupKey', 'name'])
    .executeTakeFirstOrThrow();
  return { ...row, created: true };
}

export async function addGroupMembers(db: Db, groupKey: number, userKeys: number[]) {
  if (userKeys.length === 0) return;
  await db
    .insertInto('studentGroupMember')
    .values(userKeys.map((userKey) => ({ groupKey, userKey })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeGroupMembers(db: Db, groupKey: number, userKeys: number[]) {
  if (userKeys.length === 0) return;
  await db
    .deleteFrom('studentGroupMember')
    .where('groupKey', '=', groupKey)
    .where('userKey', 'in', userKeys)
    .execute();
}

/** The LMS's student groups by name, with their member counts. */
export function selectGroups(db: Db, lmsKey: number) {
  return db
    .selectFrom('studentGroup as g')
    .leftJoin('studentGroupMember as gm', 'gm.groupKey', 'g.groupKey')
    .select((eb) => ['g.groupKey', 'g.name', eb.fn.count<number>('gm.userKey').as('members')])
    .where('g.lmsKey', '=', lmsKey)
    .groupBy(['g.groupKey', 'g.name'])
    .orderBy('g.name')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, members: Number(row.members) })));
}

export function selectGroupMembers(db: Db, groupKey: number) {
  return db
    .selectFrom('studentGroupMember as gm')
    .innerJoin('appUser as u', 'u.userKey', 'gm.userKey')
    .select(['u.userKey', 'u.userId'])
    .where('gm.groupKey', '=', groupKey)
    .orderBy('u.userId')
    .execute();
}

export function findUsersByLogin(db: Db, lmsKey: number, logins: string[]) {
  if (logins.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('appUser')
    .select(['userKey', 'userId'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) =>
      eb(
        eb.fn('lower', ['userId']),
        'in',
        logins.map((login) => login.toLowerCase()),
      ),
    )
    .execute();
}

export function insertMedia(db: Db, row: Insertable<LibraryMediaTable>) {
  return db
    .insertInto('libraryMedia')
    .values(row)
    .returning(['libraryKey', 'name'])
    .executeTakeFirstOrThrow();
}

export async function nextMediaSortOrder(db: Db, lmsKey: number): Promise<number> {
  const row = await db
    .selectFrom('libraryMedia')
    .select((eb) => eb.fn.max('sortOrder').as('last'))
    .where('lmsKey', '=', lmsKey)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Replaces the groups a media item is limited to. */
export async function setMediaGroups(db: Db, libraryKey: number, groupKeys: number[]) {
  await db.deleteFrom('libraryMediaGroup').where('libraryKey', '=', libraryKey).execute();
  if (groupKeys.length === 0) return;
  await db
    .insertInto('libraryMediaGroup')
    .values(groupKeys.map((groupKey) => ({ libraryKey, groupKey })))
    .execute();
}

/** Replaces the groups a library course is limited to. */
export async function setCourseGroups(db: Db, courseKey: number, groupKeys: number[]) {
  await db.deleteFrom('libraryCourseGroup').where('courseKey', '=', courseKey).execute();
  if (groupKeys.length === 0) return;
  await db
    .insertInto('libraryCourseGroup')
    .values(groupKeys.map((groupKey) => ({ courseKey, groupKey })))
    .execute();
}

export function deleteMedia(db: Db, lmsKey: number, libraryKey: number) {
  return db
    .deleteFrom('libraryMedia')
    .where('lmsKey', '=', lmsKey)
    .where('libraryKey', '=', libraryKey)
    .returning(['libraryKey', 'name', 'storageFolder'])
    .executeTakeFirst();
}

/** Every media item of an LMS with its groups' names (the operator's list). */
export function selectAllMedia(db: Db, lmsKey: number) {
  return db
    .selectFrom('libraryMedia as m')
    .leftJoin('course as co', 'co.courseKey', 'm.courseKey')
    .select(MEDIA_COLUMNS)
    .where('m.lmsKey', '=', lmsKey)
    .orderBy('m.sortOrder')
    .orderBy('m.libraryKey')
    .execute();
}

/** Every course of the LMS's library curricula, with its curriculum (the operator's list). */
export function selectLibraryCourses(db: Db, lmsKey: number) {
  return db
    .selectFrom('curriculum as cu')
    .innerJoin('course as co', 'co.curriculumKey', 'cu.curriculumKey')
    .select([
      'cu.curriculumKey',
      'cu.name as curriculumName',
      'co.courseKey',
      'co.name as courseName',
      'co.draft',
    ])
    .where('cu.lmsKey', '=', lmsKey)
    .where('cu.inLibrary', '=', true)
    .orderBy('cu.name')
    .orderBy('co.sortOrder')
    .orderBy('co.courseKey')
    .execute();
}

export function selectCourseGroups(db: Db, courseKeys: number[]) {
  if (courseKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('libraryCourseGroup as cg')
    .innerJoin('studentGroup as g', 'g.groupKey', 'cg.groupKey')
    .select(['cg.courseKey', 'g.name'])
    .where('cg.courseKey', 'in', courseKeys)
    .orderBy('g.name')
    .execute();
}

/** A course of the LMS (any curriculum), to limit it to groups. */
export function findCourse(db: Db, lmsKey: number, courseKey: number) {
  return db
    .selectFrom('course as co')
    .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
    .select(['co.courseKey', 'co.name', 'cu.inLibrary', 'cu.name as curriculumName'])
    .where('co.courseKey', '=', courseKey)
    .where('cu.lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

export function findMediaInLms(db: Db, lmsKey: number, libraryKey: number) {
  return db
    .selectFrom('libraryMedia')
    .select(['libraryKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where('libraryKey', '=', libraryKey)
    .executeTakeFirst();
}

/** Curricula of the LMS with this name (case-insensitive). */
export function findCurriculaByName(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name', 'inLibrary'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .execute();
}

export async function setInLibrary(db: Db, curriculumKey: number, inLibrary: boolean) {
  await db
    .updateTable('curriculum')
    .set({ inLibrary })
    .where('curriculumKey', '=', curriculumKey)
    .execute();
}

/** The LMS of a code. */
export function findLmsByCode(db: Db, code: string) {
  return db
    .selectFrom('lms')
    .select(['lmsKey', 'lmsCode'])
    .where('lmsCode', '=', code)
    .executeTakeFirst();
}
