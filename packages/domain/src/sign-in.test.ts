import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_PATHS,
  SIGN_IN_REFUSAL_MESSAGES,
  signInAllowed,
  type SignInLms,
  type SignInPath,
  type SignInRefusal,
  type SignInUser,
} from './sign-in.js';

const student: SignInUser = { inactive: 0, isStudent: true, userType: 0 };
const open: SignInLms = { studentLocked: 0 };
const locked: SignInLms = { studentLocked: 1 };

// The panel's paths; the console's have their own table below.
const ALL_PATHS = (Object.keys(SIGN_IN_PATHS) as SignInPath[]).filter(
  (path) => !SIGN_IN_PATHS[path].console,
);
const LOCK_PATHS: SignInPath[] = ['password', 'sso'];
const STUDENT_PATHS: SignInPath[] = ['sso', 'student-session', 'launch-reauthentication'];

interface Row {
  spec: string;
  user: SignInUser | null;
  lms: SignInLms;
  /** The paths that refuse, with this reason; every other path allows. */
  refusedOn: SignInPath[];
  reason?: SignInRefusal;
  /** The paths the row does not list refuse for this reason instead of allowing. */
  elsewhere?: SignInRefusal;
}

const rows: Row[] = [
  {
    spec: '§6 "Requires isStudent and userType 0 or more": a student of an open LMS',
    user: student,
    lms: open,
    refusedOn: [],
  },
  {
    spec: '§6 "userType of 0 or more": userType above 0 is still a student',
    user: { ...student, userType: 2 },
    lms: open,
    refusedOn: [],
  },
  {
    spec: '§4 "Blocked when studentLocked equals 1" (login paths only; a session is not a login)',
    user: student,
    lms: locked,
    refusedOn: LOCK_PATHS,
    reason: 'studentLocked',
  },
  {
    spec: '§5 "Login: blocked when studentLocked equals 1", before the user is known',
    user: null,
    lms: locked,
    refusedOn: LOCK_PATHS,
    reason: 'studentLocked',
  },
  {
    spec: '§3 "studentLocked below 0 shows an error" (the panel\'s), not the locked refusal',
    user: student,
    lms: { studentLocked: -1 },
    refusedOn: [],
  },
  {
    spec: '§3 User details "inactive": an inactive user is refused on every path',
    user: { ...student, inactive: 1 },
    lms: open,
    refusedOn: ALL_PATHS,
    reason: 'inactive',
  },
  {
    spec: '§4 "Blocked when studentLocked equals 1" comes before inactive',
    user: { ...student, inactive: 1 },
    lms: locked,
    refusedOn: LOCK_PATHS,
    reason: 'studentLocked',
    elsewhere: 'inactive',
  },
  {
    spec: '§6 "Only the student role. Requires isStudent": isStudent false',
    user: { ...student, isStudent: false },
    lms: open,
    refusedOn: STUDENT_PATHS,
    reason: 'notStudent',
  },
  {
    spec: '§1 "Only users flagged as student with userType of 0 or more": userType -1',
    user: { ...student, userType: -1 },
    lms: open,
    refusedOn: STUDENT_PATHS,
    reason: 'notStudent',
  },
  {
    spec: '§3 User details "inactive" is checked before §6 student access',
    user: { inactive: 1, isStudent: false, userType: -1 },
    lms: open,
    refusedOn: ALL_PATHS,
    reason: 'inactive',
  },
];

describe('signInAllowed', () => {
  for (const row of rows) {
    for (const path of ALL_PATHS) {
      const reason = row.refusedOn.includes(path) ? row.reason : row.elsewhere;
      it(`${row.spec} -> ${path}: ${reason ?? 'allowed'}`, () => {
        const verdict = signInAllowed(row.user, row.lms, path);
        if (reason === undefined) {
          expect(verdict).toEqual({ allowed: true });
          return;
        }
        expect(verdict).toEqual({
          allowed: false,
          reason,
          message: SIGN_IN_REFUSAL_MESSAGES[reason],
        });
      });
    }
  }

  it("answers with the spec's words (§4 Login screen, §8 Login, §6)", () => {
    expect(SIGN_IN_REFUSAL_MESSAGES).toMatchObject({
      studentLocked: 'Please contact your training department for access.',
      inactive: 'Incorrect login.',
      notStudent: 'You do not have student access.',
    });
  });
});

const CONSOLE_PATHS = (Object.keys(SIGN_IN_PATHS) as SignInPath[]).filter(
  (path) => SIGN_IN_PATHS[path].console,
);
const CONSOLE_LOCK_PATHS: SignInPath[] = ['console-password', 'console-sso'];
const staff: SignInUser = { inactive: 0, isStudent: false, userType: -1, isStaff: true };

// docs/decisions/0021: the console's paths, each row's verdict on every console path.
const consoleRows: Row[] = [
  {
    spec: 'a staff member who is not a student may use the console',
    user: staff,
    lms: open,
    refusedOn: [],
  },
  {
    spec: 'a staff member who is also a student may use the console',
    user: { ...student, isStaff: true },
    lms: open,
    refusedOn: [],
  },
  {
    spec: '§6 student access is not staff access',
    user: student,
    lms: open,
    refusedOn: CONSOLE_PATHS,
    reason: 'notStaff',
  },
  {
    spec: '§3 LMS studentLocked locks the panel, not the console',
    user: staff,
    lms: locked,
    refusedOn: [],
  },
  {
    spec: '§3 LMS adminLocked locks new console sign-ins, not sessions',
    user: staff,
    lms: { studentLocked: 0, adminLocked: 1 },
    refusedOn: CONSOLE_LOCK_PATHS,
    reason: 'adminLocked',
  },
  {
    spec: 'the lock is read before the person is known',
    user: null,
    lms: { studentLocked: 0, adminLocked: 1 },
    refusedOn: CONSOLE_LOCK_PATHS,
    reason: 'adminLocked',
  },
  {
    spec: '§3 User details inactive ends staff access on every path',
    user: { ...staff, inactive: 1 },
    lms: open,
    refusedOn: CONSOLE_PATHS,
    reason: 'inactive',
  },
];

describe('signInAllowed on the console paths', () => {
  for (const row of consoleRows) {
    for (const path of CONSOLE_PATHS) {
      const reason = row.refusedOn.includes(path) ? row.reason : undefined;
      it(`${row.spec} -> ${path}: ${reason ?? 'allowed'}`, () => {
        const verdict = signInAllowed(row.user, row.lms, path);
        expect(verdict).toEqual(
          reason === undefined
            ? { allowed: true }
            : { allowed: false, reason, message: SIGN_IN_REFUSAL_MESSAGES[reason] },
        );
      });
    }
  }

  it('an adminLocked LMS still lets students into the panel', () => {
    expect(signInAllowed(student, { studentLocked: 0, adminLocked: 1 }, 'password')).toEqual({
      allowed: true,
    });
  });
});
