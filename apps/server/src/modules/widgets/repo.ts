import type { Db } from '../../db/connection.js';

/** The LMS's dashboard widgets, deleted ones included (the client reads isDeleted, §2). */
export function selectWidgets(db: Db, lmsKey: number) {
  return db
    .selectFrom('widget')
    .select(['widgetKey', 'widgetType', 'name', 'settings', 'sortOrder', 'isDeleted'])
    .where('lmsKey', '=', lmsKey)
    .orderBy('sortOrder')
    .orderBy('widgetKey')
    .execute();
}

export type WidgetRow = Awaited<ReturnType<typeof selectWidgets>>[number];

export function selectWidget(db: Db, lmsKey: number, widgetKey: number) {
  return db
    .selectFrom('widget')
    .select(['widgetKey', 'widgetType', 'name', 'settings', 'sortOrder', 'isDeleted'])
    .where('lmsKey', '=', lmsKey)
    .where('widgetKey', '=', widgetKey)
    .executeTakeFirst();
}

/** Users of one LMS for the calendar's student picker: names only, never emails or other LMSs. */
export function selectPickerUsers(db: Db, lmsKey: number, search: string, count: number) {
  let query = db
    .selectFrom('appUser')
    .select(['userKey', 'userId', 'nameCollated', 'nameOther', 'displayName'])
    .where('lmsKey', '=', lmsKey)
    .where('isStudent', '=', true)
    .where('inactive', '=', 0)
    .orderBy('nameCollated')
    .orderBy('nameOther')
    .limit(count);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('userId', 'ilike', pattern),
        eb('nameCollated', 'ilike', pattern),
        eb('nameOther', 'ilike', pattern),
      ]),
    );
  }
  return query.execute();
}

/** Whether a user is an active student of the LMS (the picker never reaches other LMSs' users). */
export async function isActiveStudentOf(db: Db, lmsKey: number, userKey: number): Promise<boolean> {
  const row = await db
    .selectFrom('appUser')
    .select('userKey')
    .where('lmsKey', '=', lmsKey)
    .where('userKey', '=', userKey)
    .where('isStudent', '=', true)
    .where('inactive', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}
