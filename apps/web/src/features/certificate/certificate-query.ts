/**
 * The certificate page's address (spec §2 Certificate page): query parameters lms, assignmentKey,
 * curriculum, user, sessionID, plus course when opened from a course; the fragment is curriculum
 * or course. The session id is read once and cut out of the address bar at once, so it is not
 * left in history, bookmarks, screenshots or a shared link (docs/decisions/0011).
 */

export interface CertificateQuery {
  lmsKey: number;
  userKey: number;
  curriculumKey: number;
  assignmentKey: number;
  /** Set for a course certificate. */
  courseKey: number | null;
}

const key = (value: string | null): number | null =>
  value !== null && /^\d{1,10}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;

/** The certificate the address names, or null when a key is missing or not a key. */
export function readCertificateQuery(search: string, hash: string): CertificateQuery | null {
  const params = new URLSearchParams(search);
  const lmsKey = key(params.get('lms'));
  const userKey = key(params.get('user'));
  const curriculumKey = key(params.get('curriculum'));
  const assignmentKey = key(params.get('assignmentKey'));
  if (lmsKey === null || userKey === null || curriculumKey === null || assignmentKey === null) {
    return null;
  }
  const course = params.get('course');
  const wantsCourse = hash === '#course' || (course !== null && hash !== '#curriculum');
  const courseKey = wantsCourse ? key(course) : null;
  if (wantsCourse && courseKey === null) return null;
  return { lmsKey, userKey, curriculumKey, assignmentKey, courseKey };
}

/**
 * Takes the sessionID out of an address: the session id (or null) and the address without it
 * (path, the other parameters in their order, and the fragment).
 */
export function takeSessionId(url: { pathname: string; search: string; hash: string }): {
  sessionId: string | null;
  address: string;
} {
  const params = new URLSearchParams(url.search);
  const sessionId = params.get('sessionID');
  params.delete('sessionID');
  const search = params.toString();
  return {
    sessionId: sessionId || null,
    address: `${url.pathname}${search ? `?${search}` : ''}${url.hash}`,
  };
}
