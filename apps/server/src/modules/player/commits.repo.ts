import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { launchesForCommits } from './launch.repo.js';
import {
  BATCH_COLUMNS,
  PROGRESS_COLUMN_NAMES,
  PROGRESS_COLUMNS,
  sqlName,
  type CommitProgress,
  type ProgressColumn,
  type ProgressWrite,
} from './progress-columns.js';

/**
 * The SQL of a batch of commits (commit-queue.ts, ADR 0007 Group commit): what it locks and reads,
 * and what it records, each in one statement whatever the batch's size. The progress columns come
 * from progress-columns.ts.
 */

type Tx = Transaction<Database>;

/** A progress column as the batch's read names it: prefixed, since the launch has a `credit` too. */
type Prefixed<K extends ProgressColumn> = `progress${Capitalize<K>}`;
const prefixed = <K extends ProgressColumn>(name: K) =>
  `progress${name[0]!.toUpperCase()}${name.slice(1)}` as Prefixed<K>;
/** The select list of the progress columns, each as `lp.<column> as progress<Column>`. */
type ProgressSelection = { [K in ProgressColumn]: `lp.${K} as ${Prefixed<K>}` }[ProgressColumn];
const PROGRESS_SELECTION = PROGRESS_COLUMN_NAMES.map(
  (name) => `lp.${name} as ${prefixed(name)}` as ProgressSelection,
);
const PREFIXED_NAMES = new Set<string>(PROGRESS_COLUMN_NAMES.map(prefixed));

/**
 * The launches of a batch of commits (commit-queue.ts) with what judging a commit needs, each with
 * its lesson's progress, in one statement: the launch rows are locked in launch-id order, then the
 * progress rows in key order, so two batches never wait on each other's locks in opposite orders.
 * Narrower than the player's launch query: PostgreSQL plans a five-table join in a fraction of the
 * time of the panel's eight-table one, and it is planned once per batch (ADR 0007, Group commit).
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
          .select([
            'lp.assignmentKey as progressAssignmentKey',
            'lp.lessonKey as progressLessonKey',
            ...PROGRESS_SELECTION,
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
  return rows.map(({ progressAssignmentKey, progressLessonKey, ...row }) => {
    type Launch = Omit<typeof row, Prefixed<ProgressColumn>>;
    const launch = Object.fromEntries(
      Object.entries(row).filter(([name]) => !PREFIXED_NAMES.has(name)),
    ) as Launch;
    const columns = row as unknown as Record<string, unknown>;
    return {
      launch,
      // No progress row joined (its keys are null): the launch writes none (browse, a preview) or
      // is not open yet.
      progress:
        progressAssignmentKey === null || progressLessonKey === null
          ? undefined
          : (Object.fromEntries(
              PROGRESS_COLUMN_NAMES.map((name) => [name, columns[prefixed(name)]]),
            ) as CommitProgress),
    };
  });
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

/** A lesson's progress after a batch's commits to it (see ProgressWrite). */
export interface ProgressCommitted {
  assignmentKey: number;
  lessonKey: number;
  values: ProgressWrite;
  /** The current attempt's own result (lesson_attempt, migration 0027); null when unchanged. */
  attempt: AttemptCommitted | null;
}

/**
 * What a batch writes to the lesson's open attempt: the one attempt with no end (a unique index
 * says there is at most one), not found by number, since a staff correction may have been
 * recorded after it while it was suspended.
 */
export interface AttemptCommitted {
  launchId: string;
  completion: number;
  credit: number;
  scorePercent: number | null;
  progressMeasure: number | null;
  /** A final commit that did not suspend the attempt: it ends now, and keeps its cmi. */
  ends: boolean;
}

// The batch's progress columns as the statement writes and reads them (progress-columns.ts): the
// raw cmi goes as JSON and is stored as text; suspend_data is the cmi's element when it has one.
const SET_PROGRESS = sql.raw(
  [
    ...BATCH_COLUMNS.map((name) =>
      name === 'cmi' ? 'cmi = v.cmi::text' : `${sqlName(name)} = v.${sqlName(name)}`,
    ),
    "suspend_data = coalesce(v.cmi ->> 'cmi.suspend_data', lp.suspend_data)",
  ].join(', '),
);
const PROGRESS_RECORD = sql.raw(
  [
    'assignment_key integer',
    'lesson_key integer',
    ...BATCH_COLUMNS.map(
      (name) => `${sqlName(name)} ${name === 'updatedAt' ? 'timestamptz' : PROGRESS_COLUMNS[name]}`,
    ),
  ].join(', '),
);

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
    progress.map(({ assignmentKey, lessonKey, values }) => ({
      assignment_key: assignmentKey,
      lesson_key: lessonKey,
      ...Object.fromEntries(BATCH_COLUMNS.map((name) => [sqlName(name), values[name]])),
    })),
  );
  const attemptRows = JSON.stringify(
    progress.flatMap(({ assignmentKey, lessonKey, values, attempt }) =>
      attempt
        ? [
            {
              assignment_key: assignmentKey,
              lesson_key: lessonKey,
              launch_id: attempt.launchId,
              completion: attempt.completion,
              credit: attempt.credit,
              // lesson_attempt keeps a fraction, as lesson_progress (progress-columns.ts).
              score:
                attempt.scorePercent === null
                  ? null
                  : Math.round(attempt.scorePercent * 100) / 10_000,
              progress_measure: attempt.progressMeasure,
              total_time_ms: values.totalTimeMs,
              updated_at: values.updatedAt,
              ends: attempt.ends,
              cmi: attempt.ends ? values.cmi : null,
            },
          ]
        : [],
    ),
  );
  // The attempt's row is written by the same statement as the lesson's current state, so one
  // never exists without the other (ADR 0023); an ended attempt is not touched again.
  await sql`
    WITH progress AS (
      UPDATE lesson_progress AS lp SET ${SET_PROGRESS}
      FROM json_to_recordset(${progressRows}::json) AS v(${PROGRESS_RECORD})
      WHERE lp.assignment_key = v.assignment_key AND lp.lesson_key = v.lesson_key
      RETURNING lp.lesson_key
    ), attempt AS (
      UPDATE lesson_attempt AS a SET
        last_launch_id = v.launch_id,
        completion = v.completion,
        credit = v.credit,
        score = v.score,
        progress_measure = v.progress_measure,
        completion_instant = CASE WHEN a.completion_instant IS NULL AND v.completion <> 0
          THEN v.updated_at ELSE a.completion_instant END,
        duration_ms = greatest(0, v.total_time_ms - a.base_total_time_ms),
        updated_at = v.updated_at,
        ended_at = CASE WHEN v.ends THEN v.updated_at END,
        cmi = v.cmi::text
      FROM json_to_recordset(${attemptRows}::json) AS v(assignment_key integer, lesson_key integer,
        launch_id text, completion integer, credit integer, score numeric,
        progress_measure real, total_time_ms bigint, updated_at timestamptz, ends boolean, cmi json)
      WHERE a.assignment_key = v.assignment_key AND a.lesson_key = v.lesson_key
        AND a.ended_at IS NULL
      RETURNING a.number
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
