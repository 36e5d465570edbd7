import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { browserFrom, cookieHeader, cookiesOf, latestCode, postLogin } from '../../test/sign-in.js';

type Body = Record<string, unknown>;
const INVALID_CODE =
  'Invalid or Expired Code entered. Please enter a valid code or send a new code and try again.';
const REMEMBER_MS = 5 * 24 * 3_600_000;

describe('MFA: login marker, code email, validate, resend, remember device', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'main', mfaRememberDeviceMs: REMEMBER_MS });
    await buildUser(t.db, lms.lmsKey, {
      userId: 'mia',
      email: 'mia@example.test',
      mfaEnabled: true,
    });
  });
  afterAll(() => t.close());

  /** Logs mia in: the MFA answer (and any device cookie sent). */
  async function startMfa(cookie = ''): Promise<string> {
    const response = await postLogin(t, 'mia', undefined, cookie ? { cookie } : {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body.sessionID).toBe(MFA_SESSION_MARKER);
    return String(body.mfaID);
  }

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/lms/api/login/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('login answers the marker, an mfaID and the remember time, emails a code, starts no session', async () => {
    const response = await postLogin(t, 'mia');
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({
      sessionID: 'MFA',
      rememberDeviceTime: REMEMBER_MS,
      email: '',
      userKey: 0,
    });
    expect(String(body.mfaID)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookiesOf(response)['XSRF-TOKEN']).toBeUndefined();
    expect(await t.db.selectFrom('userSession').selectAll().execute()).toHaveLength(0);
    const code = await latestCode(t, 'mia@example.test');
    expect(code).toMatch(/^\d{6}$/);
    // Neither the id nor the code is stored as sent.
    const rows = await t.db.selectFrom('mfaChallenge').selectAll().execute();
    expect(rows.some((row) => row.mfaHash === body.mfaID || row.codeHash.includes(code))).toBe(
      false,
    );
  });

  it('the right code starts a session with the user details and cookies; it works only once', async () => {
    const mfaID = await startMfa();
    const code = await latestCode(t, 'mia@example.test');
    const body = { mfaID, mfaVerificationCode: code, rememberDevice: false };
    const response = await post('ValidateMFACode', body, { useCookie: '1', userID: 'ignored' });
    const browser = await browserFrom(t, response);
    expect(browser.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.jar.waypointSession).toBeTruthy();
    expect(browser.jar.waypointDevice).toBeUndefined();
    expect((await browser.call(`/lms/api/Login/${browser.sessionId}`)).status).toBe(200);
    const again = await post('ValidateMFACode', body);
    expect(again.status).toBe(400);
    expect(((await again.json()) as Body).message).toBe(INVALID_CODE);
  });

  it('CreateMFASession does the same', async () => {
    const mfaID = await startMfa();
    const code = await latestCode(t, 'mia@example.test');
    const response = await post('CreateMFASession', {
      mfaID,
      mfaVerificationCode: code,
      rememberDevice: false,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Body).userID).toBe('mia');
  });

  it('the right code for a user made inactive since the login is 400 (the code message), no session', async () => {
    const mfaID = await startMfa();
    const code = await latestCode(t, 'mia@example.test');
    const sessionsBefore = await t.db.selectFrom('userSession').selectAll().execute();
    await t.db.updateTable('appUser').set({ inactive: 1 }).where('userId', '=', 'mia').execute();
    try {
      const response = await post('ValidateMFACode', { mfaID, mfaVerificationCode: code });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Body).message).toBe(INVALID_CODE);
      const sessionsAfter = await t.db.selectFrom('userSession').selectAll().execute();
      expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    } finally {
      await t.db.updateTable('appUser').set({ inactive: 0 }).where('userId', '=', 'mia').execute();
    }
  });

  it('a wrong code is 400 (never 401); the 5th wrong try kills the challenge', async () => {
    const mfaID = await startMfa();
    const code = await latestCode(t, 'mia@example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await post('ValidateMFACode', { mfaID, mfaVerificationCode: wrong });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Body).message).toBe(INVALID_CODE);
    }
    const right = await post('ValidateMFACode', { mfaID, mfaVerificationCode: code });
    expect(right.status).toBe(400);
    // A dead challenge cannot get a new code either (the panel logs out on that 4xx).
    expect((await post('ResendMFACode', { mfaID })).status).toBe(404);
  });

  it('a code expires after 10 minutes', async () => {
    const mfaID = await startMfa();
    const code = await latestCode(t, 'mia@example.test');
    t.clock.advance(10 * 60_000 + 1000);
    const response = await post('ValidateMFACode', { mfaID, mfaVerificationCode: code });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Body).message).toBe(INVALID_CODE);
  });

  it('resend: a new code replaces the old, at most one per 30 s and 5 per challenge', async () => {
    const mfaID = await startMfa();
    const first = await latestCode(t, 'mia@example.test');
    const tooSoon = await post('ResendMFACode', { mfaID });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBeTruthy();
    expect(((await tooSoon.json()) as Body).message).toContain('30 seconds');
    let code = first;
    for (let resend = 1; resend <= 5; resend += 1) {
      t.clock.advance(31_000);
      const response = await post('ResendMFACode', { mfaID });
      expect(response.status).toBe(200);
      code = await latestCode(t, 'mia@example.test');
    }
    t.clock.advance(31_000);
    const sixth = await post('ResendMFACode', { mfaID });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as Body).message).toBe(
      'Too many codes have been sent. Please log in again.',
    );
    if (code !== first) {
      expect((await post('ValidateMFACode', { mfaID, mfaVerificationCode: first })).status).toBe(
        400,
      );
    }
    expect((await post('ValidateMFACode', { mfaID, mfaVerificationCode: code })).status).toBe(200);
  });

  it('resend of an unknown challenge is 404; bad bodies are 400', async () => {
    expect((await post('ResendMFACode', { mfaID: 'nope' })).status).toBe(404);
    expect((await post('ValidateMFACode', { mfaVerificationCode: '123456' })).status).toBe(400);
    expect(
      (await post('ValidateMFACode', { mfaID: { $ne: 1 }, mfaVerificationCode: '1' })).status,
    ).toBe(400);
    const malformed = await fetch(`${t.baseUrl}/lms/api/login/ValidateMFACode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"mfaID": ',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Body).message).toBe('The request body is not valid JSON.');
  });

  it('remember device: a cookie skips MFA for that user until the remember time passes', async () => {
    const mfaID = await startMfa();
    const code = await latestCode(t, 'mia@example.test');
    const response = await post('ValidateMFACode', {
      mfaID,
      mfaVerificationCode: code,
      rememberDevice: true,
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('waypointDevice='));
    expect(setCookie).toMatch(/Path=\/lms; HttpOnly; SameSite=Strict/);
    const device = cookiesOf(response).waypointDevice ?? '';
    const stored = await t.db.selectFrom('rememberedDevice').select('deviceHash').execute();
    expect(stored.map((row) => row.deviceHash)).not.toContain(device);

    const remembered = await postLogin(t, 'mia', undefined, {
      cookie: cookieHeader({ waypointDevice: device }),
    });
    const body = (await remembered.json()) as Body;
    expect(body.sessionID).not.toBe('MFA');
    expect(body.userID).toBe('mia');

    t.clock.advance(REMEMBER_MS + 60_000);
    await startMfa(cookieHeader({ waypointDevice: device }));
  });
});
