/** Spec §8 Comments. */
export const COMMENTS_NOT_OPERATIONAL = "The comment system isn't currently operational.";

/** The comments page's query values (spec §2 Comments screen). */
export interface CommentsQuery {
  lms: number;
  course: number;
  sco: number;
  user: number;
  sessionID: string;
  location: string;
}

function key(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number > -1 ? number : null;
}

/**
 * The query values when all six are present (keys above -1, sessionID and location non-empty).
 * The lesson player's 'Comments' button leaves sessionID out: the player never holds the panel's
 * session id (ADR 0007), so the panel, on its own origin, supplies the one it is signed in with
 * (`storedSessionId`; ADR 0010).
 */
export function readCommentsQuery(
  params: URLSearchParams,
  storedSessionId: string | null = null,
): CommentsQuery | null {
  const lms = key(params.get('lms'));
  const course = key(params.get('course'));
  const sco = key(params.get('sco'));
  const user = key(params.get('user'));
  const sessionID = params.get('sessionID') || storedSessionId || '';
  const location = params.get('location') ?? '';
  if (lms === null || course === null || sco === null || user === null) return null;
  if (!sessionID || !location) return null;
  return { lms, course, sco, user, sessionID, location };
}
