import { access, mkdir } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrations } from '../db/migrations/index.js';

/** How long a readiness check waits for the database before calling it unreachable. */
const CHECK_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when a shutdown begins: readiness turns false so a load balancer drains this instance. */
    lifecycle: { draining: boolean };
  }
}

type Check = { ok: true } | { ok: false; problem: string };

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const failed = (error: unknown): Check => ({
  ok: false,
  problem: error instanceof Error ? error.message : String(error),
});

/**
 * /lms/health/live (the process answers) and /lms/health/ready (it can serve: database reachable,
 * every migration applied, content storage reachable, not shutting down), for a load balancer
 * or an orchestrator (ADR 0013). Neither needs a session; neither reveals more than what failed.
 */
export function registerHealth(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
  const noStore = { 'cache-control': 'no-store' };

  app.get('/lms/health/live', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'live' }),
  );

  app.get('/lms/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const { db, config } = app.deps;
    const database = async (): Promise<Check> => {
      try {
        const applied = await withTimeout(
          sql<{ name: string }>`SELECT name FROM schema_migration`.execute(db),
          'The database',
        );
        const names = new Set(applied.rows.map((row) => row.name));
        const pending = migrations.filter((migration) => !names.has(migration.name));
        return pending.length === 0
          ? { ok: true }
          : { ok: false, problem: `${pending.length} migration(s) not applied` };
      } catch (error) {
        return failed(error);
      }
    };
    const storage = async (): Promise<Check> => {
      try {
        if (config.storageUrl) {
          // The bucket (ADR 0017): a HEAD of a key nobody writes answers 'none' when the bucket is
          // there and these credentials may read it, and fails otherwise.
          await withTimeout(app.deps.storage.head('health/probe'), 'The object storage');
          return { ok: true };
        }
        // The local content folder (DATA_DIR/content): it must exist and take new files.
        const folder = path.join(config.dataDir, 'content');
        await mkdir(folder, { recursive: true });
        await access(folder, constants.R_OK | constants.W_OK);
        return { ok: true };
      } catch (error) {
        return failed(error);
      }
    };
    const [databaseCheck, storageCheck] = await Promise.all([database(), storage()]);
    const checks = {
      database: databaseCheck.ok ? 'ok' : databaseCheck.problem,
      storage: storageCheck.ok ? 'ok' : storageCheck.problem,
      shutdown: app.lifecycle.draining ? 'shutting down' : 'ok',
    };
    const ready = Object.values(checks).every((value) => value === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
