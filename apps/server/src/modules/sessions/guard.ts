/**
 * The session guards and decorators (ADR 0002), registered by app.ts before modules.
 *
 * How other modules use it:
 * - Put `preHandler: app.requireStudentSession` on every student route. It answers
 *   401 (spec's session-invalid message) without a valid session, 403 'You do not have student
 *   access.' for a non-student, 403 when a path param named lmsKey/lms/userKey/user (any case)
 *   is not the session's own, and 403 'Invalid or missing XSRF token.' on POST/PUT/PATCH/DELETE
 *   without a valid X-XSRF-TOKEN. On success `request.session` = {sessionHash, userKey, lmsKey, ...}.
 * - `app.requireSession`: the same for any signed-in user, students or not (permissions).
 * - `findFormSession(request)`: for classic form posts into a window (launch, library launch):
 *   the id comes from the form field `sessionID`; no XSRF header is possible there, so the post
 *   must not come from another site (Origin / Sec-Fetch-Site), and a bound session still needs
 *   its SameSite=Strict cookie.
 *
 * The session id travels in header `sessionID` (or the page-readable cookie `sessionID`). A
 * session started with useCookie=1 is bound to the HttpOnly cookie `waypointSession`, which must
 * come with the id. XSRF-TOKEN = HMAC(server secret, session hash).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SIGN_IN_REFUSAL_MESSAGES } from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { safeEqual } from '../../lib/tokens.js';
import { bindingCookiesOf, SESSION_COOKIE, SESSION_COOKIES } from './cookies.js';
import { lookupSession, MAX_SESSION_ID_LENGTH, xsrfTokenFor, type SessionInfo } from './service.js';

export type { SessionInfo } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid session of a student (userType >= 0), path keys its own, XSRF on writes. */
    requireStudentSession: preHandlerAsyncHookHandler;
    /** preHandler: a valid session of any user, path keys its own, XSRF on writes. */
    requireSession: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by the session guards; null on routes without one. */
    session: SessionInfo | null;
  }
}

export const SESSION_INVALID_MESSAGE =
  'Your session is no longer valid, you will now be returned to the login screen in order to re-validate your session.';
export const NOT_A_STUDENT_MESSAGE = SIGN_IN_REFUSAL_MESSAGES.notStudent;
export const FORBIDDEN_MESSAGE = 'You do not have permission to access this resource.';
export const XSRF_MESSAGE = 'Invalid or missing XSRF token.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LMS_PARAMS = new Set(['lmskey', 'lms']);
const USER_PARAMS = new Set(['userkey', 'user']);

/** The session id a request carries: header sessionID, else the cookie of that name. */
export function sessionIdOf(request: FastifyRequest): string | null {
  const header = request.headers.sessionid;
  const value =
    typeof header === 'string' && header !== '' ? header : request.cookies[SESSION_COOKIE];
  if (!value || value.length > MAX_SESSION_ID_LENGTH) return null;
  return value;
}

/** The valid session for an id, with the request's binding cookie (see lookupSession). */
export function findSession(
  request: FastifyRequest,
  sessionId: string | null,
): Promise<SessionInfo | null> {
  return lookupSession(request.server.deps, sessionId, bindingCookiesOf(request));
}

/** 403 unless a state-changing request sends an X-XSRF-TOKEN equal to its cookie and valid for the session. */
export async function checkXsrf(request: FastifyRequest, session: SessionInfo): Promise<void> {
  if (!STATE_CHANGING.has(request.method)) return;
  const header = request.headers['x-xsrf-token'];
  const cookie = request.cookies[SESSION_COOKIES[session.audience].xsrf];
  const expected = await xsrfTokenFor(request.server.deps, session.sessionHash);
  if (
    typeof header !== 'string' ||
    !cookie ||
    !safeEqual(header, cookie) ||
    !safeEqual(header, expected)
  ) {
    throw new HttpError(403, XSRF_MESSAGE);
  }
}

/** 403 when a path param naming an LMS or a user is not the session's own (learning nothing). */
export function checkPathKeys(request: FastifyRequest, session: SessionInfo): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    const lower = name.toLowerCase();
    const own = LMS_PARAMS.has(lower)
      ? session.lmsKey
      : USER_PARAMS.has(lower)
        ? session.userKey
        : null;
    if (own !== null && String(value) !== String(own)) throw new HttpError(403, FORBIDDEN_MESSAGE);
  }
}

function guard(options: { student: boolean }): preHandlerAsyncHookHandler {
  return async function sessionGuard(request) {
    const session = await findSession(request, sessionIdOf(request));
    if (!session) throw new HttpError(401, SESSION_INVALID_MESSAGE);
    if (options.student && !session.studentAccess) {
      throw new HttpError(403, NOT_A_STUDENT_MESSAGE);
    }
    checkPathKeys(request, session);
    await checkXsrf(request, session);
    request.session = session;
  };
}

/**
 * The student session of a classic form post into a window (launch, library launch), or null:
 * the id from the hidden field `sessionID`, never from a page of another site.
 */
export async function findFormSession(request: FastifyRequest): Promise<SessionInfo | null> {
  if (request.headers['sec-fetch-site'] === 'cross-site') return null;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    try {
      if (new URL(origin).host !== request.headers.host) return null;
    } catch {
      return null;
    }
  }
  const body = (request.body ?? {}) as { sessionID?: unknown };
  const sessionId = typeof body.sessionID === 'string' && body.sessionID ? body.sessionID : null;
  const session = await findSession(request, sessionId);
  return session?.studentAccess ? session : null;
}

/** Decorates the app with the session guards and request.session; call before modules register. */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorate('requireStudentSession', guard({ student: true }));
  app.decorate('requireSession', guard({ student: false }));
  // HttpError may carry headers (Retry-After on 429); the error handler sends the body.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    }
  });
}
