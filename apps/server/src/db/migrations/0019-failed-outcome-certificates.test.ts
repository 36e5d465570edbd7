import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection.js';
import { migrate } from '../migrate.js';
import { verifiedPage } from '../../modules/certificates/verify-page.js';
import { verifyCertificate } from '../../modules/certificates/service.js';
import { migrations } from './index.js';

const code = (n: number) => `AAAAAAAAAAAAAAAAAAAAAAAAA${'BCDEFGHIJ'[n]}`;

// Runs on a fresh embedded database: the migration's data step needs rows from before it.
describe('migration 0019: certificates of a failed outcome are revoked (ADR 0010 Outcomes, 0011)', () => {
  let handle: DatabaseHandle;
  const run = (text: string) => sql.raw(text).execute(handle.db);

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null });
    const before = migrations.slice(
      0,
      migrations.findIndex((m) => m.name.startsWith('0019')),
    );
    for (const migration of before) {
      for (const statement of migration.statements) await run(statement);
    }
    await run(
      `INSERT INTO lms (lms_key, lms_code, lms_name, lms_display_name) VALUES (1, 'a', 'A', 'A')`,
    );
    await run(`INSERT INTO app_user (user_key, lms_key, user_id) VALUES (1, 1, 'pilot')`);
    // Five curricula of one course each, one lesson each (two in the sequenced one), assigned.
    for (let n = 1; n <= 5; n += 1) {
      await run(`INSERT INTO curriculum (curriculum_key, lms_key, name) VALUES (${n}, 1, 'C${n}')`);
      await run(
        `INSERT INTO course (course_key, curriculum_key, name) VALUES (${n}, ${n}, 'K${n}')`,
      );
      await run(`INSERT INTO topic (topic_key, course_key) VALUES (${n}, ${n})`);
      await run(
        `INSERT INTO assignment (assignment_key, user_key, curriculum_key) VALUES (${n}, 1, ${n})`,
      );
    }
    await run(`INSERT INTO content_package (package_key, lms_key, title, scorm_version, storage_folder)
               VALUES (1, 1, 'Post test', '2004', 'p1')`);
    await run(`INSERT INTO sco (sco_key, package_key, identifier, title, launch_file)
               VALUES (1, 1, 'content', 'Content', 'a.html'), (2, 1, 'post', 'Post', 'b.html')`);
    // 1: passed. 2: a SCO that reported failed (-3, credit -1). 3: complete but below its pass
    // score. 4: a Browse lesson failed (no credit: nothing to revoke). 5: sequenced, not satisfied.
    await run(`INSERT INTO lesson (lesson_key, topic_key, name, play_mode, scorable, min_score_pass, sco_key) VALUES
               (1, 1, 'L1', 1, 1, 0.8, NULL), (2, 2, 'L2', 1, 0, 0, NULL), (3, 3, 'L3', 1, 1, 0.8, NULL),
               (4, 4, 'L4', 2, 0, 0, NULL), (5, 5, 'L5a', 1, 0, 0, 1), (6, 5, 'L5b', 1, 0, 0, 2)`);
    await run(`INSERT INTO lesson_progress (assignment_key, lesson_key, user_key, attempts, completion, credit, score) VALUES
               (1, 1, 1, 1, 1, 1, 0.95), (2, 2, 1, 1, -3, -1, 0.6), (3, 3, 1, 1, 1, 0, 0.6),
               (4, 4, 1, 1, -3, -1, 0.1), (5, 6, 1, 1, 1, 0, 0.6)`);
    await run(`INSERT INTO sequencing_state (assignment_key, course_key, package_key, attempt, user_key,
                 rollup_completed, rollup_satisfied, rollup_measure)
               VALUES (5, 5, 1, 1, 1, true, false, 0.6)`);
    for (let n = 1; n <= 5; n += 1) {
      // Curriculum certificates; the course one of 2 as well.
      await run(`INSERT INTO issued_certificate (public_id, lms_key, user_key, assignment_key, curriculum_key,
                   course_key, holder_name, achievement_name, issuer_name, completed_at, issued_at, status_index)
                 VALUES ('${code(n)}', 1, 1, ${n}, ${n}, NULL, 'Pilot', 'C${n}', 'A', now(), now(), ${n})`);
    }
    await run(`INSERT INTO issued_certificate (public_id, lms_key, user_key, assignment_key, curriculum_key,
                 course_key, holder_name, achievement_name, issuer_name, completed_at, issued_at, status_index)
               VALUES ('${code(6)}', 1, 1, 2, 2, 2, 'Pilot', 'K2', 'A', now(), now(), 6)`);
    await run(
      `CREATE TABLE schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const migration of before) {
      await sql`INSERT INTO schema_migration (name) VALUES (${migration.name})`.execute(handle.db);
    }
    const applied = await migrate(handle.db);
    expect(applied[0]).toBe('0019-failed-outcome-certificates');
  }, 60_000);
  afterAll(() => handle.close());

  it('revokes the certificates of a failure code, a result below its pass score and an unsatisfied sequenced course; keeps the passed and the Browse one', async () => {
    const rows = await handle.db
      .selectFrom('issuedCertificate')
      .select(['achievementName', 'revokedAt', 'revokePublicReason'])
      .orderBy('statusIndex')
      .execute();
    expect(rows.map((row) => [row.achievementName, row.revokedAt !== null])).toEqual([
      ['C1', false],
      ['C2', true],
      ['C3', true],
      ['C4', false],
      ['C5', true],
      ['K2', true],
    ]);
    expect(rows[0]!.revokePublicReason).toBe('');
    expect(rows[1]!.revokePublicReason).toMatch(/did not pass/);
  });

  it('the public verification page says Revoked, with the public reason', async () => {
    const deps = { db: handle.db, clock: { now: () => new Date() } };
    const revoked = await verifyCertificate(deps, code(2));
    expect(revoked?.status).toBe('revoked');
    const html = verifiedPage(code(2), revoked!);
    expect(html).toContain('Revoked');
    expect(html).toContain('did not pass');
    const valid = await verifyCertificate(deps, code(1));
    expect(valid).toMatchObject({ status: 'valid', publicReason: '' });
  });
});
