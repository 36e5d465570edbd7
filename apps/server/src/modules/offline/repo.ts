import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, LaunchTable, OfflineGrantTable } from '../../db/schema.js';

type Tx = Transaction<Database>;

/** The only SQL of offline grants (migration 0031, ADR 0024). */

export function insertGrant(db: Db, row: Insertable<OfflineGrantTable>) {
  return db.insertInto('offlineGrant').values(row).execute();
}

/**
 * A grant with what its package, its start state and its sync need: the SCO, the package, the
 * lesson's names and the student (as launch.repo's launchesForPlayer has them for a launch).
 */
export function findGrant(db: Db | Tx, grantId: string) {
  return db
    .selectFrom('offlineGrant as g')
    .innerJoin('sco as s', 's.scoKey', 'g.scoKey')
    .innerJoin('contentPackage as p', 'p.packageKey', 's.packageKey')
    .innerJoin('lesson as l', 'l.lessonKey', 'g.lessonKey')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .innerJoin('appUser as u', 'u.userKey', 'g.userKey')
    .select([
      'g.grantId',
      'g.tokenHash',
      'g.lmsKey',
      'g.userKey',
      'g.sessionHash',
      'g.curriculumKey',
      'g.assignmentKey',
      'g.lessonKey',
      'g.scoKey',
      'g.contentOrigin',
      'g.createdAt',
      'g.expiresAt',
      'g.removedAt',
      'g.knownProgressAt',
      'l.name as lessonName',
      'l.playMode',
      'co.name as courseName',
      'co.courseKey',
      's.identifier',
      's.launchFile',
      's.parameters',
      's.launchData',
      's.masteryScore',
      's.completionThreshold',
      's.maxTimeAllowed',
      's.timeLimitAction',
      's.completionSetByContent',
      's.objectiveSetByContent',
      'p.packageKey',
      'p.scormVersion',
      'p.storageFolder',
      'u.userId',
      'u.nameCollated',
      'u.displayName',
      'u.inactive as userInactive',
    ])
    .where('g.grantId', '=', grantId)
    .executeTakeFirst();
}

export type GrantRow = NonNullable<Awaited<ReturnType<typeof findGrant>>>;

/** The student's grants not removed and not expired, newest first. */
export function listGrants(db: Db, userKey: number, now: Date) {
  return db
    .selectFrom('offlineGrant as g')
    .innerJoin('lesson as l', 'l.lessonKey', 'g.lessonKey')
    .select([
      'g.grantId',
      'g.curriculumKey',
      'g.assignmentKey',
      'g.lessonKey',
      'l.name as lessonName',
      'g.createdAt',
      'g.expiresAt',
    ])
    .where('g.userKey', '=', userKey)
    .where('g.removedAt', 'is', null)
    .where('g.expiresAt', '>', now)
    .orderBy('g.createdAt', 'desc')
    .execute();
}

/** How many grants the student holds now (a device may keep at most so many). */
export async function countGrants(db: Db, userKey: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('offlineGrant')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userKey', '=', userKey)
    .where('removedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks a grant of the student's removed; false when there was none to remove. */
export async function removeGrant(db: Db, userKey: number, grantId: string, now: Date) {
  const result = await db
    .updateTable('offlineGrant')
    .set({ removedAt: now })
    .where('grantId', '=', grantId)
    .where('userKey', '=', userKey)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function setKnownProgress(db: Db | Tx, grantId: string, at: Date | null) {
  return db
    .updateTable('offlineGrant')
    .set({ knownProgressAt: at })
    .where('grantId', '=', grantId)
    .execute();
}

/** The launch a device's opening became at an earlier sync, if any. */
export function findOpening(db: Db | Tx, grantId: string, localId: string) {
  return db
    .selectFrom('launch')
    .select(['launchId', 'lastSeq', 'status'])
    .where('offlineGrantId', '=', grantId)
    .where('offlineLocalId', '=', localId)
    .executeTakeFirst();
}

export function insertOpening(db: Db | Tx, row: Insertable<LaunchTable>) {
  return db.insertInto('launch').values(row).execute();
}

/** The lesson progress's last change (the conflict rule compares it with the grant's). */
export async function progressUpdatedAt(
  db: Db | Tx,
  assignmentKey: number,
  lessonKey: number,
): Promise<Date | null> {
  const row = await db
    .selectFrom('lessonProgress')
    .select(['updatedAt'])
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .executeTakeFirst();
  return row ? new Date(row.updatedAt) : null;
}

/** Flags the lesson as completed offline with a device clock ahead (§8, flaggedLeafAssignments). */
export function flagOfflineCompletion(db: Db, assignmentKey: number, lessonKey: number) {
  return db
    .updateTable('lessonProgress')
    .set({ flaggedOffline: true })
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .execute();
}
