import { EMAIL_MAX_LENGTH, MFA_CODE_LENGTH } from './constants.js';

/** An ordinary address shape: local part, '@', domain with a dot (design brief's {email}). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/** The password-reset email rules of §5, in order; null when the address is valid. */
export function passwordResetEmailError(email: string): string | null {
  if (email.length === 0) return 'You must enter an email first.';
  if (!EMAIL_SHAPE.test(email)) return 'Incorrect email format.';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email is too long, 255 max.';
  return null;
}

/** "MFA code: digits only, up to 6": keeps the digits of typed text, cut to six. */
export function sanitizeMfaCode(input: string): string {
  return input.replace(/\D/gu, '').slice(0, MFA_CODE_LENGTH);
}

/** "pasted text must be digits": a paste is accepted only when it is all digits. */
export function isAcceptableMfaPaste(pasted: string): boolean {
  return /^\d+$/u.test(pasted.trim());
}

/** "Continue disabled when empty, shorter than 6, or loading". */
export function canSubmitMfaCode(code: string, loading: boolean): boolean {
  return !loading && code.length === MFA_CODE_LENGTH;
}

/** "Display name is nameOther plus nameCollated, falling back to userID, then '[User Name]'" (§1). */
export function displayNameOf(user: {
  nameOther?: string | null;
  nameCollated?: string | null;
  userID?: string | null;
}): string {
  const name = [user.nameOther, user.nameCollated]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (name) return name;
  if (user.userID?.trim()) return user.userID.trim();
  return '[User Name]';
}

/**
 * "Unwanted characters are trimmed from the new password before sending" (§5): surrounding white
 * space and control characters, which no keyboard entry means.
 */
export function cleanPassword(password: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return password.replace(/[\u0000-\u001f\u007f]/gu, '').trim();
}

/** Change-password rules of §5, checked in the client before sending; null when fine. */
export function changePasswordError(fields: {
  oldPassword: string;
  newPassword: string;
  retypePassword: string;
}): string | null {
  if (fields.newPassword === '' || fields.retypePassword === '')
    return "New password can't be blank.";
  if (fields.newPassword !== fields.retypePassword) return 'Passwords do not match.';
  if (fields.newPassword === fields.oldPassword) return "Password didn't change.";
  return null;
}
