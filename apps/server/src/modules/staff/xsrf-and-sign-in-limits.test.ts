import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { consoleRoutes, isWrite, requestTo } from '../../test/console-routes.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { postLogin } from '../../test/sign-in.js';
import { buildStaff, postConsoleLogin, staffBrowser } from '../../test/staff.js';

// The console's writes and sign-in (docs/decisions/0021): every write of every console route
// without X-XSRF-TOKEN (or with another session's) is 403 and changes nothing; console sign-in
// counts failures with the panel's, so the lockout cannot be dodged by switching apps.

const NO_ROW = 2147483000;

describe('console XSRF', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(
    'refuses every console write without the XSRF echo, and writes nothing',
    {
      timeout: 300_000,
    },
    async () => {
      const { lmsKey } = await buildLms(t.db);
      const admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
      const other = await staffBrowser(t, lmsKey, { role: 'administrator' });
      const target = await buildUser(t.db, lmsKey, { restrictionGroup: 'LHR' });
      const writes = consoleRoutes(t.app).filter(isWrite);
      expect(writes.length).toBeGreaterThanOrEqual(6);
      const count = async (table: 'auditEvent' | 'staffMember' | 'staffRole' | 'appUser') =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await Promise.all(
        (['auditEvent', 'staffMember', 'staffRole', 'appUser'] as const).map(count),
      );
      const wrong: string[] = [];
      const ids = new Proxy({} as Record<string, number>, {
        get: (_target, name) => (name === 'userKey' ? target.userKey : NO_ROW),
      });
      for (const route of writes) {
        for (const [what, token] of [
          ['no token', ''],
          ["another session's token", other.jar['CONSOLE-XSRF-TOKEN'] ?? 'x'],
        ] as const) {
          const { path, init } = requestTo(route, ids, { 'x-xsrf-token': token });
          const response = await admin.call(path, init);
          const body = await response.text();
          if (response.status !== 403 || !body.includes('XSRF')) {
            wrong.push(
              `${what} ${route.method} ${route.url}: ${response.status} ${body.slice(0, 100)}`,
            );
          }
        }
      }
      expect(wrong).toEqual([]);
      const after = await Promise.all(
        (['auditEvent', 'staffMember', 'staffRole', 'appUser'] as const).map(count),
      );
      expect(after).toEqual(before);
    },
  );
});

describe('console sign-in limits', () => {
  let t: TestApp;
  let lmsKey: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    lmsKey = (await buildLms(t.db)).lmsKey;
  });
  afterAll(() => t.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it(
    'counts console and panel failures together: the lockout holds in both apps',
    {
      timeout: 120_000,
    },
    async () => {
      const staff = await buildStaff(t.db, lmsKey, { role: 'administrator', isStudent: true });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const attempt =
          i % 2 === 0
            ? postConsoleLogin(t, staff.userId, 'Wrong-password-1', from('203.0.113.9'))
            : postLogin(t, staff.userId, 'Wrong-password-1', from('203.0.113.9'));
        statuses.push((await attempt).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 423]);
      // Locked in both, even with the right password.
      expect((await postConsoleLogin(t, staff.userId, undefined, from('203.0.113.9'))).status).toBe(
        423,
      );
      expect((await postLogin(t, staff.userId, undefined, from('203.0.113.9'))).status).toBe(423);
      t.clock.advance(16 * 60_000);
      expect((await postConsoleLogin(t, staff.userId, undefined, from('203.0.113.9'))).status).toBe(
        200,
      );
    },
  );

  it(
    'locks a console-only staff member after five console failures',
    { timeout: 120_000 },
    async () => {
      const staff = await buildStaff(t.db, lmsKey, { role: 'auditor' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await postConsoleLogin(t, staff.userId, 'Wrong-password-1', from('198.51.100.4')))
            .status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 423]);
      expect(
        (await postConsoleLogin(t, staff.userId, undefined, from('198.51.100.4'))).status,
      ).toBe(423);
    },
  );
});
