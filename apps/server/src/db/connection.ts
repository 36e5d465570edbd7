import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /** 'pglite' for the embedded database, 'postgres' for a PostgreSQL server. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The PostgreSQL pool's use (PostgreSQL only), for the metrics. */
  poolStats?: () => { totalCount: number; idleCount: number; waitingCount: number };
  /** The embedded database's files as a tarball (PGlite only): tests start from a migrated copy. */
  dumpDataDir?: () => Promise<Blob>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir: string | null; template?: Blob };

// int8 (20) and numeric (1700) arrive as strings; every value Waypoint keeps in them
// (durations in ms, scores) is far inside the exact range of a double.
const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (value: string): number => Number(value);

/** Opens the embedded PGlite database (a folder, or memory when dataDir is null) or a PostgreSQL pool. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 || oid === NUMERIC
            ? toNumber
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({
        totalCount: pool.totalCount,
        idleCount: pool.idleCount,
        waitingCount: pool.waitingCount,
      }),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.template ? { loadDataDir: target.template } : {}),
    parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins });
  // Kysely's destroy closes the PGlite instance, which flushes and shuts Postgres down cleanly.
  return {
    db,
    kind: 'pglite',
    close: () => db.destroy(),
    dumpDataDir: async () => client.dumpDataDir('none'),
  };
}
