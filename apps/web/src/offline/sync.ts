/**
 * Sync of the commits made offline (docs/decisions/0024), one module for every caller: the bridge
 * page (the panel's 'sync', and on load), the content service worker's Background Sync, and the
 * offline player when it starts online. Per grant: openings oldest first, each opening's commits
 * in seq order, in requests within the contract's limits (20 openings, 200 commits each), a
 * later opening joining a request only when every earlier one is in it whole, so the server
 * applies them in the order they were made. A per-grant lock (Web Locks where the browser has
 * them) keeps two tabs or the worker from syncing one grant at once. Entries leave the queue only
 * as the server acknowledges them (seq <= lastSeq), so a lost answer costs a resend, never a commit.
 */
import {
  offlineContentCalls,
  type OfflineLaunchResult,
  type OfflineStart,
  type OfflineSyncAnswer,
  type OfflineSyncBody,
} from '@waypoint/domain/contract';
import type { GrantRecord, OfflineDb, StoredNotice } from './db';
import {
  clockAheadNotice,
  conflictNotice,
  expiredNotice,
  refusedNotice,
  withNotices,
} from './notices';
import { dropAcknowledged, pendingCount, pendingLaunches, type PendingLaunch } from './queue';

/** The contract's limits per request (OfflineSyncBody). */
export const MAX_LAUNCHES_PER_REQUEST = 20;
export const MAX_COMMITS_PER_LAUNCH = 200;

/** The Background Sync tag the content service worker answers. */
export const BACKGROUND_SYNC_TAG = 'waypoint-offline-sync';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SyncDeps {
  db: OfflineDb;
  fetch?: FetchLike;
  now?: () => number;
  /** Web Locks; null to use this realm's own lock (tests, browsers without them). */
  locks?: LockManager | null;
}

export type SyncOutcome =
  /** Everything queued was acknowledged (or refused and kept). */
  | 'synced'
  /** Nothing to send. */
  | 'nothing'
  /** No answer or a server fault: everything kept, try again later. */
  | 'retry'
  /** The server no longer takes this grant (expired, removed, token refused): not retried. */
  | 'halted'
  /** The grant is not on this device. */
  | 'missing';

export interface GrantSyncResult {
  grantId: string;
  outcome: SyncOutcome;
  /** Commits the server acknowledged in this sync. */
  acknowledged: number;
  /** Commits still on the device. */
  pending: number;
  notices: StoredNotice[];
  /** Why a 'retry' or 'halted' sync stopped. */
  message?: string;
}

export interface SyncOptions {
  /** Send openings refused before, and grants halted before, again (the student asked). */
  retryRefused?: boolean;
}

/** A sync request's openings: whole ones oldest first, the last possibly cut at the limit. */
export function nextRequest(launches: readonly PendingLaunch[]): PendingLaunch[] {
  const chosen: PendingLaunch[] = [];
  for (const launch of launches) {
    if (chosen.length === MAX_LAUNCHES_PER_REQUEST) break;
    if (launch.commits.length > MAX_COMMITS_PER_LAUNCH) {
      chosen.push({ ...launch, commits: launch.commits.slice(0, MAX_COMMITS_PER_LAUNCH) });
      break;
    }
    chosen.push(launch);
  }
  return chosen;
}

// This realm's own lock per grant, when Web Locks are missing.
const localLocks = new Map<string, Promise<unknown>>();

function withGrantLock<T>(
  locks: LockManager | null,
  grantId: string,
  work: () => Promise<T>,
): Promise<T> {
  const name = `waypoint-offline-sync:${grantId}`;
  // request() resolves with what the callback resolved with.
  if (locks) return locks.request(name, { mode: 'exclusive' }, work) as Promise<T>;
  const previous = localLocks.get(name) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  localLocks.set(name, settled);
  void settled.then(() => {
    if (localLocks.get(name) === settled) localLocks.delete(name);
  });
  return run;
}

function defaultLocks(): LockManager | null {
  const nav = (globalThis as { navigator?: Navigator }).navigator;
  return nav?.locks ?? null;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: the status says it.
  }
  return `The server answered ${response.status}.`;
}

function isSyncAnswer(value: unknown): value is OfflineSyncAnswer {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  return (
    Array.isArray(a.launches) &&
    a.launches.every(
      (item: unknown) =>
        !!item &&
        typeof item === 'object' &&
        typeof (item as OfflineLaunchResult).localId === 'string' &&
        Number.isInteger((item as OfflineLaunchResult).lastSeq),
    ) &&
    !!a.start &&
    typeof a.start === 'object'
  );
}

const EXPIRED_MESSAGE =
  'Offline access to this lesson has ended (it expired or was removed in Waypoint).';
const TOKEN_MESSAGE =
  'Waypoint no longer accepts this device for this lesson. Make it available offline again.';

/** Syncs one grant's queue; never throws for the network or the server (see the outcome). */
export function syncGrant(
  deps: SyncDeps,
  grantId: string,
  options: SyncOptions = {},
): Promise<GrantSyncResult> {
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  return withGrantLock(locks, grantId, () => syncLocked(deps, grantId, options));
}

async function syncLocked(
  deps: SyncDeps,
  grantId: string,
  options: SyncOptions,
): Promise<GrantSyncResult> {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const doFetch: FetchLike = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const result: GrantSyncResult = {
    grantId,
    outcome: 'nothing',
    acknowledged: 0,
    pending: 0,
    notices: [],
  };
  let grant = await db.get('grants', grantId);
  if (!grant) return { ...result, outcome: 'missing' };
  if (grant.halted && !options.retryRefused) {
    return {
      ...result,
      outcome: 'halted',
      message: grant.halted,
      pending: await pendingCount(db, grantId),
    };
  }
  const skipped = new Set(options.retryRefused ? [] : Object.keys(grant.refused));
  for (;;) {
    const launches = (await pendingLaunches(db, grantId)).filter((l) => !skipped.has(l.localId));
    if (launches.length === 0) break;
    const chosen = nextRequest(launches);
    const body: OfflineSyncBody = {
      token: grant.token,
      sentInstant: now(),
      launches: chosen.map(({ localId, startedInstant, resumed, commits }) => ({
        localId,
        startedInstant,
        resumed,
        commits,
      })),
    };
    let response: Response;
    try {
      response = await doFetch(offlineContentCalls.sync.path(grantId), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        cache: 'no-store',
      });
    } catch {
      result.outcome = 'retry';
      result.message = 'No connection to the server.';
      break;
    }
    if (response.status === 410 || response.status === 401 || response.status === 403) {
      const reason =
        response.status === 410 ? await messageOr(response, EXPIRED_MESSAGE) : TOKEN_MESSAGE;
      const pending = await pendingCount(db, grantId);
      const notice = expiredNotice(grant.package.lessonName, reason, pending, now());
      grant = await updateGrant(db, grantId, (g) => ({
        ...g,
        halted: reason,
        notices: withNotices(g.notices, [notice]),
      }));
      result.notices.push(notice);
      result.outcome = 'halted';
      result.message = reason;
      break;
    }
    if (response.status === 400 || response.status === 413 || response.status === 422) {
      // Bad input is a bug, not the network: keep these openings and say so, without a loop.
      const reason = await messageOf(response);
      const notices = chosen.map((l) =>
        refusedNotice(grant!.package.lessonName, l.startedInstant, reason, now(), l.localId),
      );
      grant = await updateGrant(db, grantId, (g) => ({
        ...g,
        refused: { ...g.refused, ...Object.fromEntries(chosen.map((l) => [l.localId, reason])) },
        notices: withNotices(g.notices, notices),
      }));
      for (const launch of chosen) skipped.add(launch.localId);
      result.notices.push(...notices);
      continue;
    }
    if (!response.ok) {
      result.outcome = 'retry';
      result.message = await messageOf(response);
      break;
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      answer = null;
    }
    if (!isSyncAnswer(answer)) {
      // A proxy's page, say: nothing is known to be applied; everything stays for a later sync.
      result.outcome = 'retry';
      result.message = 'The server gave an unexpected answer.';
      break;
    }
    const applied = await applyAnswer(deps, grant, chosen, answer, now());
    grant = applied.grant;
    result.acknowledged += applied.dropped;
    result.notices.push(...applied.notices);
    for (const localId of applied.refused) skipped.add(localId);
    if (applied.dropped === 0 && applied.refused.length === 0) {
      // The server acknowledged nothing it was sent: sending again would only loop.
      result.outcome = 'retry';
      result.message = 'The server did not take the commits sent; they stay on this device.';
      break;
    }
  }
  result.pending = await pendingCount(db, grantId);
  if (result.outcome === 'nothing' && (result.acknowledged > 0 || result.notices.length > 0)) {
    result.outcome = 'synced';
  }
  return result;
}

async function messageOr(response: Response, fallback: string): Promise<string> {
  const message = await messageOf(response);
  return message.startsWith('The server answered') ? fallback : message;
}

async function applyAnswer(
  deps: SyncDeps,
  grant: GrantRecord,
  sent: readonly PendingLaunch[],
  answer: OfflineSyncAnswer,
  nowMs: number,
): Promise<{ grant: GrantRecord; dropped: number; notices: StoredNotice[]; refused: string[] }> {
  const { db } = deps;
  const byLocalId = new Map(answer.launches.map((item) => [item.localId, item]));
  const acknowledged: Array<{ opening: number; lastSeq: number }> = [];
  const notices: StoredNotice[] = [];
  const refused: Record<string, string> = {};
  const lessonName = grant.package.lessonName;
  for (const launch of sent) {
    const item = byLocalId.get(launch.localId);
    if (!item) continue;
    acknowledged.push({ opening: launch.opening, lastSeq: item.lastSeq });
    if (item.refused) {
      refused[launch.localId] = item.refused;
      notices.push(
        refusedNotice(lessonName, launch.startedInstant, item.refused, nowMs, launch.localId),
      );
    }
    if (item.conflict)
      notices.push(conflictNotice(lessonName, item.conflict, nowMs, launch.localId));
    if (item.clockAhead) notices.push(clockAheadNotice(lessonName, nowMs, launch.localId));
  }
  const dropped = await dropAcknowledged(db, grant.grantId, acknowledged);
  const empty = (await pendingCount(db, grant.grantId)) === 0;
  const next = await updateGrant(db, grant.grantId, (g) => ({
    ...g,
    syncedInstant: nowMs,
    // The server's start counts only what it has: while commits wait, the device's is newer.
    start: empty ? (answer.start as OfflineStart) : g.start,
    refused: { ...g.refused, ...refused },
    halted: null,
    notices: withNotices(g.notices, notices),
  }));
  return { grant: next, dropped, notices, refused: Object.keys(refused) };
}

async function updateGrant(
  db: OfflineDb,
  grantId: string,
  change: (grant: GrantRecord) => GrantRecord,
): Promise<GrantRecord> {
  const tx = db.transaction('grants', 'readwrite');
  const grant = await tx.store.get(grantId);
  if (!grant) {
    await tx.done;
    throw new Error(`The lesson ${grantId} is no longer stored on this device.`);
  }
  const next = change(grant);
  await tx.store.put(next);
  await tx.done;
  return next;
}

/** Syncs every grant (of one owner, when given), one after another. */
export async function syncGrants(
  deps: SyncDeps,
  options: SyncOptions & { owner?: string } = {},
): Promise<GrantSyncResult[]> {
  const grants = options.owner
    ? await deps.db.getAllFromIndex('grants', 'owner', options.owner)
    : await deps.db.getAll('grants');
  const results: GrantSyncResult[] = [];
  for (const grant of grants) results.push(await syncGrant(deps, grant.grantId, options));
  return results;
}

/** Whether any grant's sync should be tried again later. */
export const needsRetry = (results: readonly GrantSyncResult[]): boolean =>
  results.some((r) => r.outcome === 'retry');
