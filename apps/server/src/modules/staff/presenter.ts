import type { Permissions } from '@waypoint/domain/contract';
import type { ConsoleMe } from '@waypoint/domain/console-contract';
import type { StaffContext } from './service.js';

/** §3 Permissions of a staff member: their role's flags, with their scope and user fields. */
export function presentStaffPermissions(staff: StaffContext): Permissions {
  return {
    name: staff.displayName,
    lmsKey: staff.lmsKey,
    userType: staff.userType,
    restrictionGroups: staff.restrictionGroups,
    peerLevel: 0,
    isStudent: staff.isStudent,
    ...staff.permissions,
  };
}

/** GET /api/console/me. */
export function presentConsoleMe(staff: StaffContext, sessionIdleMinutes: number): ConsoleMe {
  return {
    user: {
      userKey: staff.userKey,
      userID: staff.userId,
      displayName: staff.displayName,
      email: staff.email,
    },
    role: { roleKey: staff.roleKey, name: staff.roleName, builtIn: staff.builtIn },
    permissions: presentStaffPermissions(staff),
    restrictionGroups: staff.restrictionGroups,
    lms: { lmsKey: staff.lmsKey, lmsCode: staff.lmsCode, name: staff.lmsName },
    sessionIdleMinutes,
  };
}
