/**
 * Who a console request acts as (docs/decisions/0021): a staff member's role, its §3 Permissions
 * flags (a built-in role's from the code, so an upgrade can change them; a made role's as stored)
 * and the restriction groups that scope them.
 */
import {
  BUILT_IN_ROLES,
  readPermissionSet,
  type BuiltInRole,
  type PermissionSet,
} from '@waypoint/domain/staff';
import type { Db } from '../../db/connection.js';
import { findStaffMember, isStaffMember, type StaffMemberRow } from './repo.js';

/** What a staff route knows of who is calling, on `request.staff`. */
export interface StaffContext {
  sessionHash: string;
  userKey: number;
  lmsKey: number;
  lmsCode: string;
  lmsName: string;
  userId: string;
  displayName: string;
  email: string;
  isStudent: boolean;
  userType: number;
  roleKey: number;
  roleName: string;
  builtIn: BuiltInRole | null;
  permissions: PermissionSet;
  /** The restriction groups whose students this person sees; empty = the whole LMS (§3). */
  restrictionGroups: string[];
}

const BUILT_IN = new Set<string>(Object.keys(BUILT_IN_ROLES));

/** A role's flags: a built-in role's from BUILT_IN_ROLES, a made role's as stored. */
export function roleFlags(role: { builtIn: string | null; permissions: unknown }): PermissionSet {
  return role.builtIn !== null && BUILT_IN.has(role.builtIn)
    ? BUILT_IN_ROLES[role.builtIn as BuiltInRole].permissions
    : readPermissionSet(role.permissions);
}

function contextOf(row: StaffMemberRow, sessionHash: string): StaffContext {
  return {
    sessionHash,
    userKey: row.userKey,
    lmsKey: row.lmsKey,
    lmsCode: row.lmsCode,
    lmsName: row.lmsDisplayName,
    userId: row.userId,
    displayName: row.displayName || `${row.nameOther} ${row.nameCollated}`.trim() || row.userId,
    email: row.email,
    isStudent: row.isStudent,
    userType: row.userType,
    roleKey: row.roleKey,
    roleName: row.roleName,
    builtIn:
      row.builtIn !== null && BUILT_IN.has(row.builtIn) ? (row.builtIn as BuiltInRole) : null,
    permissions: roleFlags(row),
    restrictionGroups: row.restrictionGroups,
  };
}

/** The staff context of a signed-in user, or null when they hold no staff role (any more). */
export async function staffContext(
  deps: { db: Db },
  userKey: number,
  sessionHash: string,
): Promise<StaffContext | null> {
  const row = await findStaffMember(deps.db, userKey);
  return row ? contextOf(row, sessionHash) : null;
}

/** Whether a user holds a staff role (the console's sign-in rule reads it). */
export function isStaff(deps: { db: Db }, userKey: number): Promise<boolean> {
  return isStaffMember(deps.db, userKey);
}
