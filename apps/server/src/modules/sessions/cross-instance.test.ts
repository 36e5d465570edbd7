import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { TestClock } from '../../test/clock.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { createDurableDatabase, type DurableDatabase } from '../../test/server-process.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { createMailer } from '../email/mailer.js';
import { runOperatorCommand } from '../operator/service.js';
import { listenForEndedSessions, type SessionsEndedListener } from './cross-instance.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** One instance: its own pool on the shared database, its own session cache, its own port. */
async function instance(database: DurableDatabase, clock: TestClock) {
  const handle: DatabaseHandle = await database.open();
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'off', DATA_DIR: '/nonexistent' });
  const app = await buildApp({
    db: handle.db,
    config,
    clock,
    mailer: createMailer(handle.db, { smtpUrl: null, mailFrom: config.mailFrom }, () => {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = baseUrl;
  return { app, handle, baseUrl };
}
type Instance = Awaited<ReturnType<typeof instance>>;

/** The same signed-in browser, talking to another instance (as behind a load balancer). */
const through = (browser: Browser, to: Instance) => (path: string, init?: RequestInit) =>
  fetch(`${to.baseUrl}${path}`, {
    ...init,
    headers: {
      sessionID: browser.sessionId,
      cookie: Object.entries(browser.jar)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      'x-xsrf-token': browser.jar['XSRF-TOKEN'] ?? '',
    },
  });

// Several instances share one PostgreSQL; PGlite is one process (nothing to tell).
describe.skipIf(process.env.WAYPOINT_TEST_DB !== 'postgres' || !serverUrl)(
  'sessions ended on one instance end on every instance at once (ADR 0006)',
  () => {
    let database: DurableDatabase;
    // The clock stands still: a cached lookup would be trusted for ever, so only the
    // notification can make an instance forget it.
    const clock = new TestClock();
    let a: Instance;
    let b: Instance;
    let unlistened: Instance;
    let listener: SessionsEndedListener;

    beforeAll(async () => {
      database = await createDurableDatabase({ kind: 'postgres', serverUrl: serverUrl! });
      [a, b, unlistened] = [
        await instance(database, clock),
        await instance(database, clock),
        await instance(database, clock),
      ];
      listener = await listenForEndedSessions(
        database.env.DATABASE_URL!,
        b.app.deps.state.sessionCache,
        {
          warn: () => {},
        },
      );
      const lms = await buildLms(a.handle.db, { lmsCode: 'cluster' });
      await buildUser(a.handle.db, lms.lmsKey, { userId: 'pilot' });
      await buildUser(a.handle.db, lms.lmsKey, { userId: 'purser' });
      await buildUser(a.handle.db, lms.lmsKey, { userId: 'leaver' });
    });
    afterAll(async () => {
      await listener.close();
      for (const one of [a, b, unlistened]) {
        await one.app.close();
        await one.handle.close();
      }
      await database.drop();
    });

    it('logout on A: B refuses the session without waiting out its cache', async () => {
      const browser = await signIn(a, 'pilot');
      const onB = through(browser, b);
      const onUnlistened = through(browser, unlistened);
      expect((await onB('/lms/api/permissions')).status).toBe(200);
      expect((await onUnlistened('/lms/api/permissions')).status).toBe(200);
      expect((await browser.call('/lms/api/Login', { method: 'DELETE' })).status).toBe(204);
      await expect.poll(async () => (await onB('/lms/api/permissions')).status).toBe(401);
      // The control: an instance that does not listen still trusts its cached lookup.
      expect((await onUnlistened('/lms/api/permissions')).status).toBe(200);
    });

    it("a password change on A ends the user's other sessions on B too, and keeps the changer's", async () => {
      const other = await signIn(a, 'purser');
      const changer = await signIn(a, 'purser');
      const otherOnB = through(other, b);
      const changerOnB = through(changer, b);
      expect((await otherOnB('/lms/api/permissions')).status).toBe(200);
      expect((await changerOnB('/lms/api/permissions')).status).toBe(200);
      const changed = await changer.call(
        `/lms/api/user/ignored/ignored/${changer.userKey}/PASSWORD/${encodeURIComponent(TEST_PASSWORD)}`,
        { method: 'PUT', body: JSON.stringify({ password: 'New-password-22' }) },
      );
      expect(changed.status).toBe(200);
      await expect.poll(async () => (await otherOnB('/lms/api/permissions')).status).toBe(401);
      expect((await changerOnB('/lms/api/permissions')).status).toBe(200);
    });

    it('the operator deactivates a user through A: B refuses their session, and they cannot sign in', async () => {
      const leaver = await signIn(a, 'leaver');
      const onB = through(leaver, b);
      expect((await onB('/lms/api/permissions')).status).toBe(200);
      const deps = {
        db: a.handle.db,
        clock,
        config: a.app.deps.config,
        mailer: createMailer(a.handle.db, { smtpUrl: null, mailFrom: 'x@example.test' }, () => {}),
        storage: a.app.deps.storage,
        state: a.app.deps.state,
      };
      const lms = (await a.handle.db.selectFrom('lms').select('lmsCode').executeTakeFirstOrThrow())
        .lmsCode;
      expect(await runOperatorCommand(deps, 'deactivate-user', { lms, login: 'leaver' })).toEqual({
        login: 'leaver',
        active: false,
      });
      await expect.poll(async () => (await onB('/lms/api/permissions')).status).toBe(401);
      await expect(signIn(b, 'leaver')).rejects.toThrow();
      await runOperatorCommand(deps, 'reactivate-user', { lms, login: 'leaver' });
      expect((await through(await signIn(b, 'leaver'), b)('/lms/api/permissions')).status).toBe(
        200,
      );
    });
  },
);
