import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { readServerInfo } from '../startup.js';
import { readPgliteTemplate } from './pglite-template.js';
import { dropTestDatabase } from './database.js';

/**
 * Helpers for tests and benchmarks that need a database that outlives one process (the durability
 * test restarts a real server on it) and the real server as a child process (apps/server/src/main.ts).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverMain = path.join(repoRoot, 'apps/server/src/main.ts');
// What `npm start` runs, once `npm run build` has compiled it.
const builtServerMain = path.join(repoRoot, 'apps/server/dist/main.js');

export type DurableDatabaseWhere =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; serverUrl: string };

export interface DurableDatabase {
  kind: 'pglite' | 'postgres';
  /** For messages: the PGlite folder or the PostgreSQL database name. */
  name: string;
  /** What a server process needs besides DATA_DIR to open it (DATABASE_URL for PostgreSQL). */
  env: Record<string, string>;
  /** Opens (and migrates) it in this process; close the handle before a server process opens it. */
  open(): Promise<DatabaseHandle>;
  /** Drops the PostgreSQL database; PGlite's files go with DATA_DIR. */
  drop(): Promise<void>;
}

/**
 * A database kept on disk: PGlite in DATA_DIR/db (where main.ts opens it) or a new PostgreSQL
 * database named like test/database.ts names them (waypoint_test_<hex>), so leftovers are
 * recognisable.
 */
export async function createDurableDatabase(where: DurableDatabaseWhere): Promise<DurableDatabase> {
  if (where.kind === 'pglite') {
    const dataDir = path.join(where.dataDir, 'db');
    return {
      kind: 'pglite',
      name: dataDir,
      env: {},
      async open() {
        // The migrated template (vitest's global set-up) saves initdb, on the first open only.
        const template = existsSync(path.join(dataDir, 'PG_VERSION')) ? null : readPgliteTemplate();
        const handle = await openDatabase({
          kind: 'pglite',
          dataDir,
          ...(template ? { template } : {}),
        });
        await migrate(handle.db);
        return handle;
      },
      drop: async () => {},
    };
  }
  const name = `waypoint_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: where.serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(where.serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    name,
    env: { DATABASE_URL: url.toString() },
    async open() {
      const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      await migrate(handle.db);
      return handle;
    },
    drop: () => dropTestDatabase(where.serverUrl, name),
  };
}

/** Whether a PostgreSQL server answers at this URL (within a few seconds). */
export async function postgresReachable(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A TCP port free on 127.0.0.1 right now (the server is restarted on the same one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> (PUBLIC_URL); lessons then run on http://localhost:<port>. */
  baseUrl: string;
  /** Sends SIGKILL (no shutdown code runs) and waits for the process to be gone. */
  kill(): Promise<void>;
  /** Sends SIGTERM (main.ts closes cleanly) and waits; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
}

export interface ServerProcessOptions {
  dataDir: string;
  port: number;
  /** More environment (DATABASE_URL for PostgreSQL). */
  env?: Record<string, string>;
  /** How long starting may take: tsx compiles the server and the database opens (default 120 s). */
  startTimeoutMs?: number;
  /** More node options before the script (a benchmark's `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * Run the compiled server as `npm start` does (apps/server/dist, after `npm run build`) instead
   * of the sources through tsx: what a benchmark measures is then what an operator runs.
   */
  built?: boolean;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts the real server (main.ts) as one node process with tsx's loader, so a signal sent to
 * `child` reaches the server itself (the tsx CLI would put a parent process in between). Resolves
 * once DATA_DIR/server.json names this process, which main.ts writes after listening.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: baseUrl,
    DEMO_SEED: 'off',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  delete env.CONTENT_ORIGIN;
  const child = spawn(
    process.execPath,
    options.built
      ? [...(options.nodeArgs ?? []), builtServerMain]
      : [...(options.nodeArgs ?? []), '--conditions=source', '--import', 'tsx', serverMain],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const gone = exited(child);
  const handle: ServerProcess = {
    child,
    baseUrl,
    async kill() {
      child.kill('SIGKILL');
      await gone;
    },
    async stop(graceMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
    output: () => printed,
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before listening:\n${printed}`,
      );
    }
    const info = await readServerInfo(options.dataDir);
    if (info && info.pid === child.pid && info.port === options.port) return handle;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await handle.kill();
  throw new Error(`the server did not listen within the time allowed:\n${printed}`);
}
