import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDurableDatabase, type DurableDatabase } from '../test/server-process.js';
import { startJobQueue, type JobQueue, type ScheduledJob } from './job-queue.js';

const quiet = { warn: () => {} };

/** A job that counts its runs and how many of them ever overlapped. */
function countingJob(name: string) {
  const seen = { runs: 0, active: 0, maxActive: 0 };
  const job: ScheduledJob = {
    name,
    cron: '0 3 * * *',
    everyMs: 60 * 60 * 1000,
    async run() {
      seen.runs += 1;
      seen.active += 1;
      seen.maxActive = Math.max(seen.maxActive, seen.active);
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen.active -= 1;
    },
  };
  return { job, seen };
}

describe('the job queue in one process (PGlite)', () => {
  it('runs a job when asked, never twice at once', async () => {
    const { job, seen } = countingJob('tidy');
    const queue = await startJobQueue([job], { kind: 'pglite' }, quiet);
    await Promise.all([queue.runNow('tidy'), queue.runNow('tidy'), queue.runNow('tidy')]);
    expect(seen).toEqual({ runs: 1, active: 0, maxActive: 1 });
    await queue.runNow('tidy');
    expect(seen.runs).toBe(2);
    await expect(queue.runNow('nothing')).rejects.toThrow("No job named 'nothing'.");
    await queue.stop();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(process.env.WAYPOINT_TEST_DB !== 'postgres' || !serverUrl)(
  'the job queue on PostgreSQL (pg-boss), two instances',
  () => {
    let database: DurableDatabase;
    const queues: JobQueue[] = [];
    const first = countingJob('purge-test');
    const second = countingJob('purge-test');

    beforeAll(async () => {
      database = await createDurableDatabase({ kind: 'postgres', serverUrl: serverUrl! });
      const target = { kind: 'postgres' as const, url: database.env.DATABASE_URL! };
      // Two servers start together: pg-boss sets up its schema once.
      queues.push(
        ...(await Promise.all([
          startJobQueue([first.job], target, quiet),
          startJobQueue([second.job], target, quiet),
        ])),
      );
    }, 60_000);
    afterAll(async () => {
      for (const queue of queues) await queue.stop();
      await database.drop();
    }, 60_000);

    it('each job runs once, on one instance, never two at a time', async () => {
      for (let i = 0; i < 4; i += 1) await queues[i % 2]!.runNow('purge-test');
      await expect
        .poll(() => first.seen.runs + second.seen.runs, { timeout: 30_000, interval: 100 })
        .toBe(4);
      for (const queue of queues) await queue.stop();
      queues.length = 0;
      expect(first.seen.runs + second.seen.runs).toBe(4);
      // The singleton queue: whichever instance fetched a run, none overlapped another.
      expect(Math.max(first.seen.maxActive, second.seen.maxActive)).toBe(1);
      expect(first.seen.active + second.seen.active).toBe(0);
    }, 60_000);
  },
);
