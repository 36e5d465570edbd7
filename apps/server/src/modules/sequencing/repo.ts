import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

/**
 * The only SQL of sequencing: what the import kept of a package's sequencing (the manifest's
 * `sequencing` part), the learner's attempts in sequencing_state, and the stored cmi of a
 * package's lessons the sequencer replays (ADR 0007).
 */

type Tx = Transaction<Database>;

/** Which learner's package in which course a sequencing attempt belongs to. */
export interface AttemptKeys {
  assignmentKey: number;
  courseKey: number;
  packageKey: number;
}

/** A JSON value read from the manifest column: PGlite and pg may hand it over as text or parsed. */
const jsonOf = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

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
  const ids = jsonOf(row?.ids);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The package's stored SCORM 2004 sequencing definition (null when none was kept). */
export async function selectSequencingDefinition(db: Db | Tx, packageKey: number) {
  const row = await db
    .selectFrom('contentPackage')
    .select(sql<unknown>`manifest -> 'sequencing' -> 'definition'`.as('definition'))
    .where('packageKey', '=', packageKey)
    .executeTakeFirst();
  const value = jsonOf(row?.definition);
  return value && typeof value === 'object' ? value : null;
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
  return prerequisitesOf(jsonOf(row?.items));
}

/** The items' non-empty adlcp:prerequisites, from the manifest's stored `items` (any shape). */
export function prerequisitesOf(items: unknown): Record<string, string> {
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

/**
 * The learner's latest sequencing attempt of a package in a course; `lock` locks the row, so
 * two windows sequencing the same course take turns (inside the caller's transaction).
 */
export function findSequencingState(db: Db | Tx, keys: AttemptKeys, lock = false) {
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
export async function lockSequencing(trx: Tx, keys: AttemptKeys): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sequencing:${keys.assignmentKey}:${keys.courseKey}:${keys.packageKey}`}))`.execute(
    trx,
  );
}

/** Writes the sequencing state of an attempt (a new attempt's row, or the same one again). */
export async function saveSequencingState(
  trx: Tx,
  row: AttemptKeys & {
    attempt: number;
    userKey: number;
    state: string;
    ended: boolean;
    rollupCompleted: boolean | null;
    rollupSatisfied: boolean | null;
    rollupMeasure: number | null;
    /** What the panel shows of this attempt (panel.ts), JSON text. */
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
  keys: AttemptKeys & { attempt: number },
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
