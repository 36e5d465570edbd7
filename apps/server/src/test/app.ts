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

/** Builds the whole app on a fresh database (PGlite, or PostgreSQL in that project) and listens. */
export async function createTestApp(
  options: { config?: Partial<Config>; operatorToken?: string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'off' }), ...options.config };
  const clock = new TestClock();
  const mailer = createMailer(database.db, { smtpUrl: null, mailFrom: config.mailFrom }, () => {});
  const app = await buildApp({
    db: database.db,
    config,
    mailer,
    clock,
    operatorToken: options.operatorToken ?? null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db: database.db,
    baseUrl: `http://127.0.0.1:${port}`,
    clock,
    config,
    outbox: (to) => listOutbox(database.db, to),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
