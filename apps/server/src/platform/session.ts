/**
 * Sessions, the cookie binding and XSRF (design brief "Sessions"; issue 2 item 7).
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
 * The session id travels in header `sessionID` (or the page-readable cookie `sessionID`). Only its
 * SHA-256 is stored. A session started with useCookie=1 is bound to the HttpOnly cookie
 * `waypointSession`, which must come with the id. XSRF-TOKEN = HMAC(server secret, session hash).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { hashToken, hmac, randomToken, safeEqual } from '../lib/tokens.js';
import {
  endSessionRow,
  endUserSessionRows,
  findOpenSession,
  insertSession,
  readOrCreateSecret,
  touchSession,
} from './session-repo.js';
import {
  forgetSession,
  forgetUserSessions,
  recallSession,
  rememberSession,
  sessionGeneration,
  type OpenSessionRow,
} from './session-cache.js';

/** The session a guard found, on `request.session`. */
export interface SessionInfo {
  sessionHash: string;
  userKey: number;
  lmsKey: number;
  isStudent: boolean;
  userType: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid session of a student (userType >= 0), path keys its own, XSRF on writes. */
    requireStudentSession: preHandlerAsyncHookHandler;
    /** preHandler: a valid session of any user, path keys its own, XSRF on writes. */
    requireSession: preHandlerAsyncHookHandler;
    /** preHandler for form posts: session id from the form field sessionID; student; no XSRF header. */
  }
  interface FastifyRequest {
    /** Set by the session guards; null on routes without one. */
    session: SessionInfo | null;
  }
}

export const SESSION_INVALID_MESSAGE =
  'Your session is no longer valid, you will now be returned to the login screen in order to re-validate your session.';
export const NOT_A_STUDENT_MESSAGE = 'You do not have student access.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to access this resource.';
export const XSRF_MESSAGE = 'Invalid or missing XSRF token.';

export const SESSION_COOKIE = 'sessionID';
export const BINDING_COOKIE = 'waypointSession';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const BINDING_COOKIE_PATH = '/lms';

// A session id is 43 base64url characters; anything much longer is not one of ours.
const MAX_SESSION_ID_LENGTH = 100;
// last_seen_at is written at most once a minute to keep writes down.
const TOUCH_INTERVAL_MS = 60_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LMS_PARAMS = new Set(['lmskey', 'lms']);
const USER_PARAMS = new Set(['userkey', 'user']);

const secrets = new WeakMap<object, Map<string, Promise<string>>>();

/** A secret shared by every server instance (table server_secret), created on first use. */
export function serverSecret(app: FastifyInstance, name: string): Promise<string> {
  const { db } = app.deps;
  let cache = secrets.get(db);
  if (!cache) secrets.set(db, (cache = new Map()));
  let secret = cache.get(name);
  if (!secret) {
    secret = readOrCreateSecret(db, name, randomToken());
    secret.catch(() => cache.delete(name));
    cache.set(name, secret);
  }
  return secret;
}

/** The XSRF token of a session: HMAC of its hash with the shared secret. */
export async function xsrfTokenFor(app: FastifyInstance, sessionHash: string): Promise<string> {
  return hmac(await serverSecret(app, 'xsrf'), `xsrf:${sessionHash}`);
}

const msOf = (value: Date | string): number =>
  typeof value === 'string' ? Date.parse(value) : value.getTime();

const secure = (request: FastifyRequest) => request.protocol === 'https';

/** The session id a request carries: header sessionID, else the cookie of that name. */
export function sessionIdOf(request: FastifyRequest): string | null {
  const header = request.headers.sessionid;
  const value =
    typeof header === 'string' && header !== '' ? header : request.cookies[SESSION_COOKIE];
  if (!value || value.length > MAX_SESSION_ID_LENGTH) return null;
  return value;
}

/**
 * The valid session for an id: not ended, within the absolute and idle timeouts, its user still
 * active, and (when bound) with its binding cookie. Moves last_seen_at forward. Null otherwise.
 */
export async function findSession(
  request: FastifyRequest,
  sessionId: string | null,
): Promise<SessionInfo | null> {
  if (!sessionId || sessionId.length > MAX_SESSION_ID_LENGTH) return null;
  const { db, clock, config } = request.server.deps;
  const now = clock.now();
  const nowMs = now.getTime();
  const sessionHash = hashToken(sessionId);
  const idleMs = config.sessionIdleMinutes * 60_000;
  const current = (row: OpenSessionRow) =>
    msOf(row.expiresAt) > nowMs && msOf(row.lastSeenAt) + idleMs > nowMs;
  // A lookup under TRUST_MS old is trusted, but time limits still count from the clock; when
  // they fail, the database decides (another instance may have moved last_seen_at).
  let row = recallSession(db, sessionHash, nowMs);
  if (row && !current(row)) row = undefined;
  if (!row) {
    const startedAt = sessionGeneration();
    row = await findOpenSession(db, sessionHash, now);
    if (!row || row.inactive !== 0 || !current(row)) return null;
    rememberSession(db, row, nowMs, startedAt);
  }
  if (row.bindingHash !== null) {
    const binding = request.cookies[BINDING_COOKIE];
    if (!binding || !safeEqual(hashToken(binding), row.bindingHash)) return null;
  }
  if (nowMs - msOf(row.lastSeenAt) >= TOUCH_INTERVAL_MS) {
    await touchSession(db, sessionHash, now);
    row.lastSeenAt = now;
  }
  return {
    sessionHash,
    userKey: row.userKey,
    lmsKey: row.lmsKey,
    isStudent: row.isStudent,
    userType: row.userType,
  };
}

/** Sets the page-readable XSRF-TOKEN cookie for a session. */
export async function setXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionHash: string,
): Promise<void> {
  reply.setCookie(XSRF_COOKIE, await xsrfTokenFor(request.server, sessionHash), {
    path: '/',
    sameSite: 'strict',
    secure: secure(request),
    httpOnly: false,
  });
}

/**
 * Starts a new session (fresh 256-bit id) and sets its cookies: the binding cookie when useCookie,
 * and XSRF-TOKEN. Returns the id, which only the client ever sees.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: { userKey: number; lmsKey: number; useCookie: boolean },
): Promise<string> {
  const { db, clock, config } = request.server.deps;
  const now = clock.now();
  const sessionId = randomToken();
  const sessionHash = hashToken(sessionId);
  const binding = user.useCookie ? randomToken() : null;
  await insertSession(db, {
    sessionHash,
    userKey: user.userKey,
    lmsKey: user.lmsKey,
    bindingHash: binding === null ? null : hashToken(binding),
    now,
    expiresAt: new Date(now.getTime() + config.sessionAbsoluteHours * 3_600_000),
    clientAddress: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  if (binding !== null) {
    reply.setCookie(BINDING_COOKIE, binding, {
      path: BINDING_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(request),
    });
  }
  await setXsrfCookie(request, reply, sessionHash);
  return sessionId;
}

/** Clears the binding and XSRF cookies (logout). */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(BINDING_COOKIE, { path: BINDING_COOKIE_PATH });
  reply.clearCookie(XSRF_COOKIE, { path: '/' });
}

/** Ends one session on the server. */
export async function endSession(app: FastifyInstance, sessionHash: string): Promise<void> {
  forgetSession(app.deps.db, sessionHash);
  await endSessionRow(app.deps.db, sessionHash, app.deps.clock.now());
  forgetSession(app.deps.db, sessionHash);
}

/** Ends every session of a user, except `exceptHash` when given (password change). */
export async function endUserSessions(
  app: FastifyInstance,
  userKey: number,
  exceptHash: string | null = null,
): Promise<void> {
  forgetUserSessions(app.deps.db, userKey, exceptHash);
  await endUserSessionRows(app.deps.db, userKey, app.deps.clock.now(), exceptHash);
  forgetUserSessions(app.deps.db, userKey, exceptHash);
}

/** 403 unless a state-changing request sends an X-XSRF-TOKEN equal to its cookie and valid for the session. */
export async function checkXsrf(request: FastifyRequest, session: SessionInfo): Promise<void> {
  if (!STATE_CHANGING.has(request.method)) return;
  const header = request.headers['x-xsrf-token'];
  const cookie = request.cookies[XSRF_COOKIE];
  const expected = await xsrfTokenFor(request.server, session.sessionHash);
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
    if (options.student && !isStudentSession(session)) {
      throw new HttpError(403, NOT_A_STUDENT_MESSAGE);
    }
    checkPathKeys(request, session);
    await checkXsrf(request, session);
    request.session = session;
  };
}

const isStudentSession = (session: SessionInfo) => session.isStudent && session.userType >= 0;

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
  return session && isStudentSession(session) ? session : null;
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
