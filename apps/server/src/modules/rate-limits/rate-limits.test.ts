import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import type { RateRule } from '../../lib/rate-limit.js';
import { createTestDatabase } from '../../test/database.js';
import { hitRateLimit, peekRateLimit, recordFailure } from './service.js';

const rule: RateRule = { name: 'test', limit: 3, windowMs: 60_000 };

describe('rate limits over table rate_limit', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('counts hits within a window and starts over when it ends', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const states = [];
    for (let i = 0; i < 4; i += 1) states.push(await hitRateLimit(handle.db, rule, 'a', start));
    expect(states.map((state) => state.allowed)).toEqual([true, true, true, false]);
    expect(states[3]?.retryAfterSeconds).toBe(60);
    expect((await peekRateLimit(handle.db, rule, 'a', start)).allowed).toBe(false);
    expect((await hitRateLimit(handle.db, rule, 'b', start)).allowed).toBe(true);
    const later = new Date(start.getTime() + 60_000);
    expect(await hitRateLimit(handle.db, rule, 'a', later)).toMatchObject({
      allowed: true,
      hits: 1,
    });
  });

  it('loses no hit when many arrive at once (one atomic upsert each)', async () => {
    const now = new Date('2030-02-01T00:00:00Z');
    const states = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(handle.db, rule, 'burst', now)),
    );
    expect(states.map((state) => state.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(states.filter((state) => state.allowed)).toHaveLength(3);
  });

  it('failures count while no more than a window apart', async () => {
    const start = new Date('2030-03-01T00:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect((await recordFailure(handle.db, rule, 'f', at(0))).hits).toBe(1);
    expect((await recordFailure(handle.db, rule, 'f', at(0.9))).hits).toBe(2);
    expect((await recordFailure(handle.db, rule, 'f', at(1.8))).hits).toBe(3);
    expect((await recordFailure(handle.db, rule, 'f', at(3))).hits).toBe(1);
  });
});
