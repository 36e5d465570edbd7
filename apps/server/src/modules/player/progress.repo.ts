import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, LessonAttemptTable, LessonProgressTable } from '../../db/schema.js';

/** The player's SQL on one lesson's progress row, as a launch opens (commits.repo.ts: batches). */

type Tx = Transaction<Database>;

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

/**
 * Ends a lesson's open attempts before a new one starts (ADR 0023): each keeps the cmi it ended
 * with. An attempt already ended (by a final commit) is left as it is.
 */
export function endOpenAttempts(
  trx: Tx,
  assignmentKey: number,
  lessonKey: number,
  cmi: string,
  now: Date,
) {
  return trx
    .updateTable('lessonAttempt')
    .set({ endedAt: now, cmi })
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .where('endedAt', 'is', null)
    .execute();
}

/** Records an attempt that starts (or one resumed that has no record yet: kept as it is). */
export function insertAttempt(trx: Tx, row: Insertable<LessonAttemptTable>) {
  return trx
    .insertInto('lessonAttempt')
    .values(row)
    .onConflict((oc) => oc.columns(['assignmentKey', 'lessonKey', 'number']).doNothing())
    .execute();
}

/** The highest attempt number of a lesson (0 for none), and whether one is still open. */
export async function attemptsOf(trx: Tx, assignmentKey: number, lessonKey: number) {
  const row = await trx
    .selectFrom('lessonAttempt')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.max('number'), eb.lit(0)).as('latest'),
      eb.fn.countAll<number>().filterWhere('endedAt', 'is', null).as('open'),
    ])
    .where('assignmentKey', '=', assignmentKey)
    .where('lessonKey', '=', lessonKey)
    .executeTakeFirstOrThrow();
  return { latest: Number(row.latest), open: Number(row.open) > 0 };
}
