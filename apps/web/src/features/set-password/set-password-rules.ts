import { serverMessages } from '../../api/client';

export const PASSWORDS_MUST_MATCH = 'Passwords must match.';
export const INCORRECT_URL = 'Incorrect URL.';
export const LINK_EXPIRED = 'This link has expired.';
export const PASSWORD_SET = 'Password successfully set, redirecting you to login...';
/** Spec §9: redirect to login 3000 ms after the password is set. */
export const REDIRECT_AFTER_SET_MS = 3000;

/** The password cleaned of unwanted characters (spec §5 Set-password; rule in @waypoint/domain). */
export { cleanPassword } from '@waypoint/domain';

/** What a failed submission shows: the link expired, or the server's requirement messages. */
export function submissionFailure(
  statusCode: number,
  body: unknown,
): { expired: true } | { expired: false; requirements: string[] } {
  const items = Array.isArray(body) ? body : [body];
  const expired =
    statusCode === 404 ||
    items.some(
      (item: unknown) =>
        item !== null &&
        typeof item === 'object' &&
        'statusCode' in item &&
        item.statusCode === 404,
    );
  if (expired) return { expired: true };
  const requirements = serverMessages(body);
  return {
    expired: false,
    requirements: requirements.length
      ? requirements
      : ['An error occurred, please try again later.'],
  };
}

/** Spec §2: the form shows only when the token check answered status 200 with body '200'. */
export function tokenIsValid(statusCode: number, body: unknown): boolean {
  return statusCode === 200 && String(body).trim().replace(/^"|"$/g, '') === '200';
}
