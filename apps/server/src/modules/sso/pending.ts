/**
 * Pending single sign-ons (docs/decisions/0016): what a browser's start left for the IdP's answer
 * (OIDC state, nonce and PKCE verifier; SAML request id), stored by the hash of the state or
 * request id, used once, 10 minutes long, and tied to a random cookie of the starting browser.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { SessionAudience } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { consumePendingLogin, insertPendingLogin, type PendingLoginRow } from './repo.js';
import { SsoRefusal } from './sign-in.js';

export const PENDING_LIFETIME_MS = 10 * 60_000;
/** HttpOnly cookie naming the browser that started a single sign-on (path /lms: the hand-off reads it). */
export const BROWSER_COOKIE = 'waypointSso';

export const UNKNOWN_STATE_MESSAGE =
  'This sign-in request is unknown, expired or was already used. Please sign in again.';

type Deps = { db: Db; clock: Clock };

/** The starting browser's token: its cookie when it has one, else a new one set on the reply. */
function browserToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[BROWSER_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  // Lax: the cookie must come back on the IdP's top-level redirect and the panel's hand-off call.
  reply.setCookie(BROWSER_COOKIE, token, {
    path: '/lms',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: PENDING_LIFETIME_MS / 1000,
  });
  return token;
}

/**
 * The app a single sign-on start is for: `?panel=console` from the console's sign-in page (the
 * bridge passes it on), else the panel.
 */
export function requestedAudience(request: FastifyRequest): SessionAudience {
  const query = (request.query ?? {}) as { panel?: unknown };
  return query.panel === 'console' ? 'console' : 'panel';
}

/** Records a pending login keyed by `key` (the OIDC state or the SAML request id). */
export async function startPending(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  pending: {
    key: string;
    lmsKey: number;
    protocol: 'oidc' | 'saml';
    nonce?: string;
    codeVerifier?: string;
  },
): Promise<void> {
  const now = deps.clock.now();
  await insertPendingLogin(
    deps.db,
    {
      stateHash: hashToken(pending.key),
      lmsKey: pending.lmsKey,
      protocol: pending.protocol,
      nonce: pending.nonce ?? null,
      codeVerifier: pending.codeVerifier ?? null,
      browserHash: hashToken(browserToken(request, reply)),
      audience: requestedAudience(request),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PENDING_LIFETIME_MS),
    },
    now,
  );
}

/** Uses up the pending login of `key` for this LMS and protocol; refuses when there is none. */
export async function takePending(
  deps: Deps,
  where: { key: string; lmsKey: number; protocol: 'oidc' | 'saml' },
): Promise<PendingLoginRow> {
  const row = await consumePendingLogin(
    deps.db,
    { stateHash: hashToken(where.key), lmsKey: where.lmsKey, protocol: where.protocol },
    deps.clock.now(),
  );
  if (!row) throw new SsoRefusal(UNKNOWN_STATE_MESSAGE);
  return row;
}
