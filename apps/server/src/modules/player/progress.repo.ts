import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, LessonProgressTable } from '../../db/schema.js';

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
