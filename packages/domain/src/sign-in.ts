/**
 * "May this person sign in": the one rule every way into the panel applies (spec §4 'Login and
 * session', §5 Login, §6 Roles and permissions; docs/decisions/0009 "One sign-in rule").
 *
 * Three refusals, checked in this order:
 * - studentLocked: the LMS's studentLocked equals 1 (§4 step 3, §5 Login). A value below 0 is the
 *   panel's own LMS-data error (§3 LMS info), not a refusal here.
 * - inactive: the user's inactive is not 0. Refused on every path alike.
 * - notStudent: not (isStudent and userType 0 or more) (§6, §4 step 2).
 *
 * Where the rule differs by path (SIGN_IN_PATHS), it is because of where the path sits, not drift:
 * - password: the lock, before the user is even read; no student check, because a non-student is
 *   signed in and the panel then reads Permissions and logs out with §6's message (§4 step 2).
 * - sso: the lock and the student check both, since no panel step follows the IdP's answer that
 *   could refuse a non-student before a session exists (docs/decisions/0016).
 * - mfa: finishing a challenge a password login started; the lock and student access were that
 *   login's part, so only inactive is checked again (as before this rule existed).
 * - session: any signed-in user (permissions, logout, the session check): inactive only; a lock
 *   set later refuses new logins, it does not end sessions (§4 step 3 is a login rule).
 * - student-session: a student route or a form post into a window: inactive and the student check.
 * - launch-reauthentication: the live-verification step inside a student session: as
 *   student-session, read again from the user row because it may have changed since.
 * - console-*: the staff console's password login, SSO, MFA completion and session, as the
 *   panel's paths of the same name, with adminLocked for the lock and a staff role for access
 *   (notStaff, after inactive). A staff member need not be a student (docs/decisions/0021).
 */

/** A way into the panel that applies the sign-in rule. */
export type PanelSignInPath =
  'password' | 'sso' | 'mfa' | 'session' | 'student-session' | 'launch-reauthentication';

/**
 * A way into the staff console (docs/decisions/0021): the same steps as the panel's, with the
 * LMS's adminLocked in place of studentLocked and a staff role in place of student access.
 */
export type ConsoleSignInPath =
  'console-password' | 'console-sso' | 'console-mfa' | 'console-session';

/** A way into the panel or the console that applies the sign-in rule. */
export type SignInPath = PanelSignInPath | ConsoleSignInPath;

/** Why a person may not sign in (see the module comment for the order). */
export type SignInRefusal =
  'studentLocked' | 'adminLocked' | 'inactive' | 'notStudent' | 'notStaff';

/** What the rule reads of a user (a user row, a session's row). */
export interface SignInUser {
  inactive: number;
  isStudent: boolean;
  userType: number;
  /** Holds a staff role (table staff_member); read by the console's paths only. */
  isStaff?: boolean;
}

/** What the rule reads of the LMS the sign-in is for. */
export interface SignInLms {
  studentLocked: number;
  /** The console's lock (§3 LMS adminLocked); read by the console's paths only. */
  adminLocked?: number;
}

/** Allowed, or the first refusal with the spec's words for it. */
export type SignInVerdict =
  { allowed: true } | { allowed: false; reason: SignInRefusal; message: string };

/**
 * The spec's words for each refusal, as the password login and single sign-on answer them:
 * §4 Login screen (locked), §8 Login 401 'Incorrect login.' (inactive: the same answer as a wrong
 * password, so it tells nothing about the account), §6 (not a student). Paths whose answer is not
 * a sign-in message (an MFA code, a session, a launch window) show their own text instead.
 */
export const SIGN_IN_REFUSAL_MESSAGES: Readonly<Record<SignInRefusal, string>> = {
  studentLocked: 'Please contact your training department for access.',
  inactive: 'Incorrect login.',
  notStudent: 'You do not have student access.',
  adminLocked: 'The staff console of this LMS is locked. Please contact your administrator.',
  notStaff: 'You do not have staff access.',
};

/** Which checks each path applies besides inactive, which every path applies (module comment). */
export const SIGN_IN_PATHS: Readonly<
  Record<
    SignInPath,
    { readonly lmsLock: boolean; readonly studentOnly: boolean; readonly console?: true }
  >
> = {
  password: { lmsLock: true, studentOnly: false },
  sso: { lmsLock: true, studentOnly: true },
  mfa: { lmsLock: false, studentOnly: false },
  session: { lmsLock: false, studentOnly: false },
  'student-session': { lmsLock: false, studentOnly: true },
  'launch-reauthentication': { lmsLock: false, studentOnly: true },
  // The console's: lmsLock reads adminLocked, and every one needs a staff role.
  'console-password': { lmsLock: true, studentOnly: false, console: true },
  'console-sso': { lmsLock: true, studentOnly: false, console: true },
  'console-mfa': { lmsLock: false, studentOnly: false, console: true },
  'console-session': { lmsLock: false, studentOnly: false, console: true },
};

// Student access (§6): flagged as student, with userType 0 or more.
const hasStudentAccess = (user: SignInUser): boolean => user.isStudent && user.userType >= 0;

const refuse = (reason: SignInRefusal): SignInVerdict => ({
  allowed: false,
  reason,
  message: SIGN_IN_REFUSAL_MESSAGES[reason],
});

/**
 * May this person sign in to `lms` by `path`? `user` is null before the person is known (the
 * password login and SSO check the LMS's lock first): then only the LMS's part applies.
 */
export function signInAllowed(
  user: SignInUser | null,
  lms: SignInLms,
  path: SignInPath,
): SignInVerdict {
  const checks = SIGN_IN_PATHS[path];
  if (checks.console) {
    if (checks.lmsLock && lms.adminLocked === 1) return refuse('adminLocked');
  } else if (checks.lmsLock && lms.studentLocked === 1) return refuse('studentLocked');
  if (user === null) return { allowed: true };
  if (user.inactive !== 0) return refuse('inactive');
  if (checks.studentOnly && !hasStudentAccess(user)) return refuse('notStudent');
  if (checks.console && user.isStaff !== true) return refuse('notStaff');
  return { allowed: true };
}
