import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, LessonProgressTable } from '../../db/schema.js';

/** The only SQL of the player: its launch, the SCO it plays and the lesson progress it writes. */

type Tx = Transaction<Database>;

/**
 * A launch with everything the player and the content server need about its SCO and package;
 * `lock` also locks the launch row (a commit's transaction: one at a time per launch, in order).
 */
export function findLaunchForPlayer(db: Db | Tx, launchId: string, lock = false) {
  const query = db
    .selectFrom('launch as la')
    .innerJoin('sco as s', 's.scoKey', 'la.scoKey')
    .innerJoin('contentPackage as p', 'p.packageKey', 's.packageKey')
    .innerJoin('lesson as l', 'l.lessonKey', 'la.lessonKey')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .innerJoin('appUser as u', 'u.userKey', 'la.userKey')
    // The panel session the window was launched from: its token dies with it (ADR 0009).
    .leftJoin('userSession as us', 'us.sessionHash', 'la.sessionHash')
    .select([
      'us.endedAt as sessionEndedAt',
      'us.expiresAt as sessionExpiresAt',
      'us.lastSeenAt as sessionLastSeenAt',
      'u.inactive as userInactive',
      'la.launchId',
      'la.tokenHash',
      'la.userKey',
      'la.lmsKey',
      'la.sessionHash',
      'la.curriculumKey',
      'la.assignmentKey',
      'la.lessonKey',
      'la.contentOrigin',
      'la.mode',
      'la.credit',
      'la.preview',
      'la.status',
      'la.closedReason',
      'la.baseTotalTimeMs',
      'la.lastSeq',
      'la.createdAt',
      's.scoKey',
      's.identifier',
      's.scoType',
      's.launchFile',
      's.parameters',
      's.masteryScore',
      's.completionThreshold',
      's.launchData',
      's.maxTimeAllowed',
      's.timeLimitAction',
      'p.packageKey',
      'p.scormVersion',
      'p.storageFolder',
      'l.name as lessonName',
      'co.name as courseName',
      'co.courseKey',
      'u.userId',
      'u.nameCollated',
      'u.displayName',
    ])
    .where('la.launchId', '=', launchId);
  return (lock ? query.forUpdate('la') : query).executeTakeFirst();
}

export type PlayerLaunch = NonNullable<Awaited<ReturnType<typeof findLaunchForPlayer>>>;

/** Locks the launch row for one commit: commits of a launch apply one at a time, in order. */
export function lockLaunch(trx: Tx, launchId: string) {
  return trx
    .selectFrom('launch')
    .select(['status', 'lastSeq', 'closedReason'])
    .where('launchId', '=', launchId)
    .forUpdate()
    .executeTakeFirst();
}

/** A lesson's stored progress; `lock` also locks the row (inside a commit's transaction). */
export function findProgress(db: Db | Tx, assignmentKey: number, lessonKey: number, lock = false) {
  const query = db
    .selectFrom('lessonProgress')
    .selectAll()
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export type ProgressRow = NonNullable<Awaited<ReturnType<typeof findProgress>>>;

export async function insertProgress(trx: Tx, row: Insertable<LessonProgressTable>) {
  return trx
    .insertInto('lessonProgress')
    .values(row)
    .onConflict((oc) => oc.columns(['assignmentKey', 'lessonKey']).doNothing())
    .execute();
}

export function updateProgress(
  trx: Tx,
  assignmentKey: number,
  lessonKey: number,
  values: Updateable<LessonProgressTable>,
) {
  return trx
    .updateTable('lessonProgress')
    .set(values)
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .execute();
}

export function markOpened(trx: Tx, launchId: string, baseTotalTimeMs: number, now: Date) {
  return trx
    .updateTable('launch')
    .set({ status: 'open', openedAt: now, lastActiveAt: now, baseTotalTimeMs })
    .where('launchId', '=', launchId)
    .where('status', '=', 'starting')
    .execute();
}

export function recordCommit(
  trx: Tx,
  launchId: string,
  values: { seq: number; now: Date; close: boolean },
) {
  return trx
    .updateTable('launch')
    .set({
      lastSeq: values.seq,
      lastActiveAt: values.now,
      ...(values.close
        ? { status: 'closed' as const, closedReason: 'finished', closedAt: values.now }
        : {}),
    })
    .where('launchId', '=', launchId)
    .execute();
}

export function touchLaunch(db: Db, launchId: string, now: Date) {
  return db
    .updateTable('launch')
    .set({ lastActiveAt: now })
    .where('launchId', '=', launchId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export function closeLaunch(db: Db, launchId: string, reason: string, now: Date) {
  return db
    .updateTable('launch')
    .set({ status: 'closed', closedReason: reason, closedAt: now })
    .where('launchId', '=', launchId)
    .where('status', '<>', 'closed')
    .execute();
}

/**
 * Marks a launch as moved on by navigation: an open one, or one its own final commit finished (a
 * SCO terminates before its continue or choice request is acted on). Its token opens nothing more.
 */
export function closeLaunchNavigated(db: Db, launchId: string, now: Date) {
  return db
    .updateTable('launch')
    .set({ status: 'closed', closedReason: 'navigated', closedAt: now })
    .where('launchId', '=', launchId)
    .where((eb) => eb.or([eb('status', '<>', 'closed'), eb('closedReason', '=', 'finished')]))
    .execute();
}

/**
 * Opens again a launch its own window finished (a reload sends the final commit on the way out),
 * when no launch of the lesson by the student started after it. False when one did.
 */
export async function reopenFinishedLaunch(
  db: Db,
  launch: { launchId: string; userKey: number; lessonKey: number; createdAt: Date | string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('launch')
    .set({ status: 'open', closedReason: null, closedAt: null, lastActiveAt: now })
    .where('launchId', '=', launch.launchId)
    .where('status', '=', 'closed')
    .where('closedReason', '=', 'finished')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('launch as later')
            .select('later.launchId')
            .where('later.userKey', '=', launch.userKey)
            .where('later.lessonKey', '=', launch.lessonKey)
            .where('later.createdAt', '>', new Date(launch.createdAt))
            .where('later.launchId', '<>', launch.launchId),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The lessons of a course that play SCOs of one package, in course order (multi-SCO navigation). */
export function selectPackageLessons(db: Db, courseKey: number, packageKey: number) {
  return db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
    .select(['l.lessonKey', 'l.name', 's.identifier'])
    .where('t.courseKey', '=', courseKey)
    .where('s.packageKey', '=', packageKey)
    .orderBy('t.sortOrder')
    .orderBy('t.topicKey')
    .orderBy('l.sortOrder')
    .orderBy('l.lessonKey')
    .execute();
}
