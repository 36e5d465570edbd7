import { SIGN_IN_REFUSAL_MESSAGES } from '@waypoint/domain';
import { ApiError, NO_ANSWER_MESSAGE, serverMessage } from '../../api/client';

/**
 * What the sign-in page says when a sign-in call fails: the server's own message where it gave
 * one (a wrong password, a lockout with its minutes, a rate limit, no staff access), else the
 * console's words for the status.
 */
export function signInFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const { statusCode } = error;
  if (statusCode === 0) return NO_ANSWER_MESSAGE;
  const server = serverMessage(error.responseBody);
  if (server) return server;
  if (statusCode === 401) return 'Incorrect login.';
  if (statusCode === 403) return SIGN_IN_REFUSAL_MESSAGES.notStaff;
  if (statusCode === 423) return 'This account is locked for now. Please try again later.';
  if (statusCode === 429) return 'Too many attempts. Please wait a moment and try again.';
  return `${statusCode}: An error occurred, please try again later.`;
}
