import { MFA_CODE_LENGTH } from '@waypoint/domain';

/** Spec §8 MFA texts. */
export const MFA_VALIDATE_ERROR =
  'An error occurred when attempting to validate the code, please try again or contact customer support.';
export const MFA_INVALID_CODE =
  'Invalid or Expired Code entered. Please enter a valid code or send a new code and try again.';
export const MFA_RESEND_ERROR =
  'An error occurred when attempting to resend the code, please try again or contact customer support.';

/** Spec §9: the busy state lasts at least 2 s after a response. */
export const MFA_MIN_BUSY_MS = 2000;

/** Spec §5: a typed change is kept only when it is digits only, up to six; else the old value stays. */
export function nextCode(current: string, typed: string): string {
  return /^\d*$/.test(typed) && typed.length <= MFA_CODE_LENGTH ? typed : current;
}

/** Spec §5: pasted text must be digits; returns the code to use, or null to refuse the paste. */
export function pastedCode(text: string): string | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? trimmed.slice(0, MFA_CODE_LENGTH) : null;
}

/** Spec §5: Continue is disabled when the code is empty, shorter than six, or while loading. */
export function canContinue(code: string, busy: boolean): boolean {
  return !busy && code.length === MFA_CODE_LENGTH;
}

/** Spec §8: the message for a failed validation (statusCode 0 = no status). */
export function validateFailureMessage(statusCode: number): string {
  return statusCode === 0 || statusCode >= 500 ? MFA_VALIDATE_ERROR : MFA_INVALID_CODE;
}
