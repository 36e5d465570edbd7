import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { StaffContext } from './service.js';
import { scopeUsers } from './scope.js';

/** The SQL of the console's roles and staff pages (roles.service.ts; tables of migration 0022). */

type Tx = Db | Transaction<Database>;

/** The roles of an LMS with how many staff members hold each. */
export async function listRoles(db: Tx, lmsKey: number) {
  return db
    .selectFrom('staffRole')
    .leftJoin('staffMember', 'staffMember.roleKey', 'staffRole.roleKey')
    .select([
      'staffRole.roleKey',
      'staffRole.name',
      'staffRole.builtIn',
      'staffRole.permissions',
      (eb) => eb.fn.count<string>('staffMember.userKey').as('holders'),
    ])
    .where('staffRole.lmsKey', '=', lmsKey)
    .groupBy('staffRole.roleKey')
    .orderBy('staffRole.roleKey')
    .execute();
}

/** One role of an LMS by key (locked for the change when `forUpdate`). */
export async function roleByKey(db: Tx, lmsKey: number, roleKey: number, forUpdate = false) {
  const query = db
    .selectFrom('staffRole')
    .select(['roleKey', 'name', 'builtIn', 'permissions'])
    .where('lmsKey', '=', lmsKey)
    .where('roleKey', '=', roleKey);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Another role of the LMS with this name (case-insensitive), if any. */
export async function roleNamed(db: Tx, lmsKey: number, name: string, exceptRoleKey = 0) {
  return db
    .selectFrom('staffRole')
    .select(['roleKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('roleKey', '<>', exceptRoleKey)
    .executeTakeFirst();
}

export async function insertRole(
  db: Tx,
  role: { lmsKey: number; name: string; permissions: Record<string, boolean>; now: Date },
) {
  return db
    .insertInto('staffRole')
    .values({
      lmsKey: role.lmsKey,
      name: role.name,
      permissions: JSON.stringify(role.permissions),
      createdAt: role.now,
    })
    .returning('roleKey')
    .executeTakeFirstOrThrow();
}

export async function updateRole(
  db: Tx,
  roleKey: number,
  role: { name: string; permissions: Record<string, boolean> },
): Promise<void> {
  await db
    .updateTable('staffRole')
    .set({ name: role.name, permissions: JSON.stringify(role.permissions) })
    .where('roleKey', '=', roleKey)
    .execute();
}

export async function deleteRole(db: Tx, roleKey: number): Promise<void> {
  await db.deleteFrom('staffRole').where('roleKey', '=', roleKey).execute();
}

/** How many staff members hold a role (locked, so that nobody is given it meanwhile). */
export async function roleHolders(db: Tx, roleKey: number): Promise<number> {
  const rows = await db
    .selectFrom('staffMember')
    .select('userKey')
    .where('roleKey', '=', roleKey)
    .forUpdate()
    .execute();
  return rows.length;
}

/**
 * The holders of the built-in administrator role of an LMS, locked: two administrators removing
 * each other at once cannot both pass the last-administrator check.
 */
export async function lockAdministrators(db: Tx, lmsKey: number): Promise<number[]> {
  const rows = await db
    .selectFrom('staffMember')
    .innerJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
    .select('staffMember.userKey')
    .where('staffRole.lmsKey', '=', lmsKey)
    .where('staffRole.builtIn', '=', 'administrator')
    .orderBy('staffMember.userKey')
    .forUpdate()
    .execute();
  return rows.map((row) => row.userKey);
}

const memberColumns = [
  'appUser.userKey',
  'appUser.userId',
  'appUser.displayName',
  'appUser.nameCollated',
  'appUser.nameOther',
  'appUser.email',
  'appUser.lastSignInAt',
  'staffRole.roleKey',
  'staffRole.name as roleName',
  'staffRole.builtIn',
  'staffMember.restrictionGroups',
] as const;

/** The staff of an LMS with their roles, by login. */
export async function listStaffMembers(db: Tx, lmsKey: number) {
  return db
    .selectFrom('staffMember')
    .innerJoin('appUser', 'appUser.userKey', 'staffMember.userKey')
    .innerJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
    .select(memberColumns)
    .where('appUser.lmsKey', '=', lmsKey)
    .orderBy(sql`lower(app_user.user_id)`)
    .execute();
}

/** One staff member of an LMS. */
export async function staffMemberOf(db: Tx, lmsKey: number, userKey: number) {
  return db
    .selectFrom('staffMember')
    .innerJoin('appUser', 'appUser.userKey', 'staffMember.userKey')
    .innerJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
    .select(memberColumns)
    .where('appUser.lmsKey', '=', lmsKey)
    .where('appUser.userKey', '=', userKey)
    .executeTakeFirst();
}

/** A staff member as listStaffMembers returns them. */
export type StaffMemberListRow = Awaited<ReturnType<typeof listStaffMembers>>[number];

/** A person of the LMS, for the scope check (scope.ts) of a staff change. */
export async function personOf(db: Tx, userKey: number) {
  return db
    .selectFrom('appUser')
    .select(['userKey', 'userId', 'lmsKey', 'restrictionGroup'])
    .where('userKey', '=', userKey)
    .executeTakeFirst();
}

/** The staff role a person holds now, with its name (locked for the change). */
export async function currentMembership(db: Tx, userKey: number) {
  return db
    .selectFrom('staffMember')
    .innerJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
    .select([
      'staffMember.roleKey',
      'staffRole.name as roleName',
      'staffRole.builtIn',
      'staffMember.restrictionGroups',
    ])
    .where('staffMember.userKey', '=', userKey)
    .forUpdate(['staffMember'])
    .executeTakeFirst();
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** People within the staff member's scope whose login, name or email contains the text. */
export async function searchPeople(
  db: Tx,
  staff: Pick<StaffContext, 'lmsKey' | 'restrictionGroups'>,
  text: string,
  limit: number,
) {
  const pattern = `%${likeEscaped(text.toLowerCase())}%`;
  return scopeUsers(
    db
      .selectFrom('appUser')
      .leftJoin('staffMember', 'staffMember.userKey', 'appUser.userKey')
      .leftJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
      .select([
        'appUser.userKey',
        'appUser.userId',
        'appUser.displayName',
        'appUser.nameCollated',
        'appUser.nameOther',
        'appUser.email',
        'appUser.restrictionGroup',
        'staffRole.name as roleName',
      ]),
    staff,
  )
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(app_user.user_id)`, 'like', pattern),
        eb(sql<string>`lower(app_user.display_name)`, 'like', pattern),
        eb(
          sql<string>`lower(app_user.name_other || ' ' || app_user.name_collated)`,
          'like',
          pattern,
        ),
        eb(sql<string>`lower(app_user.email)`, 'like', pattern),
      ]),
    )
    .orderBy(sql`lower(app_user.user_id)`)
    .limit(limit)
    .execute();
}
