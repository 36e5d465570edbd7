import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** The only SQL on rate_limit: fixed-window counters shared by every server instance. */

/**
 * Counts one hit in a bucket with one atomic upsert, so two instances counting the same bucket
 * never lose a hit. A window that has ended starts again at 1; `slide` moves the end of a live
 * window to `windowEnd` on every hit. Returns the count and the window end after the hit.
 */
export async function countHit(
  db: Db,
  hit: { bucket: string; now: Date; windowEnd: Date; slide: boolean },
) {
  const { now, windowEnd } = hit;
  return db
    .insertInto('rateLimit')
    .values({ bucket: hit.bucket, hits: 1, windowEndsAt: windowEnd })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limit.window_ends_at <= ${now} THEN 1 ELSE rate_limit.hits + 1 END`,
        windowEndsAt: hit.slide
          ? windowEnd
          : sql<Date>`CASE WHEN rate_limit.window_ends_at <= ${now} THEN ${windowEnd} ELSE rate_limit.window_ends_at END`,
      }),
    )
    .returning(['hits', 'windowEndsAt'])
    .executeTakeFirstOrThrow();
}

/** A bucket whose window has not ended yet, if any. */
export async function findLiveBucket(db: Db, bucket: string, now: Date) {
  return db
    .selectFrom('rateLimit')
    .select(['hits', 'windowEndsAt'])
    .where('bucket', '=', bucket)
    .where('windowEndsAt', '>', now)
    .executeTakeFirst();
}

/** Deletes a bucket. */
export async function deleteBucket(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rateLimit').where('bucket', '=', bucket).execute();
}

/** Deletes every bucket whose key starts with `prefix` (one login ID's lockouts at every address). */
export async function deleteBucketsStartingWith(db: Db, prefix: string): Promise<void> {
  await db
    .deleteFrom('rateLimit')
    .where(sql<boolean>`starts_with(bucket, ${prefix})`)
    .execute();
}
