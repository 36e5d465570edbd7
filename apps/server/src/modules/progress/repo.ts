import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * A hash of a whole row as Postgres prints it: the report cache adds them up to tell whether rows
 * it holds are still those in the database before patching a report (docs/decisions/0006).
 */
const rowHash = (alias: string) => sql<number>`hashtext(${sql.raw(alias)}::text)`.as('rowHash');

/**
 * The only SQL of the progress report. A report runs the same queries whatever the size of the
 * tree (no query per element): assignments, courses, topics, lessons, progress, and for the
 * packages' own locks and rollup (ADR 0007) their sequencing and the learner's sequencing states.
 */

/**
 * One student, or several at once (compliance standings read a batch of students' reports with
 * the same queries: docs/decisions/0022).
 */
export type UserKeys = number | readonly number[];

const userKeysOf = (keys: UserKeys): readonly number[] =>
  typeof keys === 'number' ? [keys] : keys;

/** The student's current assignments with their curricula (one of them, with assignmentKey). */
export function selectAssignments(
  db: Db,
  userKey: UserKeys,
  lmsKey: number,
  assignmentKey?: number,
) {
  return db
    .selectFrom('assignment as a')
    .innerJoin('curriculum as c', 'c.curriculumKey', 'a.curriculumKey')
    .innerJoin('lms as l', 'l.lmsKey', 'c.lmsKey')
    .select([
      'a.assignmentKey',
      'a.userKey',
      'a.curriculumKey',
      'a.assignedAt',
      'a.startDate',
      'a.durationMs',
      'a.flaggedOfflineCompletion',
      'c.name',
      'c.description',
      'c.certificateUrl',
      // Whether elementCertificateUrl is filled in (§3 Student parameters, §6).
      'l.allowStudentsToViewCertificates',
      rowHash('a'),
    ])
    .where('a.userKey', 'in', userKeysOf(userKey))
    .where('c.lmsKey', '=', lmsKey)
    .where('a.removedAt', 'is', null)
    .$if(assignmentKey !== undefined, (qb) => qb.where('a.assignmentKey', '=', assignmentKey!))
    .orderBy('a.startDate')
    .orderBy('a.assignmentKey')
    .execute();
}

export type AssignmentRow = Awaited<ReturnType<typeof selectAssignments>>[number];

// The tree queries read every curriculum assigned to the user, or one of them (curriculumKey).

/** The curricula assigned to the user, as a subquery (shared by the tree queries). */
function assignedCurricula(db: Db, userKey: UserKeys) {
  return db
    .selectFrom('assignment')
    .select('curriculumKey')
    .where('userKey', 'in', userKeysOf(userKey))
    .where('removedAt', 'is', null);
}

export function selectCourses(db: Db, userKey: UserKeys, curriculumKey?: number) {
  return db
    .selectFrom('course')
    .selectAll()
    .where('curriculumKey', 'in', assignedCurricula(db, userKey))
    .$if(curriculumKey !== undefined, (qb) => qb.where('curriculumKey', '=', curriculumKey!))
    .orderBy('curriculumKey')
    .orderBy('sortOrder')
    .orderBy('courseKey')
    .execute();
}

export type CourseRow = Awaited<ReturnType<typeof selectCourses>>[number];

export function selectTopics(db: Db, userKey: UserKeys, curriculumKey?: number) {
  return db
    .selectFrom('topic as t')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .selectAll('t')
    .where('co.curriculumKey', 'in', assignedCurricula(db, userKey))
    .$if(curriculumKey !== undefined, (qb) => qb.where('co.curriculumKey', '=', curriculumKey!))
    .orderBy('t.courseKey')
    .orderBy('t.sortOrder')
    .orderBy('t.topicKey')
    .execute();
}

export type TopicRow = Awaited<ReturnType<typeof selectTopics>>[number];

export function selectLessons(db: Db, userKey: UserKeys, curriculumKey?: number) {
  return db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .leftJoin('sco as s', 's.scoKey', 'l.scoKey')
    .leftJoin('contentPackage as p', 'p.packageKey', 's.packageKey')
    .selectAll('l')
    .select([
      's.launchFile',
      's.scoType',
      's.identifier as scoIdentifier',
      's.packageKey',
      'p.scormVersion',
      'p.storageFolder',
      'p.uploadedAt as packageUploadedAt',
    ])
    .where('co.curriculumKey', 'in', assignedCurricula(db, userKey))
    .$if(curriculumKey !== undefined, (qb) => qb.where('co.curriculumKey', '=', curriculumKey!))
    .orderBy('l.topicKey')
    .orderBy('l.sortOrder')
    .orderBy('l.lessonKey')
    .execute();
}

export type LessonRow = Awaited<ReturnType<typeof selectLessons>>[number];

/**
 * The student's progress rows (of one assignment, with assignmentKey), in key order so that
 * flaggedLeafAssignments comes out the same however the rows were last written.
 */
export function selectProgress(db: Db, userKey: UserKeys, assignmentKey?: number) {
  return db
    .selectFrom('lessonProgress as lp')
    .innerJoin('assignment as a', 'a.assignmentKey', 'lp.assignmentKey')
    .selectAll('lp')
    .select(rowHash('lp'))
    .where('lp.userKey', 'in', userKeysOf(userKey))
    .where('a.removedAt', 'is', null)
    .$if(assignmentKey !== undefined, (qb) => qb.where('lp.assignmentKey', '=', assignmentKey!))
    .orderBy('lp.assignmentKey')
    .orderBy('lp.lessonKey')
    .execute();
}

export type ProgressRow = Awaited<ReturnType<typeof selectProgress>>[number];

/**
 * The packages behind the lessons of the user's curricula (or one of them) that hold lessons back
 * themselves: sequenced SCORM 2004 packages, and SCORM 1.2 packages with the items'
 * adlcp:prerequisites (as JSON text: identifiers are not column names to rename).
 */
export function selectPackageRules(db: Db, userKey: UserKeys, curriculumKey?: number) {
  return db
    .selectFrom('contentPackage as p')
    .select([
      'p.packageKey',
      'p.scormVersion',
      sql<boolean>`coalesce(p.manifest -> 'sequencing' -> 'definition' ->> 'sequenced', '') = 'true'`.as(
        'sequenced',
      ),
      sql<
        string | null
      >`CASE WHEN p.scorm_version = '1.2' THEN (p.manifest -> 'sequencing' -> 'items')::text END`.as(
        'items',
      ),
    ])
    .where('p.packageKey', 'in', (eb) =>
      eb
        .selectFrom('lesson as l')
        .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
        .innerJoin('course as co', 'co.courseKey', 't.courseKey')
        .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
        .select('s.packageKey')
        .where('co.curriculumKey', 'in', assignedCurricula(db, userKey))
        .$if(curriculumKey !== undefined, (qb) =>
          qb.where('co.curriculumKey', '=', curriculumKey!),
        ),
    )
    .execute();
}

export type PackageRuleRow = Awaited<ReturnType<typeof selectPackageRules>>[number];

/** The user's latest sequencing attempt of each package in each course (of one assignment). */
export function selectSequencingPanels(db: Db, userKey: UserKeys, assignmentKey?: number) {
  return db
    .selectFrom('sequencingState')
    .distinctOn(['assignmentKey', 'courseKey', 'packageKey'])
    .select([
      'assignmentKey',
      'courseKey',
      'packageKey',
      'ended',
      'panel',
      'rollupCompleted',
      'rollupSatisfied',
      'rollupMeasure',
      // Over all of the student's rows (before DISTINCT ON): what the report cache compares.
      sql<number>`coalesce(sum(hashtext(sequencing_state::text)) over (), 0)`.as('digest'),
    ])
    .where('userKey', 'in', userKeysOf(userKey))
    .$if(assignmentKey !== undefined, (qb) => qb.where('assignmentKey', '=', assignmentKey!))
    .orderBy('assignmentKey')
    .orderBy('courseKey')
    .orderBy('packageKey')
    .orderBy('attempt', 'desc')
    .execute();
}

export type SequencingPanelRow = Awaited<ReturnType<typeof selectSequencingPanels>>[number];

export function selectPrerequisiteTypes(db: Db) {
  return db
    .selectFrom('curriculumPrerequisiteType')
    .select(['prerequisiteKey', 'prerequisiteName'])
    .orderBy('prerequisiteKey')
    .execute();
}

/**
 * The student's and the content's report data versions (bumped by the triggers of migration 0004),
 * in one round trip; 0 for a student whose data never changed since the migration.
 */
export async function selectReportVersions(db: Db, userKey: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('reportVersion')
        .select('version')
        .where('userKey', '=', userKey)
        .as('userVersion'),
      eb.selectFrom('contentVersion').select('version').as('contentVersion'),
    ])
    .executeTakeFirstOrThrow();
  return { user: Number(row.userVersion ?? 0), content: Number(row.contentVersion ?? 0) };
}

/**
 * What patching a cached report after a commit reads (docs/decisions/0006, Patching after a
 * commit), in one statement so that all of it is one snapshot: the student's given progress rows
 * (of live assignments), each with the data versions and the sums of the row hashes of
 * everything the student's report is read from (as rowHash and selectSequencingPanels add them
 * up). No row when none of the given rows exists.
 */
export async function selectProgressPatch(
  db: Db,
  user: { userKey: number; lmsKey: number },
  lessons: ReadonlyArray<{ assignmentKey: number; lessonKey: number }>,
): Promise<ProgressPatch | null> {
  const { userKey, lmsKey } = user;
  const found = await db
    .selectFrom('lessonProgress as lp')
    .innerJoin('assignment as a', 'a.assignmentKey', 'lp.assignmentKey')
    .selectAll('lp')
    .select(rowHash('lp'))
    .select((eb) => [
      eb
        .selectFrom('reportVersion')
        .select('version')
        .where('userKey', '=', userKey)
        .as('userVersion'),
      eb.selectFrom('contentVersion').select('version').as('contentVersion'),
      // The same rows as selectProgress, selectAssignments and selectSequencingPanels read.
      eb
        .selectFrom('lessonProgress as p')
        .innerJoin('assignment as pa', 'pa.assignmentKey', 'p.assignmentKey')
        .select(sql<number>`coalesce(sum(hashtext(p::text)), 0)`.as('digest'))
        .where('p.userKey', '=', userKey)
        .where('pa.removedAt', 'is', null)
        .as('progressDigest'),
      eb
        .selectFrom('assignment as x')
        .innerJoin('curriculum as c', 'c.curriculumKey', 'x.curriculumKey')
        .select(sql<number>`coalesce(sum(hashtext(x::text)), 0)`.as('digest'))
        .where('x.userKey', '=', userKey)
        .where('c.lmsKey', '=', lmsKey)
        .where('x.removedAt', 'is', null)
        .as('assignmentDigest'),
      eb
        .selectFrom('sequencingState as s')
        .select(sql<number>`coalesce(sum(hashtext(s::text)), 0)`.as('digest'))
        .where('s.userKey', '=', userKey)
        .as('sequencingDigest'),
    ])
    .where('lp.userKey', 'in', userKeysOf(userKey))
    .where('a.removedAt', 'is', null)
    .where((eb) =>
      eb(
        eb.refTuple('lp.assignmentKey', 'lp.lessonKey'),
        'in',
        lessons.map((lesson) => eb.tuple(lesson.assignmentKey, lesson.lessonKey)),
      ),
    )
    .orderBy('lp.assignmentKey')
    .orderBy('lp.lessonKey')
    .execute();
  const first = found[0];
  if (!first) return null;
  return {
    versions: { user: Number(first.userVersion ?? 0), content: Number(first.contentVersion ?? 0) },
    digests: {
      assignments: Number(first.assignmentDigest ?? 0),
      progress: Number(first.progressDigest ?? 0),
      sequencing: Number(first.sequencingDigest ?? 0),
    },
    rows: found.map(
      ({
        userVersion: _user,
        contentVersion: _content,
        progressDigest: _progress,
        assignmentDigest: _assignments,
        sequencingDigest: _sequencing,
        ...row
      }): ProgressRow => row,
    ),
  };
}

/** The changed progress rows read by selectProgressPatch, with the versions and digests of that read. */
export interface ProgressPatch {
  versions: { user: number; content: number };
  digests: { assignments: number; progress: number; sequencing: number };
  rows: ProgressRow[];
}
