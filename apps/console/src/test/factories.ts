import { BUILT_IN_ROLES, type BuiltInRole } from '@waypoint/domain/staff';
import type { LmsInfo, UserDetails } from '@waypoint/domain/contract';
import type { ConsoleMe } from '@waypoint/domain/console-contract';

/** Spec §3 User details as POST /api/Login answers them; sessionID 'MFA' asks for a code. */
export function buildUserDetails(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    lmsKey: 1,
    userType: 1,
    employeeID: 'E-100',
    base: 'LHR',
    position: 'Training manager',
    fleet: '',
    restrictionGroup: '',
    userKey: 7,
    userID: 'admin',
    email: 'admin@example.com',
    nameCollated: 'Lovelace, Ada',
    nameOther: '',
    displayName: 'Ada Lovelace',
    sessionID: 'session-abc',
    mfaID: null,
    rememberDeviceTime: null,
    phone: '',
    inactive: 0,
    isStudent: false,
    ...overrides,
  };
}

/** GET /api/console/me for a built-in role. */
export function buildMe(
  role: BuiltInRole = 'administrator',
  overrides: Partial<ConsoleMe> = {},
): ConsoleMe {
  const builtIn = BUILT_IN_ROLES[role];
  const restrictionGroups = overrides.restrictionGroups ?? [];
  return {
    user: { userKey: 7, userID: 'admin', displayName: 'Ada Lovelace', email: 'admin@example.com' },
    role: { roleKey: 1, name: builtIn.name, builtIn: role },
    permissions: {
      name: 'Ada Lovelace',
      lmsKey: 1,
      userType: 1,
      restrictionGroups,
      peerLevel: 1,
      isStudent: false,
      ...builtIn.permissions,
    },
    restrictionGroups,
    lms: { lmsKey: 1, lmsCode: 'demo', name: 'Demo Aviation Academy' },
    sessionIdleMinutes: 15,
    ...overrides,
  };
}

/** Public LMS info (GET /api/PublicInfo/LMS/Info/). */
export function buildLmsInfo(overrides: Partial<LmsInfo> = {}): LmsInfo {
  return {
    lmsKey: 1,
    lmsName: 'Demo Aviation Academy',
    lmsDisplayName: 'Demo Aviation Academy',
    lmsShortName: 'Demo',
    lmsCode: 'demo',
    customerID: 1,
    obsolete: 0,
    sandbox: 0,
    adminLocked: 0,
    studentLocked: 0,
    defaultLanguage: 'en',
    billingType: 0,
    themeName: '',
    themePrimaryColor: '',
    themeLogoURL: '',
    themeURL: '',
    showDashboard: 1,
    rebrand2021: 0,
    enforceCurriculumPrerequisitesToggle: 0,
    hideCPaTLogin: 1,
    ssoEnabled: false,
    ...overrides,
  };
}
