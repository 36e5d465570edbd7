import { EMAIL_MAX_LENGTH, MFA_CODE_LENGTH } from './constants.js';

/** An ordinary address shape: local part, '@', a domain with a dot (design brief's {email}). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;

/** The password-reset email rules of §5, in order; null when the address is valid. */
export function passwordResetEmailError(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return 'You must enter an email first.';
  if (!EMAIL_SHAPE.test(trimmed)) return 'Incorrect email format.';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email is too long, 255 max.';
  return null;
}

/** "MFA code: digits only, up to 6": a typed change is kept only when it is digits, at most six;
 * otherwise the code stays as it was. */
export function nextMfaCode(current: string, typed: string): string {
  return /^\d*$/u.test(typed) && typed.length <= MFA_CODE_LENGTH ? typed : current;
}

/** "pasted text must be digits": the code to use (cut to six), or null to refuse the paste. */
export function pastedMfaCode(text: string): string | null {
  const trimmed = text.trim();
  return /^\d+$/u.test(trimmed) ? trimmed.slice(0, MFA_CODE_LENGTH) : null;
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

// Control, zero-width and byte-order-mark characters arrive through copy and paste from documents
// and password managers; nobody means them as part of a password.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff]/gu;

/**
 * "Unwanted characters are trimmed from the new password before sending" (§5): invisible
 * characters anywhere, white space at the ends.
 */
export function cleanPassword(password: string): string {
  return password.replace(UNWANTED_CHARACTERS, '').trim();
}

/** Change-password rules of §5, checked in the client before sending; null when fine. */
export function changePasswordError(fields: {
  oldPassword: string;
  newPassword: string;
  retypePassword: string;
}): string | null {
  const newPassword = cleanPassword(fields.newPassword);
  const retypePassword = cleanPassword(fields.retypePassword);
  if (newPassword === '' || retypePassword === '') return "New password can't be blank.";
  if (newPassword !== retypePassword) return 'Passwords do not match.';
  if (newPassword === fields.oldPassword) return "Password didn't change.";
  return null;
}
