/** Spec §8 MFA texts. */
export const MFA_VALIDATE_ERROR =
  'An error occurred when attempting to validate the code, please try again or contact customer support.';
export const MFA_INVALID_CODE =
  'Invalid or Expired Code entered. Please enter a valid code or send a new code and try again.';
export const MFA_RESEND_ERROR =
  'An error occurred when attempting to resend the code, please try again or contact customer support.';

/** Spec §9: the busy state lasts at least 2 s after a response. */
export const MFA_MIN_BUSY_MS = 2000;

/** Spec §5 code rules, from @waypoint/domain: typing, pasting, and when Continue is enabled. */
export {
  nextMfaCode as nextCode,
  pastedMfaCode as pastedCode,
  canSubmitMfaCode as canContinue,
} from '@waypoint/domain';

/** Spec §8: the message for a failed validation (statusCode 0 = no status). */
export function validateFailureMessage(statusCode: number): string {
  return statusCode === 0 || statusCode >= 500 ? MFA_VALIDATE_ERROR : MFA_INVALID_CODE;
}
