import type { Db } from '../../db/connection.js';

/** The only SQL of the reports module: who the student is and which LMS trains them. */
export function selectOrganization(db: Db, lmsKey: number, userKey: number) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('lms as l', 'l.lmsKey', 'u.lmsKey')
    .select([
      'u.userKey',
      'u.userId',
      'u.nameCollated',
      'u.nameOther',
      'u.displayName',
      'u.email',
      'u.employeeId',
      'u.base',
      'u.fleet',
      'u.position',
      'l.lmsKey',
      'l.lmsName',
      'l.lmsDisplayName',
      'l.themeLogoUrl',
    ])
    .where('u.userKey', '=', userKey)
    .where('u.lmsKey', '=', lmsKey)
    .executeTakeFirst();
}

export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof selectOrganization>>>;
