/**
 * The durable queue of commits made offline (docs/decisions/0024). A commit is written with the
 * grant's new start state in one IndexedDB transaction, and counts as saved only once that
 * transaction has completed; entries leave the queue only when the server has acknowledged their
 * seq (its lastSeq for the opening), so a sync whose answer is lost sends them again and the
 * server's seq rule (ADR 0007: seq <= lastSeq is acknowledged and ignored) keeps them single.
 */
import type { OfflineCommit, OfflineLaunch, OfflineStart } from '@waypoint/domain/contract';
import { grantRange, type GrantRecord, type OfflineDb, type QueueEntry } from './db';

/** Thrown when the grant is no longer on this device (removed in another tab). */
export class GrantMissingError extends Error {
  constructor(grantId: string) {
    super(`The lesson ${grantId} is no longer stored on this device.`);
    this.name = 'GrantMissingError';
  }
}

/**
 * Takes the next opening number of a grant (one transaction, so two tabs never share one).
 * Returns the grant as it was read.
 */
export async function beginOpening(
  db: OfflineDb,
  grantId: string,
): Promise<{ opening: number; grant: GrantRecord }> {
  const tx = db.transaction('grants', 'readwrite');
  const grant = await tx.store.get(grantId);
  if (!grant) {
    tx.abort();
    await tx.done.catch(() => undefined);
    throw new GrantMissingError(grantId);
  }
  const opening = grant.nextOpening;
  await tx.store.put({ ...grant, nextOpening: opening + 1 });
  await tx.done;
  return { opening, grant };
}

/**
 * Writes one commit to the queue and the grant's start state after it, in one transaction.
 * Resolves once the transaction is complete (durable); rejects when it was not written.
 */
export async function appendCommit(
  db: OfflineDb,
  entry: QueueEntry,
  start: OfflineStart | null,
): Promise<void> {
  const tx = db.transaction(['grants', 'queue'], 'readwrite');
  const grants = tx.objectStore('grants');
  const grant = await grants.get(entry.grantId);
  if (!grant) {
    tx.abort();
    await tx.done.catch(() => undefined);
    throw new GrantMissingError(entry.grantId);
  }
  await tx.objectStore('queue').put(entry);
  if (start) await grants.put({ ...grant, start });
  await tx.done;
}

/** A grant's queued commits, grouped by opening, in send order. */
export interface PendingLaunch extends OfflineLaunch {
  opening: number;
}

export async function pendingLaunches(db: OfflineDb, grantId: string): Promise<PendingLaunch[]> {
  const entries = await db.getAll('queue', grantRange(grantId));
  const launches: PendingLaunch[] = [];
  let current = null as PendingLaunch | null;
  for (const entry of entries) {
    if (current === null || current.opening !== entry.opening) {
      current = {
        opening: entry.opening,
        localId: entry.localId,
        startedInstant: entry.startedInstant,
        resumed: entry.resumed,
        commits: [],
      };
      launches.push(current);
    }
    const commit: OfflineCommit = {
      seq: entry.seq,
      final: entry.final,
      cmi: entry.cmi,
      instant: entry.instant,
    };
    current.commits.push(commit);
  }
  return launches;
}

/** How many commits of a grant wait for the server. */
export function pendingCount(db: OfflineDb, grantId: string): Promise<number> {
  return db.count('queue', grantRange(grantId));
}

/**
 * Drops what the server acknowledged: an opening's entries with seq <= its lastSeq. One
 * transaction; returns how many entries left the queue.
 */
export async function dropAcknowledged(
  db: OfflineDb,
  grantId: string,
  acknowledged: ReadonlyArray<{ opening: number; lastSeq: number }>,
): Promise<number> {
  const tx = db.transaction('queue', 'readwrite');
  let dropped = 0;
  for (const { opening, lastSeq } of acknowledged) {
    if (lastSeq < 1) continue;
    const range = IDBKeyRange.bound([grantId, opening, -Infinity], [grantId, opening, lastSeq]);
    dropped += await tx.store.count(range);
    await tx.store.delete(range);
  }
  await tx.done;
  return dropped;
}
