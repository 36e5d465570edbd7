/** Password reset by email, set-password and change-password calls (spec §7). */
import { passwordCalls, type UserDetails } from '@waypoint/domain/contract';
import { send } from './client';

/** A header value as sent: itself when Latin-1, else encoded (the encoded twin carries it whole). */
const plainHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);

/** GET /api/PasswordReset/VALIDATE_EMAIL/{address}?fromStudentpanel=true: sends the reset email. */
export const sendPasswordResetEmail = (address: string) =>
  send(passwordCalls.resetEmail, [address], { credentialCheck: true });

/** GET /api/PasswordReset/VALIDATE_TOKEN/{token}/{email}: 200 with body '200' when valid. */
export const validateResetToken = (token: string, email: string) =>
  send(passwordCalls.resetToken, [token, email], { credentialCheck: true });

/** PUT /api/PasswordReset/{token}/{email}: the new password in headers. */
export const setPassword = (token: string, email: string, newPassword: string) =>
  send(passwordCalls.setPassword, [token, email], {
    headers: {
      newPassword: plainHeader(newPassword),
      newPasswordEncoded: encodeURIComponent(newPassword),
    },
    credentialCheck: true,
  });

/** PUT /api/user/ignored/ignored/{userKey}/PASSWORD/{oldPassword}: body is the user plus password. */
export const changePassword = (user: UserDetails, oldPassword: string, newPassword: string) =>
  send(passwordCalls.changePassword, [user.userKey, oldPassword], {
    body: { ...user, password: newPassword },
  });
