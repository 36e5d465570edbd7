import { sql } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

// Any fixed number: several server instances starting at once take turns migrating.
const MIGRATION_LOCK = 74_650_001;

/** Applies every migration not yet applied, each in its own transaction. Returns the names applied. */
export async function migrate(db: Db): Promise<string[]> {
  // Under the lock too: two instances creating the table at once can both pass IF NOT EXISTS, and
  // the second fails on PostgreSQL's catalogue (duplicate pg_type entry).
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const done = await sql<{
        name: string;
      }>`SELECT name FROM schema_migration WHERE name = ${migration.name}`.execute(trx);
      if (done.rows.length > 0) return;
      for (const statement of migration.statements) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO schema_migration (name) VALUES (${migration.name})`.execute(trx);
      applied.push(migration.name);
    });
  }
  return applied;
}
