/**
 * The console's sign-in calls: the panel's own (spec §7 POST /api/Login, the MFA calls, logout)
 * with the header panel=console, which asks the server for a staff session (docs/decisions/0021).
 */
import { authCalls, ssoCalls, type MfaRequest } from '@waypoint/domain/contract';
import { CONSOLE_PANEL } from '@waypoint/domain/console-contract';
import { send } from './client';

/** Header values must be Latin-1; anything else goes only in its encoded twin (spec §7). */
function plainHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

/** The headers of every sign-in call: a console session, bound to a cookie (useCookie=1). */
export function loginHeaders(userID?: string, password?: string): Record<string, string> {
  const headers: Record<string, string> = { useCookie: '1', panel: CONSOLE_PANEL };
  if (userID !== undefined && password !== undefined) {
    headers.userID = plainHeader(userID);
    headers.userIDEncoded = encodeURIComponent(userID);
    headers.password = plainHeader(password);
    headers.passwordEncoded = encodeURIComponent(password);
  }
  return headers;
}

// Sign-in calls answer 401 for wrong credentials, not for a session that ended (credentialCheck).

/** POST /api/Login: the user details, whose sessionID is 'MFA' while a code is still needed. */
export const login = (userID: string, password: string) =>
  send(authCalls.login, [], { headers: loginHeaders(userID, password), credentialCheck: true });

/** POST /api/login/ValidateMFACode: the user details with the real session id. */
export const validateMfaCode = (body: MfaRequest) =>
  send(authCalls.validateMfaCode, [], { body, headers: loginHeaders(), credentialCheck: true });

/** POST /api/login/ResendMFACode: emails a new code. */
export const resendMfaCode = (mfaID: string | number) =>
  send(authCalls.resendMfaCode, [], {
    body: { mfaID },
    headers: loginHeaders(),
    credentialCheck: true,
  });

/** DELETE /api/Login: ends the session on the server (and its cookies). */
export const logout = () => send(authCalls.logout, [], { credentialCheck: true });

/**
 * POST /api/sso/handoff: the one-time code single sign-on left in /console/sso's fragment, for
 * the user details of a console session (or the MFA marker; docs/decisions/0016).
 */
export const ssoHandoff = (handoff: string) =>
  send(ssoCalls.handoff, [], { body: { handoff }, headers: loginHeaders(), credentialCheck: true });
