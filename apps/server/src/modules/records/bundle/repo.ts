import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/**
 * The only SQL of the records bundle: the LMS it is for and the subject ids of the people it
 * holds (migration 0028's record_subject), whose events the chain's eventsOf reads. Its download
 * tickets are the compliance exports' (compliance/exports/repo.ts, kind 'bundle').
 */

/** An LMS by code: its key and code. */
export function lmsByCode(db: Db, lmsCode: string) {
  return db
    .selectFrom('lms')
    .select(['lmsKey', 'lmsCode'])
    .where(sql`lower(lms_code)`, '=', lmsCode.toLowerCase())
    .executeTakeFirst();
}

/** The subject ids (migration 0028's record_subject) of those of these people who have one. */
export async function subjectIdsOf(db: Db, userKeys: readonly number[]): Promise<string[]> {
  if (userKeys.length === 0) return [];
  const result = await sql<{ subjectId: string }>`
    select subject_id as "subjectId" from record_subject
     where user_key = any(${[...userKeys]}::int[])`.execute(db);
  return result.rows.map((row) => row.subjectId);
}
