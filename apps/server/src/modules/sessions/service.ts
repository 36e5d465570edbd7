/**
 * Sessions (ADR 0002): rows keyed by the SHA-256 of a 256-bit id, idle and absolute expiry, an
 * optional binding cookie, and XSRF tokens signed with a secret every instance shares. HTTP (the
 * id in headers and cookies, the guards) is in guard.ts and cookies.ts.
 */
import { signInAllowed } from '@waypoint/domain';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/connection.js';
import type { SessionAudience } from '../../db/schema.js';
import { hashToken, hmac, randomToken, safeEqual } from '../../lib/tokens.js';
import { userByKey, type UserRow } from '../users/service.js';
import type { OpenSessionRow, SessionCache } from './cache.js';
import {
  announceSessionsEnded,
  endSessionRow,
  endUserSessionRows,
  findOpenSession,
  insertSession,
  keepSessionAlive as keepSessionRowAlive,
  readOrCreateSecret,
  touchSession,
} from './repo.js';

/** The secrets of table server_secret this instance has read, by name (serverSecret). */
export type ServerSecrets = Map<string, Promise<string>>;

/** An instance's empty memory of server secrets (instance-state.ts). */
export const createServerSecrets = (): ServerSecrets => new Map();

/**
 * What the session rules need: the database, the time, the idle and absolute limits, and the
 * instance's session cache (app.deps.state).
 */
export type SessionDeps = Pick<Required<AppDeps>, 'db' | 'clock' | 'config'> & {
  state: { sessionCache: SessionCache };
};

/** The session a guard found, on `request.session`. */
export interface SessionInfo {
  sessionHash: string;
  userKey: number;
  lmsKey: number;
  isStudent: boolean;
  userType: number;
  /** The sign-in rule's 'student-session' path allows it: student routes and form posts (§6). */
  studentAccess: boolean;
  /** The app the session was opened for: a console session never opens a student route. */
  audience: SessionAudience;
}

/** The binding cookies a request carries, by the app that set them (cookies.ts). */
export type BindingCookies = Partial<Record<SessionAudience, string>>;

/** A session's idle and absolute limits in ms: the console's are its own (ADR 0021). */
export function sessionLimitsMs(
  config: SessionDeps['config'],
  audience: SessionAudience,
): { idleMs: number; absoluteMs: number } {
  return audience === 'console'
    ? {
        idleMs: config.staffSessionIdleMinutes * 60_000,
        absoluteMs: config.staffSessionAbsoluteHours * 3_600_000,
      }
    : {
        idleMs: config.sessionIdleMinutes * 60_000,
        absoluteMs: config.sessionAbsoluteHours * 3_600_000,
      };
}

// A session id is 43 base64url characters; anything much longer is not one of ours.
export const MAX_SESSION_ID_LENGTH = 100;
// last_seen_at is written at most once a minute to keep writes down, and at least four times per
// idle window, so that a session in use never idles out between two writes (a 1-minute window
// used every 15 s stays alive).
const MAX_TOUCH_INTERVAL_MS = 60_000;
/** How long after the last recorded activity a request records it again. */
export const touchIntervalMs = (idleMs: number): number =>
  Math.min(MAX_TOUCH_INTERVAL_MS, Math.floor(idleMs / 4));

/** What serverSecret needs: the database and the instance's memory of the secrets it read. */
export type SecretDeps = { db: Db; state: { serverSecrets: ServerSecrets } };

/** A secret shared by every server instance (table server_secret), created on first use. */
export function serverSecret(deps: SecretDeps, name: string): Promise<string> {
  const { db } = deps;
  const cache = deps.state.serverSecrets;
  let secret = cache.get(name);
  if (!secret) {
    secret = readOrCreateSecret(db, name, randomToken());
    secret.catch(() => cache.delete(name));
    cache.set(name, secret);
  }
  return secret;
}

/** The XSRF token of a session: HMAC of its hash with the shared secret. */
export async function xsrfTokenFor(deps: SecretDeps, sessionHash: string): Promise<string> {
  return hmac(await serverSecret(deps, 'xsrf'), `xsrf:${sessionHash}`);
}

const msOf = (value: Date | string): number =>
  typeof value === 'string' ? Date.parse(value) : value.getTime();

/**
 * The valid session for an id: not ended, within the absolute and idle timeouts of its app, its
 * user still allowed by the sign-in rule ('session', or 'console-session' for the console), and
 * (when bound) with the binding cookie of its app. Moves last_seen_at forward. Null otherwise.
 */
export async function lookupSession(
  deps: SessionDeps,
  sessionId: string | null,
  bindingCookies: BindingCookies,
): Promise<SessionInfo | null> {
  if (!sessionId || sessionId.length > MAX_SESSION_ID_LENGTH) return null;
  const { db, clock, config } = deps;
  const now = clock.now();
  const nowMs = now.getTime();
  const sessionHash = hashToken(sessionId);
  const idleOf = (row: OpenSessionRow) => sessionLimitsMs(config, row.audience).idleMs;
  const current = (row: OpenSessionRow) =>
    msOf(row.expiresAt) > nowMs && msOf(row.lastSeenAt) + idleOf(row) > nowMs;
  const pathOf = (row: OpenSessionRow) =>
    row.audience === 'console' ? 'console-session' : 'session';
  // A lookup under TRUST_MS old is trusted, but time limits still count from the clock; when
  // they fail, the database decides (another instance may have moved last_seen_at).
  const sessions = deps.state.sessionCache;
  let row = sessions.recall(sessionHash, nowMs);
  if (row && !current(row)) row = undefined;
  if (!row) {
    const startedAt = sessions.generation();
    row = await findOpenSession(db, sessionHash, now);
    if (!row || !signInAllowed(row, row, pathOf(row)).allowed || !current(row)) return null;
    sessions.remember(row, nowMs, startedAt);
  }
  if (row.bindingHash !== null) {
    const bindingCookie = bindingCookies[row.audience];
    if (!bindingCookie || !safeEqual(hashToken(bindingCookie), row.bindingHash)) return null;
  }
  if (nowMs - msOf(row.lastSeenAt) >= touchIntervalMs(idleOf(row))) {
    await touchSession(db, sessionHash, now);
    row.lastSeenAt = now;
  }
  return {
    sessionHash,
    userKey: row.userKey,
    lmsKey: row.lmsKey,
    isStudent: row.isStudent,
    userType: row.userType,
    studentAccess: row.audience === 'panel' && signInAllowed(row, row, 'student-session').allowed,
    audience: row.audience,
  };
}

/** A session just started: the id only the client ever sees, and the binding cookie's value. */
export interface NewSession {
  sessionId: string;
  sessionHash: string;
  binding: string | null;
}

/** Starts a new session (fresh 256-bit id), bound to a cookie value when useCookie. */
export async function openSession(
  deps: SessionDeps,
  user: {
    userKey: number;
    lmsKey: number;
    useCookie: boolean;
    clientAddress: string;
    userAgent: string;
    audience: SessionAudience;
  },
): Promise<NewSession> {
  const { db, clock, config } = deps;
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
    expiresAt: new Date(now.getTime() + sessionLimitsMs(config, user.audience).absoluteMs),
    clientAddress: user.clientAddress,
    userAgent: user.userAgent,
    audience: user.audience,
  });
  return { sessionId, sessionHash, binding };
}

/** Ends one session (logout); this instance forgets it at once. */
export async function endSession(
  deps: Pick<SessionDeps, 'db' | 'clock' | 'state'>,
  sessionHash: string,
): Promise<void> {
  deps.state.sessionCache.forget(sessionHash);
  await endSessionRow(deps.db, sessionHash, deps.clock.now());
  deps.state.sessionCache.forget(sessionHash);
  await announceSessionsEnded(deps.db, { sessionHash });
}

/** Ends every session of a user, except `exceptHash` when given (password change). */
export async function endUserSessions(
  deps: Pick<SessionDeps, 'db' | 'clock' | 'state'>,
  userKey: number,
  exceptHash: string | null = null,
): Promise<void> {
  deps.state.sessionCache.forgetUser(userKey, exceptHash);
  await endUserSessionRows(deps.db, userKey, deps.clock.now(), exceptHash);
  deps.state.sessionCache.forgetUser(userKey, exceptHash);
  await announceSessionsEnded(deps.db, { userKey, exceptHash });
}

/**
 * Counts activity elsewhere (a lesson window's heartbeat) as activity of a session that is still
 * alive: never revives one that ended, idled out or passed its absolute limit.
 */
export async function keepSessionAlive(
  db: Db,
  sessionHash: string,
  now: Date,
  idleMs: number,
): Promise<void> {
  await keepSessionRowAlive(db, sessionHash, now, idleMs);
}

/** The user of a valid session (null if the row vanished meanwhile). */
export async function sessionUser(deps: { db: Db }, userKey: number): Promise<UserRow | null> {
  return (await userByKey(deps, userKey)) ?? null;
}
