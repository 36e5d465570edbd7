import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../modules/records/verify.js';
import { createEmptyTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from '../connection.js';
import { migrate } from '../migrate.js';
import { migrations } from './index.js';

// Migration 0028 records what exists before it once, in the order it happened: a database at
// 0026 gets an LMS with live and removed assignments, progress (which 0027 makes a migrated
// attempt) and a certificate issued then revoked; after 0027 and 0028 the chain holds one entry
// for each, with the rows' own dates, and verifies. On PGlite, and on PostgreSQL in that project.

describe('migration 0028: what exists before it is recorded once, in order, and verifies', () => {
  let handle: DatabaseHandle;
  const run = (text: string) => sql.raw(text).execute(handle.db);
  const upTo = async (prefix: string) => {
    const applied = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(
      handle.db,
    );
    const done = new Set(applied.rows.map((row) => row.name));
    for (const migration of migrations) {
      if (migration.name > prefix) break;
      if (done.has(migration.name)) continue;
      await handle.db.transaction().execute(async (trx) => {
        for (const statement of migration.statements) await sql.raw(statement).execute(trx);
        await sql`INSERT INTO schema_migration (name) VALUES (${migration.name})`.execute(trx);
      });
    }
  };

  beforeAll(async () => {
    handle = await createEmptyTestDatabase();
    await run(`CREATE TABLE schema_migration (name text PRIMARY KEY,
                 applied_at timestamptz NOT NULL DEFAULT now())`);
    await upTo('0026~');
    await run(`INSERT INTO lms (lms_key, lms_code, lms_name, lms_display_name)
               VALUES (1, 'a', 'A', 'A')`);
    await run(`INSERT INTO app_user (user_key, lms_key, user_id, display_name)
               VALUES (1, 1, 'pilot', 'Jane Pilot')`);
    for (const n of [1, 2]) {
      await run(`INSERT INTO curriculum (curriculum_key, lms_key, name) VALUES (${n}, 1, 'C${n}')`);
      await run(`INSERT INTO course (course_key, curriculum_key, name) VALUES (${n}, ${n}, 'K')`);
      await run(`INSERT INTO topic (topic_key, course_key) VALUES (${n}, ${n})`);
      await run(`INSERT INTO lesson (lesson_key, topic_key, name) VALUES (${n}, ${n}, 'L')`);
    }
    // 2 was assigned first, then 1; a third, removed, is not recorded.
    await run(`INSERT INTO assignment (assignment_key, user_key, curriculum_key, assigned_at, removed_at)
               VALUES (1, 1, 1, '2026-03-01T00:00:00Z', NULL),
                      (2, 1, 2, '2026-02-01T00:00:00Z', NULL),
                      (3, 1, 1, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')`);
    await run(`INSERT INTO lesson_progress (assignment_key, lesson_key, user_key, attempts,
                 completion, credit, score, completion_instant, total_time_ms, updated_at)
               VALUES (1, 1, 1, 2, 1, 1, 0.9, '2026-03-02T00:00:00Z', 600000, '2026-03-02T00:00:00Z')`);
    await run(`INSERT INTO issued_certificate (certificate_key, public_id, lms_key, user_key,
                 assignment_key, curriculum_key, holder_name, achievement_name, issuer_name,
                 completed_at, issued_at, status_index, revoked_at, revoke_reason)
               VALUES (1, 'AAAAAAAAAAAAAAAAAAAAAAAAAA', 1, 1, 1, 1, 'Jane Pilot', 'C1', 'A',
                 '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', 0, '2026-03-04T00:00:00Z', 'Error')`);
    await upTo('0028~');
  });
  afterAll(() => handle.close());

  it('records the live assignments by when they were made, the migrated attempt, the certificate and its revocation', async () => {
    const rows = await handle.db
      .selectFrom('trainingEvent')
      .select(['seq', 'type', 'actor', 'payload'])
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => [row.type, JSON.parse(row.payload) as unknown])).toEqual([
      [
        'assignment.assigned',
        expect.objectContaining({ assignment: 2, assignedAt: '2026-02-01T00:00:00.000Z' }),
      ],
      [
        'assignment.assigned',
        expect.objectContaining({ assignment: 1, assignedAt: '2026-03-01T00:00:00.000Z' }),
      ],
      [
        'attempt.migrated',
        expect.objectContaining({
          assignment: 1,
          attempt: 2,
          durationMs: 600_000,
          completedAt: '2026-03-02T00:00:00.000Z',
          result: { completion: 1, credit: 1, score: 0.9 },
        }),
      ],
      [
        'certificate.issued',
        expect.objectContaining({ certificate: 1, issuedAt: '2026-03-03T00:00:00.000Z' }),
      ],
      ['certificate.revoked', expect.objectContaining({ certificate: 1, reason: 'Error' })],
    ]);
    expect(new Set(rows.map((row) => row.actor))).toEqual(new Set(['system']));
    expect(JSON.stringify(rows)).not.toMatch(/Jane|pilot|AAAAAAAAAA/);
    expect(await verifyChain(handle.db, 1)).toMatchObject({ intact: true, events: 5 });
  });

  it('migrates on to the end without touching the chain', async () => {
    await migrate(handle.db);
    expect(await verifyChain(handle.db, 1)).toMatchObject({ intact: true, events: 5 });
  });
});
