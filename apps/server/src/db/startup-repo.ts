/** The queries of the per-start work (startup.ts), so that only repos hold SQL. */
import type { Db } from './connection.js';

/** Whether any training provider (LMS) exists: an empty database gets the demo seed. */
export async function anyLmsExists(db: Db): Promise<boolean> {
  const row = await db.selectFrom('lms').select('lmsKey').limit(1).executeTakeFirst();
  return row !== undefined;
}
