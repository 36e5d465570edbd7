/**
 * Sessions ended on another instance (logout, password change or reset) are forgotten here at
 * once: each instance on a PostgreSQL server LISTENs on the channel endSession and endUserSessions
 * notify (ADR 0006). Without it, another instance would trust its cached lookup for up to TRUST_MS.
 * PGlite is one process: nothing to listen to.
 */
import pg from 'pg';
import type { SessionCache } from './cache.js';
import { SESSIONS_ENDED_CHANNEL, type SessionsEnded } from './repo.js';

const RECONNECT_MS = 1000;

export interface SessionsEndedListener {
  close(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

function parse(payload: string | undefined): SessionsEnded | null {
  try {
    const value = JSON.parse(payload ?? '') as Record<string, unknown>;
    if (typeof value.sessionHash === 'string') return { sessionHash: value.sessionHash };
    if (typeof value.userKey === 'number') {
      const exceptHash = typeof value.exceptHash === 'string' ? value.exceptHash : null;
      return { userKey: value.userKey, exceptHash };
    }
  } catch {
    // Not ours: ignored below.
  }
  return null;
}

/** Applies one notification to this instance's session cache. */
export function forgetEnded(sessions: SessionCache, ended: SessionsEnded): void {
  if ('sessionHash' in ended) sessions.forget(ended.sessionHash);
  else sessions.forgetUser(ended.userKey, ended.exceptHash);
}

/**
 * Listens on a connection of its own (a pooled one cannot hold a LISTEN). When the connection
 * drops, every cached session is forgotten (notifications may have been missed) and it reconnects.
 */
export async function listenForEndedSessions(
  databaseUrl: string,
  sessions: SessionCache,
  log: Log,
): Promise<SessionsEndedListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      const ended = parse(message.payload);
      if (message.channel === SESSIONS_ENDED_CHANNEL && ended) forgetEnded(sessions, ended);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'session notifications: connection lost; reconnecting');
      sessions.forgetAll();
      void next.end().catch(() => {});
      if (client === next) client = null;
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`);
    if (closed) await next.end();
    else client = next;
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'session notifications: reconnect failed');
        schedule();
      });
    }, RECONNECT_MS);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
