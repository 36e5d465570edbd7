/**
 * Group commit for lesson commits (ADR 0007, "Group commit"): commits that arrive while earlier
 * ones are being written wait here, and the next free slot takes every waiting one (up to
 * `maxBatch`) into one database transaction. An idle server writes each commit at once, alone; a
 * busy one pays one transaction's round trips and one WAL flush for many commits.
 *
 * A launch is never in two batches at once: its commits wait for the batch that holds it, so the
 * batches never wait on each other's launch rows and a launch's commits apply in seq order.
 */
export interface QueuedCommit {
  /** The launch the commit belongs to. */
  launchId: string;
}

export interface CommitQueueOptions<T extends QueuedCommit> {
  /** Writes one batch; settles each entry's own promise itself (a batch never rejects). */
  write: (batch: T[]) => Promise<void>;
  /** The most commits in one transaction. */
  maxBatch: number;
  /** Batches written at once (database connections the commits may hold). */
  concurrency: number;
}

export interface CommitQueue<T extends QueuedCommit> {
  /** Queues a commit; it is written with the next batch that can take its launch. */
  push(entry: T): void;
  /** Commits waiting and batches being written, for tests and metrics. */
  stats(): { waiting: number; writing: number };
}

/** A queue that writes what waits in batches, `concurrency` at a time. */
export function createCommitQueue<T extends QueuedCommit>(
  options: CommitQueueOptions<T>,
): CommitQueue<T> {
  let waiting: T[] = [];
  let writing = 0;
  const busy = new Set<string>();

  /** The waiting commits the next batch takes: oldest first, none of a launch being written. */
  function take(): T[] {
    const batch: T[] = [];
    const left: T[] = [];
    for (const entry of waiting) {
      if (batch.length < options.maxBatch && !busy.has(entry.launchId)) batch.push(entry);
      else left.push(entry);
    }
    waiting = left;
    return batch;
  }

  let scheduled = false;

  /**
   * Starts what the free slots can take once the event loop has read what has already arrived:
   * on PGlite a whole transaction can run without yielding to I/O, so a batch started at once
   * would only ever hold the one commit that started it.
   */
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  function pump(): void {
    while (writing < options.concurrency && waiting.length > 0) {
      const batch = take();
      if (batch.length === 0) return;
      writing += 1;
      for (const entry of batch) busy.add(entry.launchId);
      void options.write(batch).finally(() => {
        writing -= 1;
        for (const entry of batch) busy.delete(entry.launchId);
        schedule();
      });
    }
  }

  return {
    push(entry) {
      waiting.push(entry);
      schedule();
    },
    stats: () => ({ waiting: waiting.length, writing }),
  };
}
