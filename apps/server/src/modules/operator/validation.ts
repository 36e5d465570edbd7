/** Readable checks of operator input; each returns a problem message or null. */

// Spec §9: email max 255 characters. Kept here rather than imported from @waypoint/domain so the
// CLI runs under tsx on a clone where the domain package is not built yet.
const EMAIL_MAX_LENGTH = 255;

// The spec's {email}: a local part, '@', a domain with a dot (design brief).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Same rule as the lms.lms_code CHECK constraint (migration 0001).
const LMS_CODE_SHAPE = /^[a-z0-9][a-z0-9-]{0,62}$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

export const LOGIN_MAX_LENGTH = 255;
export const NAME_MAX_LENGTH = 200;

export function checkEmail(value: string): string | null {
  if (value.length > EMAIL_MAX_LENGTH)
    return `email is too long (${EMAIL_MAX_LENGTH} characters max)`;
  if (!EMAIL_SHAPE.test(value)) return `'${value}' is not an email address`;
  return null;
}

export function checkLogin(value: string): string | null {
  if (value === '') return 'login ID is empty';
  if (value.length > LOGIN_MAX_LENGTH)
    return `login ID is too long (${LOGIN_MAX_LENGTH} characters max)`;
  if (/\s/.test(value) || CONTROL.test(value))
    return `login ID '${value}' contains spaces or control characters`;
  return null;
}

export function checkLmsCode(value: string): string | null {
  if (!LMS_CODE_SHAPE.test(value)) {
    return `LMS code '${value}' must be 1 to 63 lowercase letters, digits or dashes, starting with a letter or digit`;
  }
  return null;
}

/** A display text (LMS name, person's name part): non-empty, no control characters, bounded. */
export function checkText(label: string, value: string, max = NAME_MAX_LENGTH): string | null {
  if (value.trim() === '') return `${label} is empty`;
  if (value.length > max) return `${label} is too long (${max} characters max)`;
  if (CONTROL.test(value)) return `${label} contains control characters`;
  return null;
}

/** Splits "<given> <family>" at the first space; null when either part is missing. */
export function splitName(value: string): { given: string; family: string } | null {
  const match = /^\s*(\S+)\s+(.+?)\s*$/.exec(value);
  return match ? { given: match[1]!, family: match[2]! } : null;
}
