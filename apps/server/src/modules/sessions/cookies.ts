/**
 * The session's cookies (ADR 0002): the HttpOnly binding cookie of a session started with
 * useCookie=1, and the page-readable XSRF-TOKEN the panel echoes as X-XSRF-TOKEN.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { openSession, xsrfTokenFor } from './service.js';

export const SESSION_COOKIE = 'sessionID';
export const BINDING_COOKIE = 'waypointSession';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const BINDING_COOKIE_PATH = '/lms';

/**
 * Whether the request carries the sessionID cookie the panel keeps while signed in (spec §2
 * Guard): not the MFA marker. A hint for which page to send (ADR 0012), never an authorisation.
 */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const sessionId = request.cookies[SESSION_COOKIE];
  return sessionId !== undefined && sessionId !== '' && sessionId !== MFA_SESSION_MARKER;
}

const secure = (request: FastifyRequest) => request.protocol === 'https';

/** Sets the page-readable XSRF-TOKEN cookie for a session. */
export async function setXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionHash: string,
): Promise<void> {
  reply.setCookie(XSRF_COOKIE, await xsrfTokenFor(request.server.deps, sessionHash), {
    path: '/',
    sameSite: 'strict',
    secure: secure(request),
    httpOnly: false,
  });
}

/**
 * Starts a new session for a request and sets its cookies: the binding cookie when useCookie, and
 * XSRF-TOKEN. Returns the id, which only the client ever sees.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: { userKey: number; lmsKey: number; useCookie: boolean },
): Promise<string> {
  const session = await openSession(request.server.deps, {
    ...user,
    clientAddress: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  if (session.binding !== null) {
    reply.setCookie(BINDING_COOKIE, session.binding, {
      path: BINDING_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(request),
    });
  }
  await setXsrfCookie(request, reply, session.sessionHash);
  return session.sessionId;
}

/** Clears the binding and XSRF cookies (logout). */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(BINDING_COOKIE, { path: BINDING_COOKIE_PATH });
  reply.clearCookie(XSRF_COOKIE, { path: '/' });
}
