import { sql, type Expression, type SqlBool } from 'kysely';
import type { PeopleSort } from '@waypoint/domain/staff';
import type { Db } from '../../db/connection.js';
import { scopeUsers } from '../staff/scope.js';

/**
 * The only SQL of the console's people (docs/decisions/0021). A list is narrowed to the caller's
 * scope here (staff/scope.ts's scopeUsers); a single person is read by LMS and key, and the
 * service checks their restriction group. The search and sort use migration 0023's indexes.
 */

/** The caller's scope, as the queries narrow by it. */
export interface Scope {
  lmsKey: number;
  restrictionGroups: string[];
}

/** The list's narrowing: a search prefix pattern (prefixPattern) and exact filter values. */
export interface PeopleFilter {
  pattern: string | null;
  base?: string | undefined;
  fleet?: string | undefined;
  position?: string | undefined;
  restrictionGroup?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
  kind?: 'student' | 'staff' | undefined;
}

const personColumns = [
  'appUser.userKey',
  'appUser.lmsKey',
  'appUser.userId',
  'appUser.displayName',
  'appUser.nameOther',
  'appUser.nameCollated',
  'appUser.email',
  'appUser.employeeId',
  'appUser.base',
  'appUser.fleet',
  'appUser.position',
  'appUser.restrictionGroup',
  'appUser.phone',
  'appUser.inactive',
  'appUser.isStudent',
  'appUser.mfaEnabled',
  'appUser.lastSignInAt',
] as const;

// The staff role's existence, as a column (a person is "staff" when they hold one).
const isStaffColumn = sql<boolean>`exists (select 1 from staff_member sm where sm.user_key = app_user.user_key)`;

// The people a staff member sees: scope.ts's one rule (their LMS, and their restriction groups).
const peopleIn = (db: Db, scope: Scope) => scopeUsers(db.selectFrom('appUser'), scope);

function filtered(db: Db, scope: Scope, filter: PeopleFilter) {
  let query = peopleIn(db, scope);
  const { pattern } = filter;
  if (pattern !== null) {
    // Each side is one of migration 0023's prefix indexes (lower(column) text_pattern_ops).
    const like = (column: string): Expression<SqlBool> =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like('appUser.userId'),
        like('appUser.email'),
        like('appUser.employeeId'),
        like('appUser.nameCollated'),
        like('appUser.nameOther'),
        like('appUser.displayName'),
      ]),
    );
  }
  for (const field of ['base', 'fleet', 'position', 'restrictionGroup'] as const) {
    const value = filter[field];
    if (value !== undefined) query = query.where(`appUser.${field}`, '=', value);
  }
  if (filter.status === 'active') query = query.where('appUser.inactive', '=', 0);
  if (filter.status === 'inactive') query = query.where('appUser.inactive', '<>', 0);
  if (filter.kind === 'staff') query = query.where(isStaffColumn);
  if (filter.kind === 'student') query = query.where('appUser.isStudent', '=', true);
  return query;
}

const SORT_COLUMNS: Record<Exclude<PeopleSort, 'name' | 'lastSignIn'>, string> = {
  login: 'app_user.user_id',
  employeeId: 'app_user.employee_id',
  base: 'app_user.base',
  fleet: 'app_user.fleet',
  position: 'app_user.position',
  restrictionGroup: 'app_user.restriction_group',
};

/** One page of the people matching a filter, in an order, and how many match in all. */
export async function listPeople(
  db: Db,
  scope: Scope,
  filter: PeopleFilter,
  page: { sort: PeopleSort; descending: boolean; limit: number; offset: number },
) {
  const direction = sql.raw(page.descending ? 'desc' : 'asc');
  const nameOrder = sql`lower(app_user.name_collated) ${direction}, lower(app_user.name_other) ${direction}`;
  const order =
    page.sort === 'name'
      ? nameOrder
      : page.sort === 'lastSignIn'
        ? sql`app_user.last_sign_in_at ${direction} nulls last, ${nameOrder}`
        : sql`lower(${sql.raw(SORT_COLUMNS[page.sort])}) ${direction}, ${nameOrder}`;
  const [rows, count] = await Promise.all([
    filtered(db, scope, filter)
      .select([...personColumns, isStaffColumn.as('isStaff')])
      .orderBy(sql`${order}, app_user.user_key`)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, scope, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A person's row as the list and the profile read it. */
export type PersonRowData = Awaited<ReturnType<typeof listPeople>>['rows'][number];

/** The distinct, non-empty values of base, fleet, position and restriction group in scope. */
export async function filterValues(db: Db, scope: Scope) {
  // One pass over the people (grouping sets), not one per column: at 10,000 people four
  // DISTINCT scans cost most of a list request.
  const rows = await peopleIn(db, scope)
    .select(['appUser.base', 'appUser.fleet', 'appUser.position', 'appUser.restrictionGroup'])
    .groupBy(
      sql`grouping sets ((app_user.base), (app_user.fleet), (app_user.position), (app_user.restriction_group))`,
    )
    .execute();
  // In each grouping set the other three columns are null.
  const values = (column: 'base' | 'fleet' | 'position' | 'restrictionGroup'): string[] => {
    const found = rows
      .map((row) => row[column] as string | null)
      .filter((value): value is string => value !== null && value !== '');
    return [...new Set(found)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  };
  return {
    bases: values('base'),
    fleets: values('fleet'),
    positions: values('position'),
    restrictionGroups: values('restrictionGroup'),
  };
}

/** One person of an LMS by key (scope is the service's check), with what the profile shows. */
export async function findPerson(db: Db, lmsKey: number, userKey: number, now: Date) {
  return db
    .selectFrom('appUser')
    .leftJoin('staffMember', 'staffMember.userKey', 'appUser.userKey')
    .leftJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
    .select([
      ...personColumns,
      'appUser.createdAt',
      'appUser.lockedUntil',
      'staffRole.name as roleName',
      'staffRole.builtIn as roleBuiltIn',
      sql<boolean>`staff_member.user_key is not null`.as('isStaff'),
      sql<boolean>`app_user.password_hash is not null`.as('hasPassword'),
      (eb) =>
        eb
          .selectFrom('assignment')
          .select((inner) => inner.fn.countAll<string>().as('count'))
          .whereRef('assignment.userKey', '=', 'appUser.userKey')
          .where('assignment.removedAt', 'is', null)
          .as('assignments'),
      (eb) =>
        eb
          .selectFrom('userSession')
          .select((inner) => inner.fn.countAll<string>().as('count'))
          .whereRef('userSession.userKey', '=', 'appUser.userKey')
          .where('userSession.endedAt', 'is', null)
          .where('userSession.expiresAt', '>', now)
          .as('openSessions'),
    ])
    .where('appUser.lmsKey', '=', lmsKey)
    .where('appUser.userKey', '=', userKey)
    .executeTakeFirst();
}

/** A person's row as findPerson returns it. */
export type PersonDetailsData = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** Locks a person's row for a change (the read the change's before is taken from). */
export async function lockPerson(db: Db, lmsKey: number, userKey: number) {
  return db
    .selectFrom('appUser')
    .select([...personColumns, isStaffColumn.as('isStaff')])
    .where('appUser.lmsKey', '=', lmsKey)
    .where('appUser.userKey', '=', userKey)
    .forUpdate()
    .executeTakeFirst();
}

/** The stored columns of a person's profile. */
export interface PersonColumns {
  userId: string;
  nameOther: string;
  nameCollated: string;
  displayName: string;
  email: string;
  employeeId: string;
  base: string;
  fleet: string;
  position: string;
  restrictionGroup: string;
  phone: string;
  isStudent: boolean;
  mfaEnabled: boolean;
}

/** Inserts people; returns their keys by lower-case login. */
export async function insertPeople(
  db: Db,
  lmsKey: number,
  people: readonly PersonColumns[],
  now: Date,
): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  // In slices: 10,000 people of 15 columns in one statement would pass the parameter limit.
  for (let at = 0; at < people.length; at += 1000) {
    const rows = await db
      .insertInto('appUser')
      .values(people.slice(at, at + 1000).map((person) => ({ ...person, lmsKey, createdAt: now })))
      .returning(['userKey', 'userId'])
      .execute();
    for (const row of rows) keys.set(row.userId.toLowerCase(), row.userKey);
  }
  return keys;
}

/** Writes a person's profile. */
export async function updatePerson(db: Db, userKey: number, person: PersonColumns): Promise<void> {
  await db.updateTable('appUser').set(person).where('userKey', '=', userKey).execute();
}

/** Whether another person of the LMS has this login (case-insensitive). */
export async function loginTaken(
  db: Db,
  lmsKey: number,
  login: string,
  exceptUserKey: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('appUser')
    .select('userKey')
    .where('lmsKey', '=', lmsKey)
    .where(sql<string>`lower(user_id)`, '=', login.toLowerCase());
  if (exceptUserKey !== null) query = query.where('userKey', '<>', exceptUserKey);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The people of an LMS with these logins (case-insensitive), locked for an import. */
export async function peopleByLogins(db: Db, lmsKey: number, logins: readonly string[]) {
  if (logins.length === 0) return [];
  const lower = [...new Set(logins.map((login) => login.toLowerCase()))];
  const found = [];
  // In slices, so that 10,000 logins never make one statement with 10,000 parameters.
  for (let at = 0; at < lower.length; at += 1000) {
    found.push(
      ...(await db
        .selectFrom('appUser')
        .select([...personColumns, isStaffColumn.as('isStaff')])
        .where('appUser.lmsKey', '=', lmsKey)
        .where(sql<string>`lower(user_id)`, 'in', lower.slice(at, at + 1000))
        .forUpdate()
        .execute()),
    );
  }
  return found;
}

/** Sets a person's inactive flag (§3 User inactive: 1 = cannot sign in). */
export async function setInactive(db: Db, userKey: number, inactive: boolean): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ inactive: inactive ? 1 : 0 })
    .where('userKey', '=', userKey)
    .execute();
}

/** Turns a person's MFA on or off. */
export async function setMfaEnabled(db: Db, userKey: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ mfaEnabled: enabled })
    .where('userKey', '=', userKey)
    .execute();
}
