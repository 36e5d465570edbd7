/**
 * One instance's memory of recent session lookups (ADR 0006; one per app: instance-state.ts). A
 * session row read from the database is trusted for TRUST_MS without another query; the guards
 * still check its idle and absolute expiry, binding cookie and XSRF on every request. Failed
 * lookups are never remembered, and logout / ending a user's sessions forget entries at once: in
 * this instance directly, in the other instances on the same PostgreSQL through cross-instance.ts.
 */
import type { findOpenSession } from './repo.js';

/** A session row as findOpenSession returns it. */
export type OpenSessionRow = NonNullable<Awaited<ReturnType<typeof findOpenSession>>>;

/** How long a database lookup is trusted (the cross-instance window for sessions ended elsewhere). */
export const TRUST_MS = 1000;
const MAX_ENTRIES = 10_000;

interface Entry {
  row: OpenSessionRow;
  checkedAt: number;
}

/** What was forgotten: one session, a user's sessions but one, or every session. */
export type SessionsForgotten =
  { sessionHash: string } | { userKey: number; exceptHash: string | null } | { all: true };

/** One instance's session cache: the lookups it trusts, and who hears when sessions are forgotten. */
export interface SessionCache {
  /** The row of a session looked up less than TRUST_MS ago, else undefined. */
  recall(sessionHash: string, nowMs: number): OpenSessionRow | undefined;
  /** The current generation, to pass to remember after a lookup. */
  generation(): number;
  /** Remembers a valid session row, unless a session was forgotten since `startedAt`. */
  remember(row: OpenSessionRow, nowMs: number, startedAt: number): void;
  /** Forgets one session (logout, or a failed check). */
  forget(sessionHash: string): void;
  /** Forgets every session of a user except `exceptHash` (sessions ended, password changed). */
  forgetUser(userKey: number, exceptHash?: string | null): void;
  /** Forgets every session (the cross-instance listener lost its connection: it may have missed some). */
  forgetAll(): void;
  /**
   * Calls `listener` whenever sessions are forgotten here (logout, ended sessions, a notification
   * from another instance), so that the instance's other memories of a session end with it: the
   * lesson files a launch of that session serves (player/content-files.ts, ADR 0006).
   */
  onForgotten(listener: (forgotten: SessionsForgotten) => void): void;
}

/** A new, empty session cache: one per instance, so two apps in one process share no lookup. */
export function createSessionCache(): SessionCache {
  const cache = new Map<string, Entry>();
  // Bumped by every forget: a lookup that started before one must not be remembered.
  let generation = 0;
  const listeners = new Set<(forgotten: SessionsForgotten) => void>();
  const notify = (forgotten: SessionsForgotten) => {
    for (const listener of listeners) listener(forgotten);
  };

  return {
    recall(sessionHash, nowMs) {
      const entry = cache.get(sessionHash);
      if (!entry) return undefined;
      const age = nowMs - entry.checkedAt;
      if (age >= 0 && age < TRUST_MS) return entry.row;
      cache.delete(sessionHash);
      return undefined;
    },

    generation: () => generation,

    remember(row, nowMs, startedAt) {
      if (startedAt !== generation) return;
      cache.delete(row.sessionHash);
      cache.set(row.sessionHash, { row, checkedAt: nowMs });
      // Oldest first; entries are useless after TRUST_MS anyway.
      for (const key of cache.keys()) {
        if (cache.size <= MAX_ENTRIES) break;
        cache.delete(key);
      }
    },

    forget(sessionHash) {
      generation += 1;
      cache.delete(sessionHash);
      notify({ sessionHash });
    },

    forgetUser(userKey, exceptHash = null) {
      generation += 1;
      notify({ userKey, exceptHash });
      for (const [hash, entry] of cache) {
        if (entry.row.userKey === userKey && hash !== exceptHash) cache.delete(hash);
      }
    },

    forgetAll() {
      generation += 1;
      cache.clear();
      notify({ all: true });
    },

    onForgotten(listener) {
      listeners.add(listener);
    },
  };
}
