/**
 * Per-process memory of recent session lookups (ADR 0006). A session row read
 * from the database is trusted for TRUST_MS without another query; the guards still check its
 * idle and absolute expiry, binding cookie and XSRF on every request. Failed lookups are never
 * remembered, and logout / ending a user's sessions forget entries at once: in this process
 * directly, in the other instances on the same PostgreSQL through cross-instance.ts (ADR 0006).
 */
import type { Db } from '../../db/connection.js';
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

const caches = new WeakMap<Db, Map<string, Entry>>();
// The databases with a cache, to clear them all (a WeakMap cannot be walked).
const knownDbs = new Set<Db>();
// Bumped by every forget: a lookup that started before one must not be remembered.
let generation = 0;

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    caches.set(db, (cache = new Map()));
    knownDbs.add(db);
  }
  return cache;
}

/** The row of a session looked up less than TRUST_MS ago, else undefined. */
export function recallSession(
  db: Db,
  sessionHash: string,
  nowMs: number,
): OpenSessionRow | undefined {
  const cache = caches.get(db);
  const entry = cache?.get(sessionHash);
  if (!entry) return undefined;
  const age = nowMs - entry.checkedAt;
  if (age >= 0 && age < TRUST_MS) return entry.row;
  cache!.delete(sessionHash);
  return undefined;
}

/** The current generation, to pass to rememberSession after a lookup. */
export function sessionGeneration(): number {
  return generation;
}

/** Remembers a valid session row, unless a session was forgotten since `startedAt`. */
export function rememberSession(
  db: Db,
  row: OpenSessionRow,
  nowMs: number,
  startedAt: number,
): void {
  if (startedAt !== generation) return;
  const cache = cacheOf(db);
  cache.delete(row.sessionHash);
  cache.set(row.sessionHash, { row, checkedAt: nowMs });
  // Oldest first; entries are useless after TRUST_MS anyway.
  for (const key of cache.keys()) {
    if (cache.size <= MAX_ENTRIES) break;
    cache.delete(key);
  }
}

/** What was forgotten: one session, a user's sessions but one, or every session. */
export type SessionsForgotten =
  { sessionHash: string } | { userKey: number; exceptHash: string | null } | { all: true };

type ForgetListener = (db: Db | null, forgotten: SessionsForgotten) => void;
const forgetListeners = new Set<ForgetListener>();

/**
 * Calls `listener` whenever sessions are forgotten here (logout, ended sessions, a notification
 * from another instance), so that other per-process memories of a session end with it: the
 * lesson files a launch of that session serves (player/content-files.ts, ADR 0006).
 */
export function onSessionsForgotten(listener: ForgetListener): void {
  forgetListeners.add(listener);
}

function notify(db: Db | null, forgotten: SessionsForgotten): void {
  for (const listener of forgetListeners) listener(db, forgotten);
}

/** Forgets one session (logout, or a failed check). */
export function forgetSession(db: Db, sessionHash: string): void {
  generation += 1;
  caches.get(db)?.delete(sessionHash);
  notify(db, { sessionHash });
}

/** Forgets every session of a user except `exceptHash` (sessions ended, password changed). */
export function forgetUserSessions(
  db: Db,
  userKey: number,
  exceptHash: string | null = null,
): void {
  generation += 1;
  notify(db, { userKey, exceptHash });
  const cache = caches.get(db);
  if (!cache) return;
  for (const [hash, entry] of cache) {
    if (entry.row.userKey === userKey && hash !== exceptHash) cache.delete(hash);
  }
}

/** Forgets every session (the cross-instance listener lost its connection: it may have missed some). */
export function forgetAllSessions(): void {
  generation += 1;
  for (const db of knownDbs) caches.get(db)?.clear();
  notify(null, { all: true });
}
