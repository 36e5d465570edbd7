/**
 * The progress-report cache (docs/decisions/0006-caching.md): the serialised response per student
 * and query options, tagged with the data versions it was built from (migration 0004) and the
 * time until which "now" cannot change it. An entry checked against the versions less than
 * FRESH_MS ago is served without asking the database; otherwise one cheap query decides between
 * reuse and rebuild. Writes made by this process clear the affected entries at once
 * (invalidateReports); writes by other instances are seen within FRESH_MS.
 */
import type { ProgressReport, ProgressReportOptions } from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { selectReportVersions } from './repo.js';
import { buildTimedProgressReport } from './service.js';

/** How long a version check is trusted (the cross-instance staleness window). */
export const FRESH_MS = 1000;
const MAX_ENTRIES = 500;
// The 5,000-lesson report is ~5 MB; keep the cache's memory bounded whatever the mix.
const MAX_BYTES = 256 * 1024 * 1024;

/**
 * Reads by outcome since the process started, for the metrics (ADR 0013): served from memory
 * (fresh), reused after a version check (revalidated), or built again (rebuilt).
 */
export const reportCacheStats = { fresh: 0, revalidated: 0, rebuilt: 0 };

interface Entry {
  userKey: number;
  /** The response body; null for 'Nothing to report.'. */
  body: Buffer | null;
  userVersion: number;
  contentVersion: number;
  validUntil: number;
  checkedAt: number;
}

// Map order is recency order: a hit moves its entry to the end, eviction takes the front.
const entries = new Map<string, Entry>();
let totalBytes = 0;
// Bumped by every invalidation: a build that started before one must not be stored.
let generation = 0;
// One refresh per key at a time; requests without no-cache join it.
const inflight = new Map<string, Promise<Buffer | null>>();
const dbIds = new WeakMap<Db, number>();
let nextDbId = 1;

function dbId(db: Db): number {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = nextDbId++));
  return id;
}

function toBuffer(serialised: string | Buffer | ArrayBuffer): Buffer {
  if (typeof serialised === 'string') return Buffer.from(serialised);
  return Buffer.isBuffer(serialised) ? serialised : Buffer.from(serialised);
}

function remove(key: string, entry: Entry): void {
  entries.delete(key);
  totalBytes -= entry.body?.length ?? 0;
}

function store(key: string, entry: Entry): void {
  const old = entries.get(key);
  if (old) remove(key, old);
  entries.set(key, entry);
  totalBytes += entry.body?.length ?? 0;
  for (const [oldestKey, oldest] of entries) {
    if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
    remove(oldestKey, oldest);
  }
}

/** Drops the cached reports of one student (every entry when no userKey): call after writing their data. */
export function invalidateReports(userKey?: number): void {
  generation += 1;
  // Requests after the write must not join a refresh that may have read the data before it.
  inflight.clear();
  for (const [key, entry] of entries) {
    if (userKey === undefined || entry.userKey === userKey) remove(key, entry);
  }
}

/** True when the request asks to skip cached answers (Cache-Control: no-cache or Pragma: no-cache). */
export function wantsRevalidation(headers: Record<string, string | string[] | undefined>): boolean {
  const cacheControl = headers['cache-control'];
  const pragma = headers.pragma;
  return (
    (typeof cacheControl === 'string' && /\bno-(cache|store)\b/i.test(cacheControl)) ||
    (typeof pragma === 'string' && /\bno-cache\b/i.test(pragma))
  );
}

export interface CachedReportRequest {
  user: { userKey: number; lmsKey: number };
  options: ProgressReportOptions;
  /** Check the data versions even when the last check is recent. */
  revalidate: boolean;
  /** Turns a built report into the response body (the route's response serializer). */
  serialize: (report: ProgressReport) => string | Buffer | ArrayBuffer;
}

/** The serialised progress report (null: nothing to report), from the cache when still current. */
export function cachedProgressReport(
  deps: { db: Db; clock: Clock },
  request: CachedReportRequest,
): Promise<Buffer | null> | Buffer | null {
  const { user, options } = request;
  const key = `${dbId(deps.db)}:${user.lmsKey}:${user.userKey}:${options.showExpired ? 1 : 0}${options.withFlaggedAssignments ? 1 : 0}${options.showEmptyLeafs ? 1 : 0}`;
  const nowMs = deps.clock.now().getTime();
  const entry = entries.get(key);
  if (entry && !request.revalidate && nowMs < entry.validUntil) {
    const age = nowMs - entry.checkedAt;
    if (age >= 0 && age < FRESH_MS) {
      entries.delete(key);
      entries.set(key, entry);
      reportCacheStats.fresh += 1;
      return entry.body;
    }
  }
  if (!request.revalidate) {
    const pending = inflight.get(key);
    if (pending) return pending;
  }
  const refreshing = refresh(deps.db, key, nowMs, request).finally(() => {
    if (inflight.get(key) === refreshing) inflight.delete(key);
  });
  inflight.set(key, refreshing);
  return refreshing;
}

async function refresh(
  db: Db,
  key: string,
  nowMs: number,
  request: CachedReportRequest,
): Promise<Buffer | null> {
  const startedAt = generation;
  // Versions first: a write landing after this read leaves the entry tagged older, so it is
  // rebuilt at the next check, never served as current.
  const versions = await selectReportVersions(db, request.user.userKey);
  const entry = entries.get(key);
  if (
    entry &&
    generation === startedAt &&
    nowMs < entry.validUntil &&
    entry.userVersion === versions.user &&
    entry.contentVersion === versions.content
  ) {
    entry.checkedAt = Math.max(entry.checkedAt, nowMs);
    reportCacheStats.revalidated += 1;
    return entry.body;
  }
  reportCacheStats.rebuilt += 1;
  const { report, validUntil } = await buildTimedProgressReport(
    db,
    request.user,
    nowMs,
    request.options,
  );
  const body = report ? toBuffer(request.serialize(report)) : null;
  if (generation === startedAt) {
    store(key, {
      userKey: request.user.userKey,
      body,
      userVersion: versions.user,
      contentVersion: versions.content,
      validUntil,
      checkedAt: nowMs,
    });
  }
  return body;
}
