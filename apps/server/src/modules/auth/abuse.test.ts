import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { postLogin } from '../../test/sign-in.js';

type Body = Record<string, unknown>;
const LOCKED =
  'This account is locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('login abuse resistance: lockout and rate limits (ADR 0009)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Requests arrive through a trusted proxy (the test itself), which names the client address.
    t = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    const lms = await buildLms(t.db, { lmsCode: 'main' });
    await buildUser(t.db, lms.lmsKey, { userId: 'ada', email: 'ada@example.test' });
    await buildUser(t.db, lms.lmsKey, { userId: 'bob' });
    await buildUser(t.db, lms.lmsKey, { userId: 'dora', email: 'dora@example.test' });
  });
  afterAll(() => t.close());

  /** A login from one client address. */
  const loginFrom = (address: string, userId: string, password?: string) =>
    postLogin(t, userId, password, { 'x-forwarded-for': address });

  it(
    '5 failed logins in a row lock the login ID at that address for 15 minutes, even with the right password',
    { timeout: 120_000 },
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await loginFrom('203.0.113.1', 'ada', 'Wrong-password-1')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 423]);
      const locked = await loginFrom('203.0.113.1', 'ada');
      expect(locked.status).toBe(423);
      expect(((await locked.json()) as Body).message).toBe(LOCKED);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      t.clock.advance(14 * 60_000);
      expect((await loginFrom('203.0.113.1', 'ada')).status).toBe(423);
      t.clock.advance(2 * 60_000);
      expect((await loginFrom('203.0.113.1', 'ada')).status).toBe(200);
    },
  );

  it('an attacker who does not know the password cannot keep the user out from another address', async () => {
    for (let i = 0; i < 6; i += 1) await loginFrom('198.51.100.66', 'bob', 'Wrong-password-1');
    expect((await loginFrom('198.51.100.66', 'bob')).status).toBe(423);
    expect((await loginFrom('192.0.2.10', 'bob')).status).toBe(200);
  });

  it(
    'a success resets the count; an unknown login ID locks the same way (nothing revealed)',
    { timeout: 120_000 },
    async () => {
      t.clock.advance(60 * 60_000);
      for (let i = 0; i < 4; i += 1) await loginFrom('203.0.113.2', 'bob', 'Wrong-password-1');
      expect((await loginFrom('203.0.113.2', 'bob')).status).toBe(200);
      expect((await loginFrom('203.0.113.2', 'bob', 'Wrong-password-1')).status).toBe(401);
      const ghost: number[] = [];
      for (let i = 0; i < 6; i += 1)
        ghost.push((await loginFrom('203.0.113.2', 'ghost', 'Wrong-password-1')).status);
      expect(ghost).toEqual([401, 401, 401, 401, 423, 423]);
    },
  );

  it(
    'many addresses failing for one ID: those addresses wait, a new one signs in, the user is emailed once',
    { timeout: 240_000 },
    async () => {
      t.clock.advance(60 * 60_000);
      // 100 failures from 25 addresses, 4 each (no pair reaches its own lockout).
      for (let address = 0; address < 25; address += 1) {
        for (let i = 0; i < 4; i += 1) {
          const status = (await loginFrom(`10.1.0.${address}`, 'dora', 'Wrong-password-1')).status;
          expect(status).toBe(401);
        }
      }
      expect((await loginFrom('10.1.0.3', 'dora')).status).toBe(423);
      expect((await loginFrom('10.9.9.9', 'dora')).status).toBe(200);
      const warnings = (await t.outbox('dora@example.test')).filter((email) =>
        email.subject.includes('failed sign-ins'),
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.textBody).toContain('100 failed attempts');
    },
  );

  it('limits failed logins per client address across login IDs', { timeout: 120_000 }, async () => {
    t.clock.advance(60 * 60_000);
    // 50 refused logins from one address over many login IDs (password spraying).
    for (let i = 0; i < 50; i += 1)
      await loginFrom('203.0.113.9', `spray${i % 12}`, 'Wrong-password-1');
    const blocked = await loginFrom('203.0.113.9', 'ada', TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as Body).message).toBe(TOO_MANY);
    expect((await loginFrom('203.0.113.10', 'ada')).status).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await loginFrom('203.0.113.9', 'ada')).status).toBe(200);
  });
});
