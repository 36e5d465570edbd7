import {
  sql,
  type Insertable,
  type QueryCreator,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, LessonProgressTable } from '../../db/schema.js';

/** The only SQL of the player: its launch, the SCO it plays and the lesson progress it writes. */

type Tx = Transaction<Database>;

/** A launch with everything the player and the content server need about its SCO and package. */
export function findLaunchForPlayer(db: Db | Tx, launchId: string) {
  return launchesForPlayer(db).where('la.launchId', '=', launchId).executeTakeFirst();
}

/**
 * A launch with its SCO, package, user and the panel session it was launched from: the columns a
 * commit is judged on (lockCommitTargets); launchesForPlayer adds what the player page needs.
 */
function launchesForCommits(db: QueryCreator<Database>) {
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

/** A lesson's progress as a commit reads it (storedOf). */
export type CommitProgress = Omit<
  ProgressRow,
  'assignmentKey' | 'lessonKey' | 'userKey' | 'lastLaunchedAt' | 'flaggedOffline' | 'updatedAt'
>;

/**
 * The launches of a batch of commits (commit-queue.ts) with what judging a commit needs, each with
 * its lesson's progress, in one statement: the launch rows are locked in launch-id order, then the
 * progress rows in key order, so two batches never wait on each other's locks in opposite orders.
 * Narrower than launchesForPlayer: PostgreSQL plans a five-table join in a fraction of the time
 * of the panel's eight-table one, and it is planned once per batch (ADR 0007, Group commit).
 */
export async function lockCommitTargets(trx: Tx, launchIds: readonly string[]) {
  const rows = await trx
    .with(
      (cte) => cte('target').materialized(),
      (db) =>
        launchesForCommits(db)
          // A subquery, not two more joins: it keeps the join small to plan (see above).
          .select(
            sql<number>`(SELECT t.course_key FROM lesson l JOIN topic t USING (topic_key)
              WHERE l.lesson_key = la.lesson_key)`.as('courseKey'),
          )
          .where('la.launchId', 'in', launchIds)
          .orderBy('la.launchId')
          .forUpdate('la'),
    )
    .with(
      (cte) => cte('progress').materialized(),
      (db) =>
        db
          .selectFrom('lessonProgress as lp')
          .innerJoin('target', (join) =>
            join
              .onRef('target.assignmentKey', '=', 'lp.assignmentKey')
              .onRef('target.lessonKey', '=', 'lp.lessonKey'),
          )
          // Prefixed: the launch has columns of the same names (credit).
          .select([
            'lp.assignmentKey as progressAssignmentKey',
            'lp.lessonKey as progressLessonKey',
            'lp.attempts as progressAttempts',
            'lp.completion as progressCompletion',
            'lp.credit as progressCredit',
            'lp.score as progressScore',
            'lp.completionInstant as progressCompletionInstant',
            'lp.location as progressLocation',
            'lp.maxLocation as progressMaxLocation',
            'lp.locationBlob as progressLocationBlob',
            'lp.suspendData as progressSuspendData',
            'lp.progressMeasure as progressProgressMeasure',
            'lp.totalTimeMs as progressTotalTimeMs',
            'lp.cmi as progressCmi',
          ])
          .orderBy('lp.assignmentKey')
          .orderBy('lp.lessonKey')
          .forUpdate('lp'),
    )
    .selectFrom('target')
    .leftJoin('progress as pr', (join) =>
      join
        .onRef('pr.progressAssignmentKey', '=', 'target.assignmentKey')
        .onRef('pr.progressLessonKey', '=', 'target.lessonKey'),
    )
    .selectAll('target')
    .selectAll('pr')
    .orderBy('target.launchId')
    .execute();
  return rows.map(
    ({
      progressAssignmentKey,
      progressLessonKey,
      progressAttempts,
      progressCompletion,
      progressCredit,
      progressScore,
      progressCompletionInstant,
      progressLocation,
      progressMaxLocation,
      progressLocationBlob,
      progressSuspendData,
      progressProgressMeasure,
      progressTotalTimeMs,
      progressCmi,
      ...launch
    }) => ({
      launch,
      // No progress row joined (its keys are null): the launch writes none (browse, a preview) or
      // is not open yet.
      progress:
        progressAssignmentKey === null || progressLessonKey === null
          ? undefined
          : ({
              attempts: progressAttempts!,
              completion: progressCompletion!,
              credit: progressCredit!,
              score: progressScore!,
              completionInstant: progressCompletionInstant,
              location: progressLocation!,
              maxLocation: progressMaxLocation!,
              locationBlob: progressLocationBlob!,
              suspendData: progressSuspendData!,
              progressMeasure: progressProgressMeasure!,
              totalTimeMs: progressTotalTimeMs!,
              cmi: progressCmi!,
            } satisfies CommitProgress),
    }),
  );
}

/** A launch of a batch of commits, as lockCommitTargets reads it. */
export type CommitLaunch = Awaited<ReturnType<typeof lockCommitTargets>>[number]['launch'];

/** What an applied commit leaves on its launch: the last applied seq, and closed by a final one. */
export interface LaunchCommitted {
  launchId: string;
  /** When its last commit arrived. */
  now: Date;
  lastSeq: number;
  close: boolean;
}

/** A lesson's progress after a batch's commits to it (columns as lesson_progress keeps them). */
export interface ProgressCommitted {
  assignmentKey: number;
  lessonKey: number;
  /**
   * The columns a commit writes; the raw cmi elements go as JSON inside the batch's JSON. The
   * suspend_data column is not sent: it mirrors the cmi's element (applyCommit), so the statement
   * takes it from there, and a batch's JSON carries each learner's state (often KBs) once.
   */
  values: Omit<
    Selectable<LessonProgressTable>,
    | 'assignmentKey'
    | 'lessonKey'
    | 'userKey'
    | 'lastLaunchedAt'
    | 'flaggedOffline'
    | 'cmi'
    | 'suspendData'
  > & { cmi: Readonly<Record<string, string>> };
}

/**
 * Records a batch of applied commits in one statement, whatever the batch's size: every launch's
 * last seq (and close) and every lesson's new progress, the rows passed as one JSON parameter
 * each. One round trip while the rows are locked (ADR 0007, Group commit).
 */
export async function recordCommits(
  trx: Tx,
  launches: readonly LaunchCommitted[],
  progress: readonly ProgressCommitted[],
): Promise<void> {
  const launchRows = JSON.stringify(
    launches.map((l) => ({
      launch_id: l.launchId,
      committed_at: l.now,
      last_seq: l.lastSeq,
      close: l.close,
    })),
  );
  const progressRows = JSON.stringify(
    progress.map(({ assignmentKey, lessonKey, values: v }) => ({
      assignment_key: assignmentKey,
      lesson_key: lessonKey,
      attempts: v.attempts,
      completion: v.completion,
      credit: v.credit,
      score: v.score,
      completion_instant: v.completionInstant,
      location: v.location,
      max_location: v.maxLocation,
      location_blob: v.locationBlob,
      progress_measure: v.progressMeasure,
      total_time_ms: v.totalTimeMs,
      cmi: v.cmi,
      updated_at: v.updatedAt,
    })),
  );
  await sql`
    WITH progress AS (
      UPDATE lesson_progress AS lp SET
        attempts = v.attempts, completion = v.completion, credit = v.credit, score = v.score,
        completion_instant = v.completion_instant, location = v.location,
        max_location = v.max_location, location_blob = v.location_blob,
        suspend_data = coalesce(v.cmi ->> 'cmi.suspend_data', lp.suspend_data),
        progress_measure = v.progress_measure,
        total_time_ms = v.total_time_ms, cmi = v.cmi::text, updated_at = v.updated_at
      FROM json_to_recordset(${progressRows}::json) AS v(
        assignment_key integer, lesson_key integer, attempts integer, completion integer,
        credit integer, score numeric, completion_instant timestamptz, location integer,
        max_location integer, location_blob text, progress_measure real,
        total_time_ms bigint, cmi json, updated_at timestamptz)
      WHERE lp.assignment_key = v.assignment_key AND lp.lesson_key = v.lesson_key
      RETURNING lp.lesson_key
    )
    UPDATE launch AS la SET
      last_seq = v.last_seq,
      last_active_at = v.committed_at,
      status = CASE WHEN v.close THEN 'closed' ELSE la.status END,
      closed_reason = CASE WHEN v.close THEN 'finished' ELSE la.closed_reason END,
      closed_at = CASE WHEN v.close THEN v.committed_at ELSE la.closed_at END
    FROM json_to_recordset(${launchRows}::json) AS v(
      launch_id text, committed_at timestamptz, last_seq integer, close boolean)
    WHERE la.launch_id = v.launch_id`.execute(trx);
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

/**
 * The objective ids the manifest gives a SCO's activity (SCORM 2004 RTE 4.2.17), as the import
 * kept them in the package's manifest; none for a package imported before they were kept.
 */
export async function selectObjectiveIds(
  db: Db,
  packageKey: number,
  identifier: string,
): Promise<string[]> {
  const row = await db
    .selectFrom('contentPackage')
    .select(
      sql<unknown>`manifest -> 'sequencing' -> 'items' -> ${identifier} -> 'objectiveIds'`.as(
        'ids',
      ),
    )
    .where('packageKey', '=', packageKey)
    .executeTakeFirst();
  const ids: unknown = typeof row?.ids === 'string' ? JSON.parse(row.ids) : row?.ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The package's stored SCORM 2004 sequencing definition (null when none was kept). */
export async function selectSequencingDefinition(db: Db | Tx, packageKey: number) {
  const row = await db
    .selectFrom('contentPackage')
    .select(sql<unknown>`manifest -> 'sequencing' -> 'definition'`.as('definition'))
    .where('packageKey', '=', packageKey)
    .executeTakeFirst();
  const value: unknown =
    typeof row?.definition === 'string' ? JSON.parse(row.definition) : row?.definition;
  return value && typeof value === 'object' ? value : null;
}

/**
 * The learner's latest sequencing attempt of a package in a course; `lock` locks the row, so
 * two windows sequencing the same course take turns (inside the caller's transaction).
 */
export function findSequencingState(
  db: Db | Tx,
  keys: { assignmentKey: number; courseKey: number; packageKey: number },
  lock = false,
) {
  const query = db
    .selectFrom('sequencingState')
    .selectAll()
    .where('assignmentKey', '=', keys.assignmentKey)
    .where('courseKey', '=', keys.courseKey)
    .where('packageKey', '=', keys.packageKey)
    .orderBy('attempt', 'desc')
    .limit(1);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Serialises sequencing of one learner's package in a course until the transaction ends. */
export async function lockSequencing(
  trx: Tx,
  keys: { assignmentKey: number; courseKey: number; packageKey: number },
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sequencing:${keys.assignmentKey}:${keys.courseKey}:${keys.packageKey}`}))`.execute(
    trx,
  );
}

/** Writes the sequencing state of an attempt (a new attempt's row, or the same one again). */
export async function saveSequencingState(
  trx: Tx,
  row: {
    assignmentKey: number;
    courseKey: number;
    packageKey: number;
    attempt: number;
    userKey: number;
    state: string;
    ended: boolean;
    rollupCompleted: boolean | null;
    rollupSatisfied: boolean | null;
    rollupMeasure: number | null;
    /** What the panel shows of this attempt (sequencing-panel.ts), JSON text. */
    panel: string;
    launchId: string;
    updatedAt: Date;
  },
) {
  await trx
    .insertInto('sequencingState')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['assignmentKey', 'courseKey', 'packageKey', 'attempt']).doUpdateSet({
        state: row.state,
        ended: row.ended,
        rollupCompleted: row.rollupCompleted,
        rollupSatisfied: row.rollupSatisfied,
        rollupMeasure: row.rollupMeasure,
        panel: row.panel,
        launchId: row.launchId,
        lastSeq: sql`sequencing_state.last_seq + 1`,
        updatedAt: row.updatedAt,
      }),
    )
    .execute();
}

/** Stores what the panel shows of an attempt again (its delivered SCO committed). */
export async function updateSequencingPanel(
  trx: Tx,
  keys: { assignmentKey: number; courseKey: number; packageKey: number; attempt: number },
  panel: string,
) {
  await trx
    .updateTable('sequencingState')
    .set({ panel })
    .where('assignmentKey', '=', keys.assignmentKey)
    .where('courseKey', '=', keys.courseKey)
    .where('packageKey', '=', keys.packageKey)
    .where('attempt', '=', keys.attempt)
    .execute();
}

/** The stored cmi of the lessons of a package in a course, by SCO identifier (the sequencer's replay). */
export async function selectPackageCmi(
  db: Db | Tx,
  assignmentKey: number,
  courseKey: number,
  packageKey: number,
) {
  return db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
    .leftJoin('lessonProgress as lp', (join) =>
      join.onRef('lp.lessonKey', '=', 'l.lessonKey').on('lp.assignmentKey', '=', assignmentKey),
    )
    .select(['l.lessonKey', 's.identifier', 'lp.cmi', 'lp.completion', 'lp.credit', 'lp.attempts'])
    .where('t.courseKey', '=', courseKey)
    .where('s.packageKey', '=', packageKey)
    .execute();
}

/** SCORM 1.2 adlcp:prerequisites of a package's items, by identifier (those that have some). */
export async function selectItemPrerequisites(
  db: Db,
  packageKey: number,
): Promise<Record<string, string>> {
  const row = await db
    .selectFrom('contentPackage')
    .select(sql<unknown>`manifest -> 'sequencing' -> 'items'`.as('items'))
    .where('packageKey', '=', packageKey)
    .executeTakeFirst();
  const items: unknown = typeof row?.items === 'string' ? JSON.parse(row.items) : row?.items;
  const found: Record<string, string> = {};
  if (!items || typeof items !== 'object') return found;
  for (const [identifier, item] of Object.entries(items as Record<string, unknown>)) {
    const prerequisites = (item as { prerequisites?: unknown } | null)?.prerequisites;
    if (typeof prerequisites === 'string' && prerequisites.trim() !== '') {
      found[identifier] = prerequisites;
    }
  }
  return found;
}
