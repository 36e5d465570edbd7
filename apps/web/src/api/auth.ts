/** Sign-in, session, MFA and permission calls (spec §7). */
import { authCalls, type MfaRequest } from '@waypoint/domain/contract';
import { send } from './client';

export type { MfaRequest } from '@waypoint/domain/contract';

/** Header values must be Latin-1; anything else is sent only in its encoded twin. */
function plainHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

/** The headers every sign-in call carries (spec §7 POST /api/Login). */
export function loginHeaders(userID?: string, password?: string): Record<string, string> {
  const headers: Record<string, string> = { useCookie: '1', panel: 'student' };
  if (userID !== undefined && password !== undefined) {
    headers.userID = plainHeader(userID);
    headers.userIDEncoded = encodeURIComponent(userID);
    headers.password = plainHeader(password);
    headers.passwordEncoded = encodeURIComponent(password);
  }
  return headers;
}

// Sign-in calls answer 401 for wrong credentials, not a lost session (credentialCheck).

/** POST /api/Login: credentials in headers, user details (or the MFA marker) back. */
export const login = (userID: string, password: string) =>
  send(authCalls.login, [], { headers: loginHeaders(userID, password), credentialCheck: true });

/** GET /api/Login/{sessionId}: 200 with user details when valid, 204 ('') when not. */
export const validateSession = (sessionId: string) =>
  send(authCalls.session, [sessionId], {
    headers: { sessionID: sessionId },
    credentialCheck: true,
  });

/** DELETE /api/Login: ends the session on the server. */
export const logout = (sessionId: string) =>
  send(authCalls.logout, [], { headers: { sessionID: sessionId }, credentialCheck: true });

/** GET /api/permissions for the current session. */
export const getPermissions = () => send(authCalls.permissions, [], { credentialCheck: true });

/** POST /api/login/ValidateMFACode: user details with a real session id on success. */
export const validateMfaCode = (body: MfaRequest) =>
  send(authCalls.validateMfaCode, [], { body, headers: loginHeaders(), credentialCheck: true });

/** POST /api/login/ResendMFACode. */
export const resendMfaCode = (mfaID: string | number) =>
  send(authCalls.resendMfaCode, [], {
    body: { mfaID },
    headers: loginHeaders(),
    credentialCheck: true,
  });
