import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { postLogin } from '../../test/sign-in.js';

type Body = Record<string, unknown>;
const LOCKED =
  'This account is locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('login abuse resistance: lockout and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'main' });
    await buildUser(t.db, lms.lmsKey, { userId: 'ada' });
    await buildUser(t.db, lms.lmsKey, { userId: 'bob' });
  });
  afterAll(() => t.close());

  it(
    '5 failed logins in a row lock the account for 15 minutes, even with the right password',
    { timeout: 120_000 },
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await postLogin(t, 'ada', 'Wrong-password-1')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 423]);
      const locked = await postLogin(t, 'ada');
      expect(locked.status).toBe(423);
      expect(((await locked.json()) as Body).message).toBe(LOCKED);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      t.clock.advance(14 * 60_000);
      expect((await postLogin(t, 'ada')).status).toBe(423);
      t.clock.advance(2 * 60_000);
      expect((await postLogin(t, 'ada')).status).toBe(200);
    },
  );

  it(
    'a success resets the count; an unknown login ID locks the same way (nothing revealed)',
    { timeout: 120_000 },
    async () => {
      for (let i = 0; i < 4; i += 1) await postLogin(t, 'bob', 'Wrong-password-1');
      expect((await postLogin(t, 'bob')).status).toBe(200);
      expect((await postLogin(t, 'bob', 'Wrong-password-1')).status).toBe(401);
      const ghost: number[] = [];
      for (let i = 0; i < 6; i += 1)
        ghost.push((await postLogin(t, 'ghost', 'Wrong-password-1')).status);
      expect(ghost).toEqual([401, 401, 401, 401, 423, 423]);
    },
  );

  it(
    'limits attempts per login ID (429 with Retry-After) across the lockout',
    { timeout: 120_000 },
    async () => {
      t.clock.advance(60 * 60_000);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1)
        statuses.push((await postLogin(t, 'carol', 'Wrong-password-1')).status);
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(statuses.slice(4, 30).every((status) => status === 423)).toBe(true);
      expect(statuses[30]).toBe(429);
      const limited = await postLogin(t, 'carol', 'Wrong-password-1');
      expect(((await limited.json()) as Body).message).toBe(TOO_MANY);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    },
  );

  it('limits failed logins per client address across login IDs', { timeout: 120_000 }, async () => {
    t.clock.advance(60 * 60_000);
    // 50 refused logins from one address over two login IDs (30 + 20, under the per-ID limit);
    // once an ID is locked its attempts are cheap (no scrypt) but still count.
    for (let i = 0; i < 30; i += 1) await postLogin(t, 'spray0', 'Wrong-password-1');
    for (let i = 0; i < 20; i += 1) await postLogin(t, 'spray1', 'Wrong-password-1');
    const blocked = await postLogin(t, 'ada', TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as Body).message).toBe(TOO_MANY);
    t.clock.advance(16 * 60_000);
    expect((await postLogin(t, 'ada')).status).toBe(200);
  });
});
