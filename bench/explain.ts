/**
 * The plans PostgreSQL chose for the statements a piece of server code runs (BENCH_EXPLAIN=1 with
 * bench:console on PostgreSQL; docs/decisions/0022 quotes them): a one-connection database handle
 * with auto_explain loaded and its plans sent back as notices, so the code under study runs
 * unchanged and every statement it sends is explained with ANALYZE.
 */
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/connection.js';
import type { Database } from '../apps/server/src/db/schema.js';

/** Runs `work` with a handle whose statements are explained; answers the plans in order. */
export async function explained(
  url: string,
  work: (db: Db) => Promise<unknown>,
): Promise<string[]> {
  const plans: string[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (notice.message?.includes('duration:')) plans.push(notice.message);
    });
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    const client = await pool.connect();
    await client.query(`LOAD 'auto_explain'`);
    await client.query(`SET auto_explain.log_min_duration = 0`);
    await client.query(`SET auto_explain.log_analyze = on`);
    await client.query(`SET auto_explain.log_buffers = on`);
    await client.query(`SET auto_explain.log_level = notice`);
    client.release();
    await work(db);
  } finally {
    await db.destroy();
  }
  return plans;
}
