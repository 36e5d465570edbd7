import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection.js';
import { migrate } from '../migrate.js';
import { migrations } from './index.js';

// Runs on a fresh embedded database: the migration's data step needs rows from before it.
describe('migration 0006: the login option follows hideCPaTLogin (ADR 0010)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    const before = migrations.slice(
      0,
      migrations.findIndex((m) => m.name.startsWith('0006')),
    );
    for (const migration of before) {
      for (const statement of migration.statements) await sql.raw(statement).execute(handle.db);
    }
    await sql
      .raw(
        `INSERT INTO lms (lms_code, lms_name, lms_display_name, hide_cpat_login, live_background)
         VALUES ('live', 'Live', 'Live', 1, true), ('plain', 'Plain', 'Plain', 0, false)`,
      )
      .execute(handle.db);
    await sql`CREATE TABLE schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
      handle.db,
    );
    for (const migration of before) {
      await sql`INSERT INTO schema_migration (name) VALUES (${migration.name})`.execute(handle.db);
    }
    // 0006 first, then every later migration, in order.
    const applied = await migrate(handle.db);
    expect(applied[0]).toBe('0006-waypoint-login-option');
    expect(applied).toEqual(migrations.slice(before.length).map((migration) => migration.name));
  }, 60_000);
  afterAll(() => handle.close());

  it('keeps the login page each LMS had: live background shown (0), else hidden (1)', async () => {
    const rows = await handle.db
      .selectFrom('lms')
      .select(['lmsCode', 'hideCpatLogin'])
      .orderBy('lmsCode')
      .execute();
    expect(rows).toEqual([
      { lmsCode: 'live', hideCpatLogin: 0 },
      { lmsCode: 'plain', hideCpatLogin: 1 },
    ]);
  });

  it('drops live_background and hides the option for a new LMS', async () => {
    const added = await handle.db
      .insertInto('lms')
      .values({ lmsCode: 'new', lmsName: 'New', lmsDisplayName: 'New' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(added.hideCpatLogin).toBe(1);
    expect(added).not.toHaveProperty('liveBackground');
  });
});
