import type { Db } from '../../db/connection.js';

/** The student's feed token, if one was made. */
export async function selectFeedToken(db: Db, userKey: number): Promise<string | null> {
  const row = await db
    .selectFrom('calendarFeed')
    .select('token')
    .where('userKey', '=', userKey)
    .executeTakeFirst();
  return row?.token ?? null;
}

/** Stores a token for the student unless one exists (two tabs asking at once keep one). */
export async function insertFeedToken(db: Db, userKey: number, token: string): Promise<void> {
  await db
    .insertInto('calendarFeed')
    .values({ userKey, token })
    .onConflict((conflict) => conflict.column('userKey').doNothing())
    .execute();
}

/** Replaces the student's token: the old address stops working with this statement. */
export async function replaceFeedToken(db: Db, userKey: number, token: string): Promise<void> {
  await db
    .insertInto('calendarFeed')
    .values({ userKey, token })
    .onConflict((conflict) =>
      conflict.column('userKey').doUpdateSet({ token, createdAt: new Date() }),
    )
    .execute();
}

/** The active student a token belongs to, in an LMS that lets students in. */
export function selectFeedOwner(db: Db, token: string) {
  return db
    .selectFrom('calendarFeed')
    .innerJoin('appUser', 'appUser.userKey', 'calendarFeed.userKey')
    .innerJoin('lms', 'lms.lmsKey', 'appUser.lmsKey')
    .select(['appUser.userKey', 'appUser.lmsKey', 'lms.lmsName'])
    .where('calendarFeed.token', '=', token)
    .where('appUser.isStudent', '=', true)
    .where('appUser.inactive', '<=', 0)
    .where('lms.studentLocked', '<=', 0)
    .executeTakeFirst();
}
