import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { cookiesOf, postLogin, signIn } from '../../test/sign-in.js';

type Body = Record<string, unknown>;

describe('POST /lms/api/Login', () => {
  let t: TestApp;
  let lmsKey: number;
  let otherLmsKey: number;
  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'main' });
    lmsKey = lms.lmsKey;
    otherLmsKey = (await buildLms(t.db, { lmsCode: 'other' })).lmsKey;
    await buildUser(t.db, lmsKey, { userId: 'ada', email: 'ada@example.test', employeeId: 'E1' });
    await buildUser(t.db, lmsKey, { userId: 'sleeping', inactive: 1 });
    await buildUser(t.db, lmsKey, { userId: 'nopassword', password: null });
    await buildUser(t.db, lmsKey, { userId: 'instructor', isStudent: false, userType: -1 });
    await buildUser(t.db, lmsKey, { userId: 'zoë', password: 'Pässwörd-ünïcode-1' });
    await buildUser(t.db, otherLmsKey, { userId: 'bea' });
  });
  afterAll(() => t.close());

  it('answers the user details with a fresh session id and sets the binding and XSRF cookies', async () => {
    const response = await postLogin(t, 'ada');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({
      lmsKey,
      userID: 'ada',
      email: 'ada@example.test',
      employeeID: 'E1',
      displayName: 'Alex Morgan',
      isStudent: true,
      userType: 0,
      inactive: 0,
    });
    expect(body.sessionID).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = response.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/waypointSession=[^;]+; Path=\/lms; HttpOnly; SameSite=Strict/);
    expect(cookies).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=Strict/);
    expect(cookies).not.toMatch(/XSRF-TOKEN=[^\n]*HttpOnly/);
    // Each login starts a new session.
    const again = (await (await postLogin(t, 'ADA')).json()) as Body;
    expect(again.sessionID).not.toBe(body.sessionID);
  });

  it('stores only a hash of the session id', async () => {
    const { sessionId } = await signIn(t, 'ada');
    const rows = await t.db.selectFrom('userSession').select('sessionHash').execute();
    expect(rows.some((row) => row.sessionHash === sessionId)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.sessionHash))).toBe(true);
  });

  it('answers the same 401 for a wrong password and an unknown login ID', async () => {
    for (const [userId, password] of [
      ['ada', 'Wrong-password-1'],
      ['nobody', TEST_PASSWORD],
    ] as const) {
      const response = await postLogin(t, userId, password);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Incorrect login.',
      });
      expect(cookiesOf(response)['XSRF-TOKEN']).toBeUndefined();
    }
  });

  it('answers 401 for an inactive user and a user without a password', async () => {
    for (const userId of ['sleeping', 'nopassword']) {
      const response = await postLogin(t, userId);
      expect(response.status).toBe(401);
      expect(((await response.json()) as Body).message).toBe('Incorrect login.');
    }
  });

  it('lets a non-student log in (the panel refuses them after checking permissions)', async () => {
    const response = await postLogin(t, 'instructor');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isStudent: false, userType: -1 });
  });

  it('prefers the URL-encoded headers, so any character works', async () => {
    const response = await postLogin(t, 'zoë', 'Pässwörd-ünïcode-1', {
      userID: 'garbage',
      password: 'garbage',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Body).userID).toBe('zoë');
  });

  it('finds users in the LMS the request is for (lms code), and 404s an unknown code', async () => {
    expect((await postLogin(t, 'bea')).status).toBe(401);
    const other = await fetch(`${t.baseUrl}/lms/api/Login?lms=other`, {
      method: 'POST',
      headers: { userID: 'bea', password: TEST_PASSWORD, useCookie: '1' },
    });
    expect(other.status).toBe(200);
    expect(((await other.json()) as Body).lmsKey).toBe(otherLmsKey);
    const byHeader = await postLogin(t, 'bea', TEST_PASSWORD, { 'X-LMS-Code': 'other' });
    expect(byHeader.status).toBe(200);
    const unknown = await postLogin(t, 'bea', TEST_PASSWORD, { 'X-LMS-Code': 'nowhere' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Body).message).toBe('Unknown training provider.');
  });

  it('refuses every login of a student-locked LMS with the spec message', async () => {
    await t.db
      .updateTable('lms')
      .set({ studentLocked: 1 })
      .where('lmsKey', '=', otherLmsKey)
      .execute();
    const response = await postLogin(t, 'bea', TEST_PASSWORD, { 'X-LMS-Code': 'other' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as Body).message).toBe(
      'Please contact your training department for access.',
    );
  });

  it('refuses missing, malformed and huge credentials with a clear 400 and starts no session', async () => {
    const before = await t.db.selectFrom('userSession').select('sessionHash').execute();
    const cases: [Record<string, string>, string][] = [
      [{ password: TEST_PASSWORD }, 'Login ID and password are required.'],
      [{ userID: 'ada' }, 'Login ID and password are required.'],
      [
        { userID: 'ada', passwordEncoded: '%E0%A4%A', password: 'x' },
        'The password is not valid URI encoding.',
      ],
      [{ userIDEncoded: 'a'.repeat(256), password: 'x' }, 'Login ID is too long (255 max).'],
      [{ userID: 'ada', passwordEncoded: 'p'.repeat(1025) }, 'Password is too long (1024 max).'],
      [{ userID: 'a'.repeat(5000), password: 'x' }, 'Invalid request'],
    ];
    for (const [headers, message] of cases) {
      const response = await fetch(`${t.baseUrl}/lms/api/Login`, { method: 'POST', headers });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Body;
      expect(body.statusCode).toBe(400);
      expect(String(body.message)).toContain(message);
    }
    const after = await t.db.selectFrom('userSession').select('sessionHash').execute();
    expect(after).toHaveLength(before.length);
  });

  it('treats SQL and script metacharacters in the login ID as plain text', async () => {
    for (const userId of [
      "ada' OR '1'='1",
      'ada"; DROP TABLE app_user; --',
      '<script>alert(1)</script>',
    ]) {
      const response = await postLogin(t, userId);
      expect(response.status).toBe(401);
      expect(((await response.json()) as Body).message).toBe('Incorrect login.');
    }
    const users = await t.db.selectFrom('appUser').select('userKey').execute();
    expect(users).toHaveLength(6);
  });

  it('accepts the JSON content type with an empty body, as the panel sends it', async () => {
    const response = await postLogin(t, 'ada', TEST_PASSWORD, {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(200);
  });
});
