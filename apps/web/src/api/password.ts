/** Password reset by email, set-password and change-password calls (spec §7). */
import { request, type ApiResult } from './client';
import { apiPaths } from './paths';
import type { UserDetails } from './types';

/** GET /api/PasswordReset/VALIDATE_EMAIL/{address}: sends the reset email. */
export function sendPasswordResetEmail(address: string): Promise<ApiResult<unknown>> {
  return request<unknown>(apiPaths.passwordResetEmail(address), { credentialCheck: true });
}

/** GET /api/PasswordReset/VALIDATE_TOKEN/{token}/{email}: 200 with body '200' when valid. */
export function validateResetToken(token: string, email: string): Promise<ApiResult<string>> {
  return request<string>(apiPaths.passwordResetToken(token, email), {
    responseType: 'text',
    credentialCheck: true,
  });
}

/** PUT /api/PasswordReset/{token}/{email}: the new password in headers. */
export function setPassword(
  token: string,
  email: string,
  newPassword: string,
): Promise<ApiResult<unknown>> {
  return request<unknown>(apiPaths.passwordReset(token, email), {
    method: 'PUT',
    headers: {
      newPassword: /^[\x20-\x7e]*$/.test(newPassword)
        ? newPassword
        : encodeURIComponent(newPassword),
      newPasswordEncoded: encodeURIComponent(newPassword),
    },
    credentialCheck: true,
  });
}

/** PUT /api/user/ignored/ignored/{userKey}/PASSWORD/{oldPassword}: body is the user plus password. */
export function changePassword(
  user: UserDetails,
  oldPassword: string,
  newPassword: string,
): Promise<ApiResult<unknown>> {
  return request<unknown>(apiPaths.changePassword(user.userKey, oldPassword), {
    method: 'PUT',
    body: { ...user, password: newPassword },
  });
}
