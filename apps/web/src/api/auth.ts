/** Sign-in, session, MFA and permission calls (spec §7). */
import { request, type ApiResult } from './client';
import { apiPaths } from './paths';
import type { Permissions, UserDetails } from './types';

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

/** POST /api/Login: credentials in headers, user details (or the MFA marker) back. */
export function login(userID: string, password: string): Promise<ApiResult<UserDetails>> {
  return request<UserDetails>(apiPaths.login(), {
    method: 'POST',
    headers: loginHeaders(userID, password),
    credentialCheck: true,
  });
}

/** GET /api/Login/{sessionId}: 200 with user details when valid, 204 when not. */
export function validateSession(sessionId: string): Promise<ApiResult<UserDetails | ''>> {
  return request<UserDetails | ''>(apiPaths.session(sessionId), {
    headers: { sessionID: sessionId },
    credentialCheck: true,
  });
}

/** DELETE /api/Login: ends the session on the server. */
export function logout(sessionId: string): Promise<ApiResult<unknown>> {
  return request<unknown>(apiPaths.login(), {
    method: 'DELETE',
    headers: { sessionID: sessionId },
    credentialCheck: true,
  });
}

/** GET /api/permissions for the current session. */
export function getPermissions(): Promise<ApiResult<Permissions>> {
  return request<Permissions>(apiPaths.permissions(), { credentialCheck: true });
}

/** The MFA request of spec §3. */
export interface MfaRequest {
  mfaID: string | number;
  mfaVerificationCode: string;
  rememberDevice: boolean;
}

/** POST /api/login/ValidateMFACode: user details with a real session id on success. */
export function validateMfaCode(body: MfaRequest): Promise<ApiResult<UserDetails>> {
  return request<UserDetails>(apiPaths.validateMfaCode(), {
    method: 'POST',
    body,
    headers: loginHeaders(),
    credentialCheck: true,
  });
}

/** POST /api/login/ResendMFACode. */
export function resendMfaCode(mfaID: string | number): Promise<ApiResult<unknown>> {
  return request<unknown>(apiPaths.resendMfaCode(), {
    method: 'POST',
    body: { mfaID },
    headers: loginHeaders(),
    credentialCheck: true,
  });
}

/** POST /api/login/CreateMFASession. */
export function createMfaSession(body: MfaRequest): Promise<ApiResult<UserDetails>> {
  return request<UserDetails>(apiPaths.createMfaSession(), {
    method: 'POST',
    body,
    headers: loginHeaders(),
    credentialCheck: true,
  });
}
