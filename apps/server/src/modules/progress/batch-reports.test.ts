import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import { seedDemo } from '../../db/seed/demo.js';
import { createTestDatabase } from '../../test/database.js';
import { createSequencingMemory } from '../sequencing/index.js';
import { buildProgressReport, buildProgressReports } from './service.js';

// Reports read for a batch of students at once (compliance standings, docs/decisions/0022) must
// be each student's own report: the demo LMS (every curriculum state, sequenced packages,
// SCORM 1.2 prerequisites, failed and expired assignments) read both ways.
describe('buildProgressReports', () => {
  let handle: DatabaseHandle;
  const now = new Date();

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemo(handle.db, { now, passwordHash: 'x' });
  });
  afterAll(() => handle?.close());

  it('gives every student of a batch the report they would get alone', async () => {
    const deps = { db: handle.db, state: { sequencing: createSequencingMemory() } };
    const users = await handle.db.selectFrom('appUser').select(['userKey', 'lmsKey']).execute();
    const lmsKey = users[0]!.lmsKey;
    const keys = users.filter((u) => u.lmsKey === lmsKey).map((u) => u.userKey);
    const batch = await buildProgressReports(deps, lmsKey, keys);
    let compared = 0;
    for (const userKey of keys) {
      const alone = await buildProgressReport(deps, { userKey, lmsKey }, now.getTime(), {
        showExpired: true,
        withFlaggedAssignments: false,
        showEmptyLeafs: false,
      });
      expect(batch.get(userKey) ?? null).toEqual(alone);
      if (alone) compared += alone.progressReport.length;
    }
    expect(compared).toBeGreaterThan(5);
  });
});
