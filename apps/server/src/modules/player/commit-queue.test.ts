import { describe, expect, it } from 'vitest';
import { createCommitQueue } from './commit-queue.js';

/** Group commit's scheduling (ADR 0007, Group commit), with batches the test finishes by hand. */

interface Entry {
  launchId: string;
  seq: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function harness(options: { maxBatch: number; concurrency: number }) {
  const batches: { entries: Entry[]; finish: () => void }[] = [];
  const queue = createCommitQueue<Entry>({
    ...options,
    write: (entries) =>
      new Promise<void>((resolve) => {
        batches.push({ entries, finish: resolve });
      }),
  });
  const labels = () => batches.map((b) => b.entries.map((e) => `${e.launchId}${e.seq}`).join(' '));
  return { queue, batches, labels };
}

describe('group commit queue', () => {
  it('writes a commit that arrives at an idle queue at once, alone', async () => {
    const { queue, labels } = harness({ maxBatch: 64, concurrency: 1 });
    queue.push({ launchId: 'a', seq: 1 });
    await turn();
    expect(labels()).toEqual(['a1']);
  });

  it('takes every commit that arrived while a batch was written into the next one, oldest first', async () => {
    const { queue, batches, labels } = harness({ maxBatch: 64, concurrency: 1 });
    queue.push({ launchId: 'a', seq: 1 });
    await turn();
    for (const launchId of ['b', 'c', 'd']) queue.push({ launchId, seq: 1 });
    await turn();
    expect(labels()).toEqual(['a1']);
    expect(queue.stats()).toEqual({ waiting: 3, writing: 1 });
    batches[0]!.finish();
    await turn();
    await turn();
    expect(labels()).toEqual(['a1', 'b1 c1 d1']);
  });

  it('never puts more than maxBatch commits in one batch', async () => {
    const { queue, batches, labels } = harness({ maxBatch: 2, concurrency: 1 });
    for (const launchId of ['a', 'b', 'c', 'd', 'e']) queue.push({ launchId, seq: 1 });
    await turn();
    batches[0]!.finish();
    await turn();
    await turn();
    batches[1]!.finish();
    await turn();
    await turn();
    expect(labels()).toEqual(['a1 b1', 'c1 d1', 'e1']);
  });

  it('keeps a launch out of a second batch while one holds it; its commits go together after', async () => {
    const { queue, batches, labels } = harness({ maxBatch: 64, concurrency: 2 });
    queue.push({ launchId: 'a', seq: 1 });
    await turn();
    queue.push({ launchId: 'a', seq: 2 });
    queue.push({ launchId: 'b', seq: 1 });
    queue.push({ launchId: 'a', seq: 3 });
    await turn();
    // The second slot takes b only: a is being written.
    expect(labels()).toEqual(['a1', 'b1']);
    batches[0]!.finish();
    await turn();
    await turn();
    expect(labels()).toEqual(['a1', 'b1', 'a2 a3']);
  });

  it('writes up to `concurrency` batches at once', async () => {
    const { queue, labels } = harness({ maxBatch: 1, concurrency: 3 });
    for (const launchId of ['a', 'b', 'c', 'd']) queue.push({ launchId, seq: 1 });
    await turn();
    expect(labels()).toEqual(['a1', 'b1', 'c1']);
    expect(queue.stats()).toEqual({ waiting: 1, writing: 3 });
  });
});
