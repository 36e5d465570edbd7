/**
 * The progress-report cache (docs/decisions/0006-caching.md): the serialised response per student
 * and query options, tagged with the data versions it was built from (migration 0004) and the
 * time until which "now" cannot change it. An entry checked against the versions less than
 * FRESH_MS ago is served without asking the database; otherwise one cheap query decides between
 * reuse and rebuild. Writes made by this instance clear the affected entries at once
 * (invalidate), or, for a commit that wrote progress rows alone, patch them (lessonsChanged);
 * writes by other instances are seen within FRESH_MS. One cache per instance (createReportCache,
 * instance-state.ts).
 */
import type { ProgressReport, ProgressReportOptions } from '@waypoint/domain/contract';
import type { Clock } from '../../lib/clock.js';
import {
  replaceParts,
  serializeInParts,
  toBuffer,
  type ReportBody,
  type Serialize,
} from './report-body.js';
import {
  applyProgress,
  flaggedOf,
  presentAssignment,
  progressDigestAfter,
  progressKey,
  type ReportRows,
} from './report-tree.js';
import { selectProgressPatch, selectReportVersions } from './repo.js';
import { buildTimedProgressReport, type ReportDeps } from './service.js';

/** How long a version check is trusted (the cross-instance staleness window). */
export const FRESH_MS = 1000;
const MAX_ENTRIES = 500;
// The 5,000-lesson report is ~5 MB; keep the cache's memory bounded whatever the mix.
const MAX_BYTES = 256 * 1024 * 1024;

interface Entry {
  userKey: number;
  /** The response body; null for 'Nothing to report.'. */
  body: Buffer | null;
  userVersion: number;
  contentVersion: number;
  validUntil: number;
  checkedAt: number;
  /** What re-presenting part of the report needs; none: a commit drops the entry. */
  patch: PatchState | null;
  /** Progress rows reported changed and not applied yet, by progressKey. */
  queued: Map<string, ChangedLesson>;
  /** The patches running; reads wait for them. */
  patching: Promise<void> | null;
}

interface PatchState {
  deps: ReportDeps & { clock: Clock };
  serialize: Serialize;
  rows: ReportRows;
  body: ReportBody;
  /** An estimate of the rows' memory, counted with the body against MAX_BYTES. */
  rowBytes: number;
}

type ChangedLesson = { assignmentKey: number; lessonKey: number };

// Measured on the 5,000-lesson student: the rows kept for patching take about 6.2 MB of heap for a
// 5.3 MB body (docs/decisions/0006).
const ROW_BYTES_PER_BODY_BYTE = 1.25;

const entryBytes = (entry: Entry) => (entry.body?.length ?? 0) + (entry.patch?.rowBytes ?? 0);

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

/**
 * Reads by outcome, for the metrics (ADR 0013): served from memory (fresh), reused after a version
 * check (revalidated), or built again (rebuilt).
 */
export interface ReportCacheStats {
  fresh: number;
  revalidated: number;
  rebuilt: number;
}

/** Entries brought up to date after a commit (patched), or dropped because they could not be. */
export interface ReportPatchStats {
  patched: number;
  dropped: number;
}

/** One instance's report cache (instance-state.ts): its entries, builds in flight and statistics. */
export interface ReportCache {
  /** The serialised progress report (null: nothing to report), from the cache when still current. */
  read(
    deps: ReportDeps & { clock: Clock },
    request: CachedReportRequest,
  ): Promise<Buffer | null> | Buffer | null;
  /** Drops the cached reports of one student (every entry when no userKey): call after writing their data. */
  invalidate(userKey?: number): void;
  /**
   * This instance has just committed new lesson_progress values for these (assignment, lesson)
   * rows of the student, and nothing else of their report (call invalidate for any other write).
   */
  lessonsChanged(
    userKey: number,
    lessons: ReadonlyArray<{ assignmentKey: number; lessonKey: number }>,
  ): void;
  readonly stats: Readonly<ReportCacheStats>;
  readonly patchStats: Readonly<ReportPatchStats>;
}

/** A new, empty report cache: one per instance, so two apps in one process share no entry. */
export function createReportCache(): ReportCache {
  // Map order is recency order: a hit moves its entry to the end, eviction takes the front.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  // Bumped by every invalidation: a build that started before one must not be stored.
  let generation = 0;
  // One refresh per key at a time; requests without no-cache join it.
  const inflight = new Map<string, Promise<Buffer | null>>();
  const stats: ReportCacheStats = { fresh: 0, revalidated: 0, rebuilt: 0 };
  const patchStats: ReportPatchStats = { patched: 0, dropped: 0 };

  function remove(key: string, entry: Entry): void {
    entries.delete(key);
    totalBytes -= entryBytes(entry);
  }

  function evict(): void {
    for (const [oldestKey, oldest] of entries) {
      if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
      remove(oldestKey, oldest);
    }
  }

  function store(key: string, entry: Entry): void {
    const old = entries.get(key);
    if (old) remove(key, old);
    entries.set(key, entry);
    totalBytes += entryBytes(entry);
    evict();
  }

  /** Drops the cached reports of one student (every entry when no userKey): call after writing their data. */
  function invalidateReports(userKey?: number): void {
    generation += 1;
    // Requests after the write must not join a refresh that may have read the data before it.
    inflight.clear();
    for (const [key, entry] of entries) {
      if (userKey === undefined || entry.userKey === userKey) remove(key, entry);
    }
  }

  /** The serialised progress report (null: nothing to report), from the cache when still current. */
  function cachedProgressReport(
    deps: ReportDeps & { clock: Clock },
    request: CachedReportRequest,
  ): Promise<Buffer | null> | Buffer | null {
    const { user, options } = request;
    const key = `${user.lmsKey}:${user.userKey}:${options.showExpired ? 1 : 0}${options.withFlaggedAssignments ? 1 : 0}${options.showEmptyLeafs ? 1 : 0}`;
    const entry = entries.get(key);
    // A commit of this process changed the report: answer once it is patched (or dropped).
    if (entry?.patching) return entry.patching.then(() => cachedProgressReport(deps, request));
    const nowMs = deps.clock.now().getTime();
    if (entry && !request.revalidate && nowMs < entry.validUntil) {
      const age = nowMs - entry.checkedAt;
      if (age >= 0 && age < FRESH_MS) {
        entries.delete(key);
        entries.set(key, entry);
        stats.fresh += 1;
        return entry.body;
      }
    }
    if (!request.revalidate) {
      const pending = inflight.get(key);
      if (pending) return pending;
    }
    const refreshing = refresh(deps, key, nowMs, request).finally(() => {
      if (inflight.get(key) === refreshing) inflight.delete(key);
    });
    inflight.set(key, refreshing);
    return refreshing;
  }

  async function refresh(
    deps: ReportDeps & { clock: Clock },
    key: string,
    nowMs: number,
    request: CachedReportRequest,
  ): Promise<Buffer | null> {
    const { db } = deps;
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
      stats.revalidated += 1;
      return entry.body;
    }
    stats.rebuilt += 1;
    const { report, validUntil, rows } = await buildTimedProgressReport(
      deps,
      request.user,
      nowMs,
      request.options,
    );
    // Kept in parts with its rows, so that a commit re-presents only what it changed.
    const parts = report && rows ? serializeInParts(request.serialize, report) : null;
    const body = parts ? parts.body : report ? toBuffer(request.serialize(report)) : null;
    if (generation === startedAt) {
      store(key, {
        userKey: request.user.userKey,
        body,
        userVersion: versions.user,
        contentVersion: versions.content,
        validUntil,
        checkedAt: nowMs,
        patch:
          parts && rows
            ? {
                deps,
                serialize: request.serialize,
                rows,
                body: parts,
                rowBytes: parts.body.length * ROW_BYTES_PER_BODY_BYTE,
              }
            : null,
        queued: new Map(),
        patching: null,
      });
    }
    return body;
  }

  /**
   * This process has just committed new lesson_progress values for these (assignment, lesson) rows
   * of the student, and nothing else of their report (call invalidateReports for any other write).
   * Their cached reports are brought up to date by reading those rows again and presenting again
   * only the curricula they belong to; reads wait for it. An entry that cannot be patched (its
   * rows no longer match the database's: another instance wrote too) is dropped and rebuilt.
   */
  function reportLessonsChanged(
    userKey: number,
    lessons: ReadonlyArray<{ assignmentKey: number; lessonKey: number }>,
  ): void {
    if (lessons.length === 0) return;
    // A build that may have read the rows before the commit must not be stored or joined.
    generation += 1;
    inflight.clear();
    for (const [key, entry] of entries) {
      if (entry.userKey !== userKey) continue;
      if (!entry.patch) {
        remove(key, entry);
        continue;
      }
      for (const lesson of lessons) {
        const { assignmentKey, lessonKey } = lesson;
        entry.queued.set(progressKey(assignmentKey, lessonKey), { assignmentKey, lessonKey });
      }
      if (!entry.patching) startPatching(key, entry);
    }
  }

  function startPatching(key: string, entry: Entry): void {
    const running: Promise<void> = applyQueued(key, entry).finally(() => {
      if (entry.patching !== running) return;
      entry.patching = null;
      // Lessons reported after the last pass looked at the queue.
      if (entry.queued.size > 0 && entries.get(key) === entry) startPatching(key, entry);
    });
    entry.patching = running;
  }

  async function applyQueued(key: string, entry: Entry): Promise<void> {
    while (entry.queued.size > 0 && entries.get(key) === entry) {
      const lessons = [...entry.queued.values()];
      entry.queued.clear();
      let patched = false;
      try {
        patched = await patchEntry(key, entry, lessons);
      } catch {
        patched = false;
      }
      if (!patched) {
        if (entries.get(key) === entry) {
          remove(key, entry);
          patchStats.dropped += 1;
        }
        return;
      }
    }
  }

  /**
   * Re-reads the changed rows and applies them; false when the entry cannot be patched. Only the
   * changed rows are read: the sums of row hashes read with them prove that nothing else of the
   * student's changed since the entry's rows were read (another instance's write), and the content
   * version that no curriculum did.
   */
  async function patchEntry(key: string, entry: Entry, lessons: ChangedLesson[]): Promise<boolean> {
    const state = entry.patch!;
    const { rows } = state;
    const found = await selectProgressPatch(state.deps.db, rows.user, lessons);
    // Dropped or replaced meanwhile (an invalidation, a rebuild): nothing to bring up to date.
    if (entries.get(key) !== entry) return true;
    const change = { asked: lessons, rows: found?.rows ?? [] };
    if (
      !found ||
      found.versions.content !== entry.contentVersion ||
      found.digests.assignments !== rows.digests.assignments ||
      found.digests.sequencing !== rows.digests.sequencing ||
      found.digests.progress !== progressDigestAfter(rows, change)
    ) {
      return false;
    }
    const curricula = applyProgress(rows, change);
    const elements = new Map(
      [...curricula].map((index) => [index, presentAssignment(rows, rows.assignments[index]!)]),
    );
    const body = replaceParts(state.serialize, state.body, elements, {
      prerequisiteTypes: rows.prerequisiteTypes,
      flaggedLeafAssignments: flaggedOf(rows),
    });
    if (!body) return false;
    totalBytes -= entryBytes(entry);
    state.body = body;
    state.rowBytes = body.body.length * ROW_BYTES_PER_BODY_BYTE;
    entry.body = body.body;
    // The entry now holds the database's state as of that read: tag it with its versions.
    entry.userVersion = found.versions.user;
    entry.checkedAt = Math.max(entry.checkedAt, state.deps.clock.now().getTime());
    totalBytes += entryBytes(entry);
    evict();
    patchStats.patched += 1;
    return true;
  }

  return {
    read: cachedProgressReport,
    invalidate: invalidateReports,
    lessonsChanged: reportLessonsChanged,
    stats,
    patchStats,
  };
}
