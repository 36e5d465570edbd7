/**
 * The session's cookies (ADR 0002): the HttpOnly binding cookie of a session started with
 * useCookie=1, and the page-readable XSRF-TOKEN the panel echoes as X-XSRF-TOKEN. The staff
 * console's sessions have cookies of their own names (ADR 0021), so that a person signed in to
 * both apps in one browser keeps both.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import type { SessionAudience } from '../../db/schema.js';
import { openSession, xsrfTokenFor, type BindingCookies } from './service.js';

export const SESSION_COOKIE = 'sessionID';
export const BINDING_COOKIE = 'waypointSession';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const BINDING_COOKIE_PATH = '/lms';

/** Each app's binding and XSRF cookie names. */
export const SESSION_COOKIES: Readonly<
  Record<SessionAudience, { readonly binding: string; readonly xsrf: string }>
> = {
  panel: { binding: BINDING_COOKIE, xsrf: XSRF_COOKIE },
  console: { binding: 'waypointConsoleSession', xsrf: 'CONSOLE-XSRF-TOKEN' },
};

/** The binding cookies a request carries, by app. */
export function bindingCookiesOf(request: FastifyRequest): BindingCookies {
  return {
    panel: request.cookies[SESSION_COOKIES.panel.binding],
    console: request.cookies[SESSION_COOKIES.console.binding],
  };
}

/**
 * Whether the request carries the sessionID cookie the panel keeps while signed in (spec §2
 * Guard): not the MFA marker. A hint for which page to send (ADR 0012), never an authorisation.
 */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const sessionId = request.cookies[SESSION_COOKIE];
  return sessionId !== undefined && sessionId !== '' && sessionId !== MFA_SESSION_MARKER;
}

const secure = (request: FastifyRequest) => request.protocol === 'https';

/** Sets the page-readable XSRF cookie of a session's app. */
export async function setXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionHash: string,
  audience: SessionAudience = 'panel',
): Promise<void> {
  const name = SESSION_COOKIES[audience].xsrf;
  reply.setCookie(name, await xsrfTokenFor(request.server.deps, sessionHash), {
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
  user: { userKey: number; lmsKey: number; useCookie: boolean; audience?: SessionAudience },
): Promise<string> {
  const audience = user.audience ?? 'panel';
  const session = await openSession(request.server.deps, {
    ...user,
    audience,
    clientAddress: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  if (session.binding !== null) {
    reply.setCookie(SESSION_COOKIES[audience].binding, session.binding, {
      path: BINDING_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(request),
    });
  }
  await setXsrfCookie(request, reply, session.sessionHash, audience);
  return session.sessionId;
}

/** Clears the binding and XSRF cookies of an app (logout). */
export function clearSessionCookies(
  reply: FastifyReply,
  audience: SessionAudience = 'panel',
): void {
  reply.clearCookie(SESSION_COOKIES[audience].binding, { path: BINDING_COOKIE_PATH });
  reply.clearCookie(SESSION_COOKIES[audience].xsrf, { path: '/' });
}
