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

// Spec §4: a due date 100 years or more ahead is 'Open'; the default duration is far beyond that.
const OPEN_AFTER_MS = 100 * 365.25 * 24 * 60 * 60 * 1000;

/** What `assign` reports: the assignment key, its start and due instant (null when open-ended). */
export function presentAssignment(row: {
  lms: string;
  login: string;
  curriculum: { curriculumKey: number; name: string };
  assignment: {
    assignmentKey: number;
    startDate: Date | string;
    durationMs: number;
    created: boolean;
  };
}) {
  const start = new Date(row.assignment.startDate);
  const end = new Date(start.getTime() + Number(row.assignment.durationMs));
  return {
    assignmentKey: row.assignment.assignmentKey,
    created: row.assignment.created,
    lms: row.lms,
    login: row.login,
    curriculum: row.curriculum,
    startDate: start.toISOString(),
    durationMs: Number(row.assignment.durationMs),
    dueDate: Number(row.assignment.durationMs) >= OPEN_AFTER_MS ? null : end.toISOString(),
  };
}
