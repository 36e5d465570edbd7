import { Permissions, type UserDetails } from '@waypoint/domain/contract';
import type { UserRow } from './repo.js';

/** A user row as spec §3 User details, with the session id the client is to use. */
export function presentUserDetails(user: UserRow, sessionID: string): UserDetails {
  return {
    lmsKey: user.lmsKey,
    userType: user.userType,
    employeeID: user.employeeId,
    base: user.base,
    position: user.position,
    fleet: user.fleet,
    restrictionGroup: user.restrictionGroup,
    userKey: user.userKey,
    userID: user.userId,
    email: user.email,
    nameCollated: user.nameCollated,
    nameOther: user.nameOther,
    displayName: user.displayName,
    sessionID,
    mfaID: null,
    rememberDeviceTime: null,
    phone: user.phone,
    inactive: user.inactive,
    isStudent: user.isStudent,
  };
}

/**
 * The login answer while an MFA code is still needed: the MFA marker, the challenge id and the
 * remember time. Nothing about the user goes out before the second factor.
 */
export function presentMfaPending(
  lmsKey: number,
  marker: string,
  mfaID: string,
  rememberDeviceTime: number,
): UserDetails {
  return {
    lmsKey,
    userType: 0,
    employeeID: '',
    base: '',
    position: '',
    fleet: '',
    restrictionGroup: '',
    userKey: 0,
    userID: '',
    email: '',
    nameCollated: '',
    nameOther: '',
    displayName: '',
    sessionID: marker,
    mfaID,
    rememberDeviceTime,
    phone: '',
    inactive: 0,
    isStudent: false,
  };
}

// The flags of spec §3 are the boolean fields of Permissions besides isAdmin and isStudent.
type PermissionFlag = Exclude<
  {
    [Name in keyof Permissions]: Permissions[Name] extends boolean ? Name : never;
  }[keyof Permissions],
  'isAdmin' | 'isStudent'
>;
const NOT_FLAGS = new Set([
  'name',
  'lmsKey',
  'userType',
  'restrictionGroups',
  'peerLevel',
  'isAdmin',
  'isStudent',
]);

// Every permission flag of spec §3 besides isAdmin and isStudent (all false in the student panel).
const PERMISSION_FLAGS = Object.keys(Permissions.properties).filter(
  (name) => !NOT_FLAGS.has(name),
) as PermissionFlag[];

/** Spec §3 Permissions: the student panel grants no admin flag; isStudent and userType are the user's. */
export function presentPermissions(user: UserRow): Permissions {
  // Built from the schema's own list, so a flag added there is sent (false) without a change here.
  const flags = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])) as Record<
    PermissionFlag,
    false
  >;
  return {
    name: user.displayName || `${user.nameOther} ${user.nameCollated}`.trim() || user.userId,
    lmsKey: user.lmsKey,
    userType: user.userType,
    restrictionGroups: user.restrictionGroup === '' ? [] : [user.restrictionGroup],
    peerLevel: 0,
    isAdmin: false,
    isStudent: user.isStudent,
    ...flags,
  };
}
