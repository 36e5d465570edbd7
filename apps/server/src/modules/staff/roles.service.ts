/**
 * The console's roles and staff (docs/decisions/0021): roles as sets of §3 Permissions flags
 * (built-in ones read-only), who is staff with which role and restriction groups, and the rules
 * that keep an LMS administrable: never without an administrator, nobody given a wider scope
 * than the one giving it. Every change is recorded in the audit log in its own transaction.
 */
import {
  BUILT_IN_ROLE_NAMES,
  leavesNoAdministrator,
  normaliseRestrictionGroups,
  PERMISSION_FLAGS,
  permissionSet,
  scopeWithin,
  type PermissionFlag,
  type PermissionSet,
} from '@waypoint/domain/staff';
import type { MessageBody } from '@waypoint/domain/contract';
import type {
  RoleBody,
  StaffBody,
  StaffCandidateList,
  StaffList,
  StaffMember,
  StaffRole,
  StaffRoleList,
} from '@waypoint/domain/console-contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { endUserSessions } from '../sessions/service.js';
import type { SessionCache } from '../sessions/cache.js';
import { recordAudit, type AuditActor } from './audit.js';
import { deleteStaffMember, upsertStaffMember } from './repo.js';
import * as repo from './roles.repo.js';
import { requireInScope } from './scope.js';
import { roleFlags, type StaffContext } from './service.js';

export interface RolesDeps {
  db: Db;
  clock: Clock;
  state: { sessionCache: SessionCache };
}

export const BUILT_IN_READ_ONLY_MESSAGE = 'Built-in roles cannot be changed.';
export const NO_SUCH_ROLE_MESSAGE = 'No such role.';
export const LAST_ADMINISTRATOR_MESSAGE =
  'The last administrator of this LMS cannot be removed or given another role.';
export const WIDER_SCOPE_MESSAGE = 'You cannot give anyone restriction groups beyond your own.';

const granted = (permissions: PermissionSet): PermissionFlag[] =>
  PERMISSION_FLAGS.filter((flag) => permissions[flag]);

/** What the log keeps of a role: its name and the flags it grants. */
const roleRecord = (role: { name: string; permissions: PermissionSet }) => ({
  name: role.name,
  flags: granted(role.permissions),
});

const builtInOrder = (builtIn: string | null) => {
  const at = BUILT_IN_ROLE_NAMES.indexOf(builtIn as never);
  return at < 0 ? BUILT_IN_ROLE_NAMES.length : at;
};

/** The roles of the staff member's LMS: built-in ones first, in their order, then made ones. */
export async function listRoles(deps: RolesDeps, staff: StaffContext): Promise<StaffRoleList> {
  const rows = await repo.listRoles(deps.db, staff.lmsKey);
  const roles = rows.map((row): StaffRole => ({
    roleKey: row.roleKey,
    name: row.name,
    builtIn: row.builtIn,
    permissions: roleFlags(row),
    holders: Number(row.holders),
  }));
  roles.sort(
    (a, b) =>
      builtInOrder(a.builtIn) - builtInOrder(b.builtIn) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
  return { roles };
}

/** A role body checked: its name trimmed and not blank, every flag present. */
function checkedRole(body: RoleBody): { name: string; permissions: PermissionSet } {
  const name = body.name.trim();
  if (name === '') throw new HttpError(400, 'A role needs a name.');
  const flags = PERMISSION_FLAGS.filter((flag) => body.permissions[flag] === true);
  return { name, permissions: permissionSet(flags) };
}

const nameTaken = (name: string) => new HttpError(409, `A role named '${name}' exists already.`);

/** Runs a change, answering a unique-name clash that slipped past the check as 409. */
async function uniqueName<T>(name: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw nameTaken(name);
    throw error;
  }
}

/** Makes a role with a name and flags. */
export async function createRole(
  deps: RolesDeps,
  staff: StaffContext,
  actor: AuditActor,
  body: RoleBody,
): Promise<StaffRole> {
  const role = checkedRole(body);
  return uniqueName(role.name, () =>
    deps.db.transaction().execute(async (trx) => {
      if (await repo.roleNamed(trx, staff.lmsKey, role.name)) throw nameTaken(role.name);
      const { roleKey } = await repo.insertRole(trx, {
        lmsKey: staff.lmsKey,
        name: role.name,
        permissions: role.permissions,
        now: deps.clock.now(),
      });
      await recordAudit(trx, deps, actor, [
        {
          lmsKey: staff.lmsKey,
          action: 'staff.role.create',
          targetType: 'role',
          targetKey: roleKey,
          summary: `Made role ${role.name}`,
          after: roleRecord(role),
        },
      ]);
      return { roleKey, name: role.name, builtIn: null, permissions: role.permissions, holders: 0 };
    }),
  );
}

/** A made role of the staff member's LMS, locked; 404 for another LMS's, 409 for a built-in. */
async function madeRole(db: Db | Transaction<Database>, staff: StaffContext, roleKey: number) {
  const role = await repo.roleByKey(db, staff.lmsKey, roleKey, true);
  if (!role) throw new HttpError(404, NO_SUCH_ROLE_MESSAGE);
  if (role.builtIn !== null) throw new HttpError(409, BUILT_IN_READ_ONLY_MESSAGE);
  return role;
}

/** Changes a made role's name and flags. */
export async function updateRole(
  deps: RolesDeps,
  staff: StaffContext,
  actor: AuditActor,
  roleKey: number,
  body: RoleBody,
): Promise<StaffRole> {
  const role = checkedRole(body);
  return uniqueName(role.name, () =>
    deps.db.transaction().execute(async (trx) => {
      const current = await madeRole(trx, staff, roleKey);
      if (await repo.roleNamed(trx, staff.lmsKey, role.name, roleKey)) throw nameTaken(role.name);
      const before = roleRecord({ name: current.name, permissions: roleFlags(current) });
      const after = roleRecord(role);
      const holders = await repo.roleHolders(trx, roleKey);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await repo.updateRole(trx, roleKey, role);
        await recordAudit(trx, deps, actor, [
          {
            lmsKey: staff.lmsKey,
            action: 'staff.role.update',
            targetType: 'role',
            targetKey: roleKey,
            summary:
              current.name === role.name
                ? `Changed role ${role.name}`
                : `Changed role ${current.name} (now ${role.name})`,
            before,
            after,
          },
        ]);
      }
      return { roleKey, name: role.name, builtIn: null, permissions: role.permissions, holders };
    }),
  );
}

/** Deletes a made role that nobody holds. */
export async function deleteRole(
  deps: RolesDeps,
  staff: StaffContext,
  actor: AuditActor,
  roleKey: number,
): Promise<MessageBody> {
  return deps.db.transaction().execute(async (trx) => {
    const role = await madeRole(trx, staff, roleKey);
    const holders = await repo.roleHolders(trx, roleKey);
    if (holders > 0) {
      throw new HttpError(
        409,
        `${holders === 1 ? 'One staff member holds' : `${holders} staff members hold`} this role: give ${holders === 1 ? 'them' : 'each'} another role first.`,
      );
    }
    await repo.deleteRole(trx, roleKey);
    await recordAudit(trx, deps, actor, [
      {
        lmsKey: staff.lmsKey,
        action: 'staff.role.delete',
        targetType: 'role',
        targetKey: roleKey,
        summary: `Deleted role ${role.name}`,
        before: roleRecord({ name: role.name, permissions: roleFlags(role) }),
      },
    ]);
    return { statusCode: 200, message: `Role '${role.name}' deleted.` };
  });
}

const nameOf = (row: {
  displayName: string;
  nameOther: string;
  nameCollated: string;
  userId: string;
}) => row.displayName || `${row.nameOther} ${row.nameCollated}`.trim() || row.userId;

function presentMember(row: repo.StaffMemberListRow): StaffMember {
  return {
    userKey: row.userKey,
    userID: row.userId,
    displayName: nameOf(row),
    email: row.email,
    role: { roleKey: row.roleKey, name: row.roleName, builtIn: row.builtIn },
    restrictionGroups: row.restrictionGroups,
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
  };
}

/** The staff of the LMS. */
export async function listStaff(deps: RolesDeps, staff: StaffContext): Promise<StaffList> {
  const rows = await repo.listStaffMembers(deps.db, staff.lmsKey);
  return { staff: rows.map(presentMember) };
}

/** People within scope a staff member could make staff (the console's search). */
export async function searchCandidates(
  deps: RolesDeps,
  staff: StaffContext,
  text: string,
): Promise<StaffCandidateList> {
  const query = text.trim();
  if (query === '') throw new HttpError(400, 'Type part of a login, name or email.');
  const rows = await repo.searchPeople(deps.db, staff, query, 20);
  return {
    people: rows.map((row) => ({
      userKey: row.userKey,
      userID: row.userId,
      displayName: nameOf(row),
      email: row.email,
      restrictionGroup: row.restrictionGroup,
      roleName: row.roleName,
    })),
  };
}

/** What the log keeps of someone's staff role. */
const memberRecord = (member: {
  roleKey: number;
  roleName: string;
  restrictionGroups: string[];
}) => ({
  roleKey: member.roleKey,
  role: member.roleName,
  restrictionGroups: member.restrictionGroups,
});

/**
 * Makes a person of the LMS staff, or changes their role and restriction groups. The person must
 * be within the actor's scope (404 otherwise, scope.ts), the groups within the actor's own, and
 * the LMS keeps at least one administrator.
 */
export async function setStaff(
  deps: RolesDeps,
  staff: StaffContext,
  actor: AuditActor,
  userKey: number,
  body: StaffBody,
): Promise<StaffMember> {
  const groups = normaliseRestrictionGroups(body.restrictionGroups);
  if (!groups.ok) throw new HttpError(400, groups.message);
  const restrictionGroups = groups.groups;
  await deps.db.transaction().execute(async (trx) => {
    const person = requireInScope(staff, await repo.personOf(trx, userKey));
    const role = await repo.roleByKey(trx, staff.lmsKey, body.roleKey);
    if (!role) throw new HttpError(400, 'No such role in this LMS.');
    if (!scopeWithin(staff.restrictionGroups, restrictionGroups)) {
      throw new HttpError(403, WIDER_SCOPE_MESSAGE);
    }
    const administrators = await repo.lockAdministrators(trx, staff.lmsKey);
    const current = await repo.currentMembership(trx, userKey);
    const change = {
      holdsNow: administrators.includes(userKey),
      holdsAfter: role.builtIn === 'administrator',
      administrators: administrators.length,
    };
    if (leavesNoAdministrator(change)) throw new HttpError(409, LAST_ADMINISTRATOR_MESSAGE);
    const after = memberRecord({ roleKey: role.roleKey, roleName: role.name, restrictionGroups });
    const before = current ? memberRecord(current) : null;
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await upsertStaffMember(trx, {
      userKey,
      roleKey: role.roleKey,
      restrictionGroups,
      now: deps.clock.now(),
    });
    const scope = restrictionGroups.length ? ` of ${restrictionGroups.join(', ')}` : '';
    await recordAudit(trx, deps, actor, [
      {
        lmsKey: staff.lmsKey,
        action: 'staff.set',
        targetType: 'user',
        targetKey: userKey,
        summary: current
          ? `${person.userId} is now ${role.name}${scope} (was ${current.roleName})`
          : `${person.userId} made ${role.name}${scope}`,
        before,
        after,
      },
    ]);
  });
  const member = await repo.staffMemberOf(deps.db, staff.lmsKey, userKey);
  if (!member) throw new HttpError(409, 'The staff member was removed meanwhile.');
  return presentMember(member);
}

/**
 * Takes a person's staff role away; their sessions end everywhere (a staff role is what opened
 * their console session). The LMS keeps at least one administrator.
 */
export async function removeStaff(
  deps: RolesDeps,
  staff: StaffContext,
  actor: AuditActor,
  userKey: number,
): Promise<MessageBody> {
  const person = await deps.db.transaction().execute(async (trx) => {
    const found = requireInScope(staff, await repo.personOf(trx, userKey));
    const administrators = await repo.lockAdministrators(trx, staff.lmsKey);
    const current = await repo.currentMembership(trx, userKey);
    if (!current) throw new HttpError(404, `${found.userId} is not staff.`);
    const change = {
      holdsNow: administrators.includes(userKey),
      holdsAfter: false,
      administrators: administrators.length,
    };
    if (leavesNoAdministrator(change)) throw new HttpError(409, LAST_ADMINISTRATOR_MESSAGE);
    await deleteStaffMember(trx, userKey);
    await recordAudit(trx, deps, actor, [
      {
        lmsKey: staff.lmsKey,
        action: 'staff.remove',
        targetType: 'user',
        targetKey: userKey,
        summary: `${found.userId} is no longer staff (was ${current.roleName})`,
        before: memberRecord(current),
      },
    ]);
    return found;
  });
  await endUserSessions(deps, userKey);
  return { statusCode: 200, message: `${person.userId} is no longer staff.` };
}
