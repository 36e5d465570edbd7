/**
 * Every server address the panel calls, in one typed table (spec §7). Paths are relative to the
 * service base `/lms`; every API call sits under its `/api` prefix, the ping does not.
 */

/** The service base path (spec §7). */
export const SERVICE_BASE = '/lms';

const enc = encodeURIComponent;

export const apiPaths = {
  login: () => '/api/Login',
  session: (sessionId: string) => `/api/Login/${enc(sessionId)}`,
  permissions: () => '/api/permissions',
  lmsInfo: () => '/api/PublicInfo/LMS/Info/',
  studentInfo: () => '/api/WaypointInformation/StudentInfo/all',
  passwordResetEmail: (address: string) =>
    `/api/PasswordReset/VALIDATE_EMAIL/${enc(address)}?fromStudentpanel=true`,
  passwordResetToken: (token: string, email: string) =>
    `/api/PasswordReset/VALIDATE_TOKEN/${enc(token)}/${enc(email)}`,
  passwordReset: (token: string, email: string) => `/api/PasswordReset/${enc(token)}/${enc(email)}`,
  validateMfaCode: () => '/api/login/ValidateMFACode',
  resendMfaCode: () => '/api/login/ResendMFACode',
  createMfaSession: () => '/api/login/CreateMFASession',
  changePassword: (userKey: number, oldPassword: string) =>
    `/api/user/ignored/ignored/${userKey}/PASSWORD/${enc(oldPassword)}`,
  appDownloadLinks: () => '/api/AppDownload/GetLinks/',
  now: () => '/now',
} as const;

/** The single sign-on bridge the SSO button navigates to (spec §7). */
export const SSO_BRIDGE_PATH = '/ssosaml2bridge/';
