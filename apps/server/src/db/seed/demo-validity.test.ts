import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualificationPeriod } from '@waypoint/domain/staff';
import type { DatabaseHandle } from '../connection.js';
import { createTestDatabase } from '../../test/database.js';
import { refreshStandings } from '../../modules/compliance/standings.js';
import { createSequencingMemory } from '../../modules/sequencing/index.js';
import { seedDemo } from './demo.js';

// The demo shows each validity rule's effect once its standings are worked out (as the job does
// at start): an EASA renewal counted from the old expiry, an FAA completion in the grace month
// kept in the due month, a completion that never expires, 24 months elsewhere.
describe('demo validity rules', () => {
  let handle: DatabaseHandle;
  const now = new Date();

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemo(handle.db, { now, passwordHash: 'x' });
    const deps = {
      db: handle.db,
      clock: { now: () => now },
      state: { sequencing: createSequencingMemory() },
    };
    await refreshStandings(deps, null, 10_000);
  });
  afterAll(() => handle.close());

  const periods = async (curriculum: string) =>
    handle.db
      .selectFrom('qualificationPeriod as p')
      .innerJoin('assignment as a', 'a.assignmentKey', 'p.assignmentKey')
      .innerJoin('curriculum as c', 'c.curriculumKey', 'a.curriculumKey')
      .innerJoin('appUser as u', 'u.userKey', 'a.userKey')
      .select(['p.number', 'p.completedAt', 'p.validUntil', 'p.recurrentDueAt', 'p.validityRule'])
      .where('c.name', '=', curriculum)
      .where('u.userId', '=', 'student')
      .orderBy('p.number')
      .execute();

  it('EASA: the renewal within the last 3 months is valid 12 months from the old expiry', async () => {
    const [first, renewal] = await periods('Operator Proficiency Check (EASA)');
    expect(renewal!.validityRule).toBe('easa');
    expect(renewal!.completedAt.getTime()).toBeLessThanOrEqual(first!.validUntil!.getTime());
    const fromCompletion = qualificationPeriod({ kind: 'easa', months: 12 }, renewal!.completedAt);
    // Later than counting from the renewal's own month: the old expiry's month + 12.
    expect(renewal!.validUntil!.getTime()).toBeGreaterThan(fromCompletion.validUntil!.getTime());
    expect(renewal!.validUntil!.getUTCMonth()).toBe(first!.validUntil!.getUTCMonth());
    expect(renewal!.validUntil!.getUTCFullYear()).toBe(first!.validUntil!.getUTCFullYear() + 1);
  });

  it('FAA: completed in the grace month, the next is due 12 months after the old due month', async () => {
    const [first, renewal] = await periods('Recurrent Ground Training (FAA)');
    expect(renewal!.completedAt.getTime()).toBeGreaterThan(first!.recurrentDueAt!.getTime());
    expect(renewal!.completedAt.getTime()).toBeLessThanOrEqual(first!.validUntil!.getTime());
    expect(renewal!.recurrentDueAt!.getUTCMonth()).toBe(first!.recurrentDueAt!.getUTCMonth());
    expect(renewal!.recurrentDueAt!.getUTCFullYear()).toBe(
      first!.recurrentDueAt!.getUTCFullYear() + 1,
    );
  });

  it('none: never expires; the other curricula count 24 calendar months', async () => {
    const [none] = await periods('Company Indoctrination');
    expect(none).toMatchObject({ validityRule: 'none', validUntil: null, recurrentDueAt: null });
    const [goods] = await periods('Dangerous Goods');
    expect(goods!.validityRule).toBe('months');
    expect(goods!.validUntil).toEqual(
      qualificationPeriod({ kind: 'months', months: 24 }, goods!.completedAt).validUntil,
    );
  });
});
