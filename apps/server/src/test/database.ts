import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { readPgliteTemplate } from './pglite-template.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (in the vitest project that
 * sets WAYPOINT_TEST_DB=postgres) a new database on the TEST_DATABASE_URL server, dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.WAYPOINT_TEST_DB !== 'postgres' || !serverUrl) {
    const template = readPgliteTemplate();
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      ...(template ? { template } : {}),
    });
    // Migrating is a no-op on the template, and creates the schema without one.
    await migrate(handle.db);
    return handle;
  }
  const handle = await newServerDatabase(serverUrl, 5);
  await migrate(handle.db);
  return handle;
}

/**
 * A fresh database with no migration applied, for a migration's own test (it migrates step by
 * step): in-memory PGlite, or a new database on the TEST_DATABASE_URL server, dropped on close.
 */
export async function createEmptyTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.WAYPOINT_TEST_DB !== 'postgres' || !serverUrl) {
    return openDatabase({ kind: 'pglite', dataDir: null });
  }
  return newServerDatabase(serverUrl, 3);
}

/** A new, empty database on the PostgreSQL test server, dropped when the handle closes. */
async function newServerDatabase(
  serverUrl: string,
  maxConnections: number,
): Promise<DatabaseHandle> {
  const name = `waypoint_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections });
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropTestDatabase(serverUrl, name);
    },
  };
}

/**
 * Drops a test database once its own connections have gone. A pool's end() can resolve while a
 * client is still saying goodbye; forcing the drop then would terminate that backend and the
 * client would raise the error with no one listening. So: ask politely for a while, force last.
 */
export async function dropTestDatabase(serverUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  try {
    for (let tries = 0; tries < 50; tries += 1) {
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        // 55006: "database is being accessed by other users" (a connection still closing).
        if ((error as { code?: unknown }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await dropper.end();
  }
}
