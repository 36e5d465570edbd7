/**
 * The staff console's own session call (docs/decisions/0021): who is signed in, their role, its
 * §3 Permissions flags and their scope. Sign-in itself is the panel's POST /api/Login with the
 * header panel=console, and the MFA, session-check, logout and permissions calls of auth.ts.
 */
import { Type, type Static } from 'typebox';
import { defineCall } from '../define.js';
import { errorResponses } from '../common.js';
import { Permissions } from '../auth.js';

/** The header value of POST /api/Login that asks for a console session. */
export const CONSOLE_PANEL = 'console';

/** Where the console keeps its session id (sessionStorage) and the cookie of its XSRF token. */
export const CONSOLE_SESSION_STORAGE_KEY = 'waypoint.console.session';
export const CONSOLE_XSRF_COOKIE = 'CONSOLE-XSRF-TOKEN';

/** A staff role as the console shows it. */
export const StaffRoleSummary = Type.Object({
  roleKey: Type.Integer(),
  name: Type.String(),
  /** The built-in role's id (administrator, training-manager, instructor, auditor), or null. */
  builtIn: Type.Union([Type.String(), Type.Null()]),
});
export type StaffRoleSummary = Static<typeof StaffRoleSummary>;

/** GET /api/console/me: the signed-in staff member. */
export const ConsoleMe = Type.Object({
  user: Type.Object({
    userKey: Type.Integer(),
    userID: Type.String(),
    displayName: Type.String(),
    email: Type.String(),
  }),
  role: StaffRoleSummary,
  permissions: Permissions,
  /** The restriction groups whose students this person sees; empty = the whole LMS (§3). */
  restrictionGroups: Type.Array(Type.String()),
  lms: Type.Object({ lmsKey: Type.Integer(), lmsCode: Type.String(), name: Type.String() }),
  /** Minutes of inactivity after which the console's session ends. */
  sessionIdleMinutes: Type.Integer(),
});
export type ConsoleMe = Static<typeof ConsoleMe>;

/** The console's session calls. */
export const consoleSessionCalls = {
  me: defineCall<ConsoleMe>()({
    method: 'GET',
    route: '/api/console/me',
    path: () => '/api/console/me',
  }),
};

/** Route schemas of the console's session calls. */
export const consoleSessionSchemas = {
  me: {
    summary: 'The signed-in staff member: role, permission flags and scope',
    response: { 200: ConsoleMe, ...errorResponses(401, 403) },
  },
};
