import { passwordResetEmailError } from '@waypoint/domain';

/** Spec §5 password-reset email rules (from @waypoint/domain): the message, or '' when valid. */
export function emailError(email: string): string {
  return passwordResetEmailError(email) ?? '';
}
