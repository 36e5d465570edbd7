/** Maps operator rows to the fields the CLI prints and the operator API returns. */

export function presentLms(row: {
  lmsKey: number;
  lmsCode: string;
  lmsName: string;
  lmsDisplayName: string;
  isDefault: boolean;
}) {
  return {
    lmsKey: row.lmsKey,
    code: row.lmsCode,
    name: row.lmsName,
    displayName: row.lmsDisplayName,
    isDefault: row.isDefault,
  };
}

export function presentUser(
  row: {
    userKey: number;
    userId: string;
    email: string;
    nameOther: string;
    nameCollated: string;
    displayName: string;
    employeeId: string;
    base: string;
    position: string;
    fleet: string;
    isStudent: boolean;
    mfaEnabled: boolean;
    inactive: number;
  },
  hasPassword: boolean,
) {
  return {
    userKey: row.userKey,
    login: row.userId,
    email: row.email,
    givenName: row.nameOther,
    familyName: row.nameCollated,
    displayName: row.displayName,
    employeeId: row.employeeId,
    base: row.base,
    position: row.position,
    fleet: row.fleet,
    isStudent: row.isStudent,
    mfa: row.mfaEnabled,
    inactive: row.inactive !== 0,
    hasPassword,
  };
}
