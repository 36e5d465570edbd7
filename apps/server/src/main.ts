import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { PASSWORD_COST_LOG2, setNewHashCost } from './lib/password.js';
import { createMailer } from './modules/email/mailer.js';
import { AREAS } from './modules/areas.js';
import { jobsOf } from './modules/feature-area.js';
import { listenForEndedSessions } from './modules/sessions/cross-instance.js';
import { boundHeapGrowth } from './platform/heap-growth.js';
import { openObjectStorage } from './platform/object-storage/index.js';
import { startJobQueue, type JobQueue } from './platform/job-queue.js';
import { startupTasks } from './startup.js';

/** Reads config, opens and migrates the database, listens; shuts down cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  boundHeapGrowth();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // Before the demo seed hashes its password (config.ts passwordCostLog2).
  setNewHashCost(config.passwordCostLog2);
  if (config.passwordCostLog2 < PASSWORD_COST_LOG2) {
    // A lowered cost is for test environments (ADR 0009): said at every start, so it is not missed.
    console.warn(
      `PASSWORD_COST_LOG2=${config.passwordCostLog2} is below the production cost ${PASSWORD_COST_LOG2}: new password hashes are weaker (for test environments only).`,
    );
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, maxConnections: config.databasePoolSize }
      : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
  );
  await migrate(database.db);
  const mailer = createMailer(database.db, config);
  // Opened once: the demo seed and the app use the same storage (ADR 0020).
  const storage = openObjectStorage(config);
  const startup = await startupTasks({ db: database.db, storage }, config);
  const app = await buildApp({
    db: database.db,
    config,
    mailer,
    storage,
    operatorToken: startup.operatorToken,
    poolStats: database.poolStats ?? null,
  });
  // Several instances on one PostgreSQL: a session ended on one is ended on all at once (ADR 0006).
  const sessionsEnded = config.databaseUrl
    ? await listenForEndedSessions(config.databaseUrl, app.deps.state.sessionCache, app.log)
    : null;

  // Graceful shutdown (ADR 0013): readiness turns false at once; after SHUTDOWN_DRAIN_SECONDS
  // (time for a load balancer to stop sending requests here) the server stops accepting, lets the
  // requests in flight finish (a lesson commit is never cut in half), then closes the database.
  // A second signal stops at once.
  let closing = false;
  let jobs: JobQueue | null = null;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) {
      app.log.warn(`${signal} received again: stopping now`);
      process.exit(1);
    }
    closing = true;
    app.lifecycle.draining = true;
    app.log.info(
      `${signal} received: closing${config.shutdownDrainSeconds > 0 ? ` in ${config.shutdownDrainSeconds} s` : ''}`,
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
      await jobs?.stop();
      await app.close();
      await sessionsEnded?.close();
      await startup.release();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Fastify logs one "Server listening at" line per network interface; startup.announce prints
  // the one address to open, so the log starts below it (the first run shows only Waypoint's lines).
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await startup.announce(port);
  // Every area's jobs on the job queue (ADR 0018): pg-boss on PostgreSQL, a timer on PGlite.
  // Housekeeping; the reminder pass at start, then every REMINDERS_INTERVAL_MINUTES (ADR 0015).
  jobs = await startJobQueue(
    jobsOf(AREAS, { ...app.deps, log: (line) => app.log.info(line) }),
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite' },
    app.log,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
