import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn } from '../../test/sign-in.js';
import { hashToken } from '../../lib/tokens.js';

describe('session cache', () => {
  let t: TestApp;
  let lmsKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db, { lmsCode: 'sessions' })).lmsKey;
    await buildUser(t.db, lmsKey, { userId: 'leaver' });
    await buildUser(t.db, lmsKey, { userId: 'elsewhere' });
  });
  afterAll(() => t.close());

  it('refuses a session at once after logout, even though it was just trusted', async () => {
    const browser = await signIn(t, 'leaver');
    expect((await browser.call('/lms/api/permissions')).status).toBe(200);
    expect((await browser.call('/lms/api/Login', { method: 'DELETE' })).status).toBe(204);
    expect((await browser.call('/lms/api/permissions')).status).toBe(401);
  });

  it('refuses a session ended directly in the database once the 1 s window has passed', async () => {
    const browser = await signIn(t, 'elsewhere');
    expect((await browser.call('/lms/api/permissions')).status).toBe(200);
    await t.db
      .updateTable('userSession')
      .set({ endedAt: t.clock.now() })
      .where('sessionHash', '=', hashToken(browser.sessionId))
      .execute();
    t.clock.advance(1500);
    expect((await browser.call('/lms/api/permissions')).status).toBe(401);
  });

  it('still applies the idle timeout to a trusted session', async () => {
    const browser = await signIn(t, 'elsewhere');
    expect((await browser.call('/lms/api/permissions')).status).toBe(200);
    t.clock.advance(t.config.sessionIdleMinutes * 60_000 + 1000);
    expect((await browser.call('/lms/api/permissions')).status).toBe(401);
  });

  it('still requires the binding cookie of a trusted session', async () => {
    const browser = await signIn(t, 'elsewhere');
    expect((await browser.call('/lms/api/permissions')).status).toBe(200);
    const response = await browser.call('/lms/api/permissions', { headers: { cookie: '' } });
    expect(response.status).toBe(401);
  });
});
