import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

/** The only SQL on staff_role, staff_member and audit_event (migration 0022). */

/** A staff member with their role, user and LMS: what a console request acts as. */
export async function findStaffMember(db: Db, userKey: number) {
  return db
    .selectFrom('staffMember')
    .innerJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
    .innerJoin('appUser', 'appUser.userKey', 'staffMember.userKey')
    .innerJoin('lms', 'lms.lmsKey', 'appUser.lmsKey')
    .select([
      'staffMember.userKey',
      'staffMember.restrictionGroups',
      'staffRole.roleKey',
      'staffRole.name as roleName',
      'staffRole.builtIn',
      'staffRole.permissions',
      'appUser.lmsKey',
      'appUser.userId',
      'appUser.displayName',
      'appUser.nameCollated',
      'appUser.nameOther',
      'appUser.email',
      'appUser.userType',
      'appUser.isStudent',
      'lms.lmsCode',
      'lms.lmsDisplayName',
    ])
    .where('staffMember.userKey', '=', userKey)
    .executeTakeFirst();
}

/** A staff member's row as findStaffMember returns it. */
export type StaffMemberRow = NonNullable<Awaited<ReturnType<typeof findStaffMember>>>;

/** Whether a user holds a staff role. */
export async function isStaffMember(db: Db, userKey: number): Promise<boolean> {
  const row = await db
    .selectFrom('staffMember')
    .select('userKey')
    .where('userKey', '=', userKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** A role of an LMS by its built-in id or its name (case-insensitive). */
export async function findRole(db: Db, lmsKey: number, role: string) {
  return db
    .selectFrom('staffRole')
    .select(['roleKey', 'name', 'builtIn', 'permissions'])
    .where('lmsKey', '=', lmsKey)
    .where((eb) =>
      eb.or([eb('builtIn', '=', role), eb(sql<string>`lower(name)`, '=', role.toLowerCase())]),
    )
    .executeTakeFirst();
}

/** Makes a user staff with a role and scope, or changes both; returns the row before, if any. */
export async function upsertStaffMember(
  db: Db | Transaction<Database>,
  member: { userKey: number; roleKey: number; restrictionGroups: string[]; now: Date },
) {
  const before = await db
    .selectFrom('staffMember')
    .select(['roleKey', 'restrictionGroups'])
    .where('userKey', '=', member.userKey)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('staffMember')
    .values({
      userKey: member.userKey,
      roleKey: member.roleKey,
      restrictionGroups: member.restrictionGroups,
      createdAt: member.now,
    })
    .onConflict((oc) =>
      oc.column('userKey').doUpdateSet({
        roleKey: member.roleKey,
        restrictionGroups: member.restrictionGroups,
      }),
    )
    .execute();
  return before ?? null;
}

/** One audit event to append (audit.ts). */
export interface NewAuditEvent {
  lmsKey: number | null;
  at: Date;
  actorUserKey: number | null;
  actorLabel: string;
  clientAddress: string;
  action: string;
  targetType: string;
  targetKey: string;
  summary: string;
  before: unknown;
  after: unknown;
}

/** Appends events to the audit log (append-only: a trigger refuses any change, migration 0022). */
export async function insertAuditEvents(
  db: Db | Transaction<Database>,
  events: readonly NewAuditEvent[],
): Promise<void> {
  // 11 parameters a row: batches stay far below PostgreSQL's 65,535 per statement.
  for (let start = 0; start < events.length; start += AUDIT_BATCH) {
    await insertAuditBatch(db, events.slice(start, start + AUDIT_BATCH));
  }
}

const AUDIT_BATCH = 1000;

async function insertAuditBatch(
  db: Db | Transaction<Database>,
  events: readonly NewAuditEvent[],
): Promise<void> {
  await db
    .insertInto('auditEvent')
    .values(
      events.map((event) => ({
        ...event,
        clientAddress: event.clientAddress.slice(0, 100),
        summary: event.summary.slice(0, 2000),
        before: event.before == null ? null : JSON.stringify(event.before),
        after: event.after == null ? null : JSON.stringify(event.after),
      })),
    )
    .execute();
}

/** A user of an LMS by login ID (case-insensitive). */
export async function findUserByLogin(db: Db, lmsKey: number, login: string) {
  return db
    .selectFrom('appUser')
    .select(['userKey', 'userId', 'lmsKey'])
    .where('lmsKey', '=', lmsKey)
    .where(sql<string>`lower(user_id)`, '=', login.toLowerCase())
    .executeTakeFirst();
}

/** Takes a user's staff role away; returns what they held, or null when they held none. */
export async function deleteStaffMember(db: Db | Transaction<Database>, userKey: number) {
  const row = await db
    .deleteFrom('staffMember')
    .where('userKey', '=', userKey)
    .returning(['roleKey', 'restrictionGroups'])
    .executeTakeFirst();
  return row ?? null;
}

/** The staff of an LMS, with role names, by login. */
export async function listStaff(db: Db, lmsKey: number) {
  return db
    .selectFrom('staffMember')
    .innerJoin('appUser', 'appUser.userKey', 'staffMember.userKey')
    .innerJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
    .select([
      'appUser.userKey',
      'appUser.userId',
      'appUser.displayName',
      'staffRole.roleKey',
      'staffRole.name as roleName',
      'staffMember.restrictionGroups',
    ])
    .where('appUser.lmsKey', '=', lmsKey)
    .orderBy(sql`lower(app_user.user_id)`)
    .execute();
}
