import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJobQueue, type JobQueue } from '../../platform/job-queue.js';
import { reminderCron, reminderJobs, REMINDERS_JOB } from './jobs.js';
import { createSequencingMemory } from '../sequencing/index.js';
import type { PassResult, ReminderDeps } from './service.js';

// The reminder pass on the job queue (docs/decisions/0015, ADR 0018), in-process as on PGlite:
// the queue's guarantees the pass relies on, with a pass of the test's own on fake timers.

const MINUTE = 60_000;
const deps = {
  db: null as unknown as ReminderDeps['db'],
  clock: { now: () => new Date() },
  config: { publicUrl: '', databaseUrl: null, smtpUrl: null, mailFrom: '' },
  state: { sequencing: createSequencingMemory() },
};
const sent = (emailsSent: number): PassResult => ({ ran: true, emailsSent, emailsFailed: 0 });

/** A pass that waits until released, counting its starts and how many run at once. */
function controlledPass() {
  const state = { starts: 0, running: 0, most: 0, fail: false, release: () => {} };
  const pass = async () => {
    state.starts += 1;
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    try {
      await new Promise<void>((resolve) => (state.release = resolve));
      if (state.fail) throw new Error('database away');
      return sent(2);
    } finally {
      state.running -= 1;
    }
  };
  return { state, pass };
}

describe('reminder pass on the job queue', () => {
  let queue: JobQueue | null = null;
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    vi.useRealTimers();
    await queue?.stop();
    queue = null;
  });

  it('is off at REMINDERS_INTERVAL_MINUTES 0; else one job every N minutes, run at start', () => {
    expect(reminderJobs({ ...deps, log: () => {} }, 0)).toEqual([]);
    const [job, ...more] = reminderJobs({ ...deps, log: () => {} }, 15);
    expect(more).toEqual([]);
    expect(job).toMatchObject({
      name: REMINDERS_JOB,
      everyMs: 15 * MINUTE,
      cron: '*/15 * * * *',
      runAtStart: true,
    });
    // PostgreSQL's cron: the nearest slot cron can name.
    expect([1, 60, 120, 90, 24 * 60].map(reminderCron)).toEqual([
      '*/1 * * * *',
      '5 */1 * * *',
      '5 */2 * * *',
      '5 */2 * * *',
      '5 0 * * *',
    ]);
  });

  it('runs a pass at start, then every interval; passes never overlap', async () => {
    const { state, pass } = controlledPass();
    const lines: string[] = [];
    queue = await startJobQueue(
      reminderJobs({ ...deps, log: (line) => lines.push(line) }, 1, pass),
      { kind: 'pglite' },
      { warn: () => {} },
    );
    expect(state.starts).toBe(1);
    // The interval comes round and a run is asked for while the first pass still runs: both join it.
    await vi.advanceTimersByTimeAsync(MINUTE);
    const asked = queue.runNow(REMINDERS_JOB);
    expect(state.starts).toBe(1);
    state.release();
    await asked;
    expect(lines).toEqual(['[reminders] 2 reminder email(s) sent']);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(state.starts).toBe(2);
    state.release();
    await queue.runNow(REMINDERS_JOB);
    expect(state.most).toBe(1);
  });

  it('logs a pass that fails, and the next one tries again', async () => {
    const { state, pass } = controlledPass();
    const warnings: string[] = [];
    const lines: string[] = [];
    state.fail = true;
    queue = await startJobQueue(
      reminderJobs({ ...deps, log: (line) => lines.push(line) }, 1, pass),
      { kind: 'pglite' },
      { warn: (_object, message) => warnings.push(message) },
    );
    state.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual([`job ${REMINDERS_JOB} failed`]);
    state.fail = false;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(state.starts).toBe(2);
    state.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toEqual(['[reminders] 2 reminder email(s) sent']);
    expect(warnings).toHaveLength(1);
  });

  it('stop() waits for the pass in progress, and no pass starts after it', async () => {
    const { state, pass } = controlledPass();
    queue = await startJobQueue(
      reminderJobs({ ...deps, log: () => {} }, 1, pass),
      { kind: 'pglite' },
      { warn: () => {} },
    );
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    state.release();
    await stopping;
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(state.starts).toBe(1);
  });
});
