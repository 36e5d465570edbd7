import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { createMailer } from '../modules/email/mailer.js';
import { listOutbox } from '../modules/email/repo.js';
import { TestClock } from './clock.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** http://127.0.0.1:<port>: tests talk to the server over real HTTP. */
  baseUrl: string;
  clock: TestClock;
  config: Config;
  /** Emails sent to an address (oldest first). */
  outbox(to: string): Promise<{ subject: string; textBody: string }[]>;
  close(): Promise<void>;
}

/**
 * Builds the whole app on a fresh database (PGlite, or PostgreSQL in that project) and listens.
 * Each app has its own temporary DATA_DIR (config.dataDir), removed on close, so stored content
 * never lands in the repository.
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    operatorToken?: string;
    /** Receives the server's log lines (set config.logLevel too). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-test-data-'));
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'off', DATA_DIR: dataDir }),
    ...options.config,
  };
  const clock = new TestClock();
  const mailer = createMailer(database.db, { smtpUrl: null, mailFrom: config.mailFrom }, () => {});
  const app = await buildApp({
    db: database.db,
    config,
    mailer,
    clock,
    operatorToken: options.operatorToken ?? null,
    logStream: options.logStream ?? null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The panel is this address; lessons then run on http://localhost:<port> (platform/content-origin.ts).
  if (!options.config?.publicUrl) config.publicUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    db: database.db,
    baseUrl: `http://127.0.0.1:${port}`,
    clock,
    config,
    outbox: (to) => listOutbox(database.db, to),
    async close() {
      // A response body a test left unread keeps its keep-alive connection busy, and the server's
      // close waits for it (past the hook timeout, as the launch helper once did): the tests are
      // over, so end every connection as the app starts closing.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
