import { EMAIL_MAX_LENGTH } from '@waypoint/domain';

// An ordinary address shape: local part, '@', a domain with a dot (design brief, spec {email}).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Spec §5 password-reset email rules: the message to show, or '' when the address is valid. */
export function emailError(email: string): string {
  if (email.trim() === '') return 'You must enter an email first.';
  if (!EMAIL_SHAPE.test(email.trim())) return 'Incorrect email format.';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email is too long, 255 max.';
  return '';
}
