import PgBoss from 'pg-boss';

/**
 * Background jobs that must run once across every instance (docs/deployment, ADR 0018). On
 * PostgreSQL they go through pg-boss: each job has a queue of the 'singleton' policy (never two
 * active at once, whichever instance fetched it), a cron schedule that pg-boss fires once per slot
 * for the whole cluster, and retries with backoff. PGlite is one process: the same jobs run on a
 * timer here, one at a time.
 */

export interface ScheduledJob {
  /** The queue's name: lower-case letters, digits and dashes. */
  name: string;
  /** When it runs on PostgreSQL: cron, in UTC. */
  cron: string;
  /** How often it runs in-process (PGlite). */
  everyMs: number;
  /** Also once when the queue starts (on PostgreSQL: sent once by each instance that starts). */
  runAtStart?: boolean;
  run(): Promise<void>;
}

export interface JobQueue {
  /** Asks for one run now (on PostgreSQL, by whichever instance fetches it first). */
  runNow(name: string): Promise<void>;
  /** Stops fetching; waits for a run in progress. */
  stop(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

export type JobQueueTarget = { kind: 'postgres'; url: string } | { kind: 'pglite' };

// pg-boss keeps its tables in a schema of its own, beside Waypoint's.
const SCHEMA = 'pgboss';

export async function startJobQueue(
  jobs: ScheduledJob[],
  target: JobQueueTarget,
  log: Log,
): Promise<JobQueue> {
  return target.kind === 'postgres'
    ? pgBossQueue(jobs, target.url, log)
    : inProcessQueue(jobs, log);
}

async function pgBossQueue(jobs: ScheduledJob[], url: string, log: Log): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: url,
    schema: SCHEMA,
    max: 2,
    application_name: 'waypoint-jobs',
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  await boss.start();
  try {
    for (const job of jobs) {
      await ensureQueue(boss, job.name);
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
        await job.run();
      });
      if (job.runAtStart) await boss.send(job.name, {});
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: true });
    throw error;
  }
  return {
    async runNow(name) {
      await boss.send(name, {});
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

const DEADLOCK = '40P01';

/**
 * Creates a job's queue unless it exists. Instances starting together race to create it, and
 * pg-boss's create_queue (a table per queue) can deadlock against itself: PostgreSQL aborts one
 * side, which finds the queue made by the other when it tries again.
 */
async function ensureQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(name)) return;
      await boss.createQueue(name, {
        name,
        policy: 'singleton',
        retryLimit: 3,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      });
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

function inProcessQueue(jobs: ScheduledJob[], log: Log): JobQueue {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const runOnce = (job: ScheduledJob): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const run = job
      .run()
      .catch((error: unknown) => log.warn({ err: error }, `job ${job.name} failed`))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (!stopped) void runOnce(job);
    }, job.everyMs).unref(),
  );
  for (const job of jobs) if (job.runAtStart) void runOnce(job);
  return {
    async runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`No job named '${name}'.`);
      await runOnce(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
