import type { QueryCreator, Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

/** The player's SQL on launches: the launch a window plays, its state, the package's lessons. */

type Tx = Transaction<Database>;

/** A launch with everything the player and the content server need about its SCO and package. */
export function findLaunchForPlayer(db: Db | Tx, launchId: string) {
  return launchesForPlayer(db).where('la.launchId', '=', launchId).executeTakeFirst();
}

/**
 * A launch with its SCO, package, user and the panel session it was launched from: the columns a
 * commit is judged on (commits.repo.ts lockCommitTargets); launchesForPlayer adds what the player
 * page needs.
 */
export function launchesForCommits(db: QueryCreator<Database>) {
  return (
    db
      .selectFrom('launch as la')
      .innerJoin('sco as s', 's.scoKey', 'la.scoKey')
      .innerJoin('contentPackage as p', 'p.packageKey', 's.packageKey')
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
        'la.assignmentKey',
        'la.lessonKey',
        'la.credit',
        'la.preview',
        'la.status',
        'la.closedReason',
        'la.baseTotalTimeMs',
        'la.lastSeq',
        'la.createdAt',
        'la.offlineGrantId',
        's.masteryScore',
        's.completionThreshold',
        's.completionSetByContent',
        's.objectiveSetByContent',
        'p.scormVersion',
        'p.packageKey',
      ])
  );
}

function launchesForPlayer(db: Db | Tx) {
  return launchesForCommits(db)
    .innerJoin('lesson as l', 'l.lessonKey', 'la.lessonKey')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .select([
      'la.lmsKey',
      'la.sessionHash',
      'la.curriculumKey',
      'la.contentOrigin',
      'la.mode',
      's.scoKey',
      's.identifier',
      's.scoType',
      's.launchFile',
      's.parameters',
      's.launchData',
      's.maxTimeAllowed',
      's.timeLimitAction',
      'p.storageFolder',
      'l.name as lessonName',
      'co.name as courseName',
      'co.courseKey',
      'u.userId',
      'u.nameCollated',
      'u.displayName',
    ]);
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

export function markOpened(trx: Tx, launchId: string, baseTotalTimeMs: number, now: Date) {
  return trx
    .updateTable('launch')
    .set({ status: 'open', openedAt: now, lastActiveAt: now, baseTotalTimeMs })
    .where('launchId', '=', launchId)
    .where('status', '=', 'starting')
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
