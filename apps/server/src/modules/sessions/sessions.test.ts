import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { cookieHeader, cookiesOf, signIn, type Browser } from '../../test/sign-in.js';

type Body = Record<string, unknown>;
const SESSION_INVALID =
  'Your session is no longer valid, you will now be returned to the login screen in order to re-validate your session.';

describe('sessions: check, logout, permissions, expiry, binding cookie, XSRF, guards', () => {
  let t: TestApp;
  let lmsKey: number;
  let otherLmsKey: number;
  let ada: Browser;
  let bob: Browser;
  let instructor: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db, { lmsCode: 'main', allowStudentsToViewCertificates: 1 })).lmsKey;
    otherLmsKey = (await buildLms(t.db, { lmsCode: 'other' })).lmsKey;
    await buildUser(t.db, lmsKey, { userId: 'ada' });
    await buildUser(t.db, lmsKey, { userId: 'bob' });
    await buildUser(t.db, lmsKey, { userId: 'instructor', isStudent: false, userType: 2 });
    [ada, bob, instructor] = await Promise.all([
      signIn(t, 'ada'),
      signIn(t, 'bob'),
      signIn(t, 'instructor'),
    ]);
  });
  afterAll(() => t.close());

  const parametersPath = (lms: number | string, user: number | string) =>
    `/lms/api/LMSStudent/GetLMSStudentParameters/${lms}/${user}`;

  it('GET Login/{sessionId}: 200 with the user for a valid session, 204 otherwise', async () => {
    const valid = await ada.call(`/lms/api/Login/${ada.sessionId}`);
    expect(valid.status).toBe(200);
    expect(await valid.json()).toMatchObject({ userID: 'ada', sessionID: ada.sessionId });
    for (const id of ['not-a-session', 'x'.repeat(43)]) {
      const invalid = await ada.call(`/lms/api/Login/${id}`);
      expect(invalid.status).toBe(204);
      expect(await invalid.text()).toBe('');
    }
  });

  it('a bound session needs its HttpOnly cookie: the id alone is refused', async () => {
    const stolen = await fetch(`${t.baseUrl}/lms/api/Login/${ada.sessionId}`);
    expect(stolen.status).toBe(204);
    const noCookie = await ada.call(parametersPath(lmsKey, ada.userKey), {
      headers: { cookie: '' },
    });
    expect(noCookie.status).toBe(401);
    const wrongCookie = await ada.call(parametersPath(lmsKey, ada.userKey), {
      headers: {
        cookie: cookieHeader({ ...ada.jar, waypointSession: bob.jar.waypointSession ?? '' }),
      },
    });
    expect(wrongCookie.status).toBe(401);
  });

  it('a session started without useCookie works from the header (or the sessionID cookie) alone', async () => {
    const response = await fetch(`${t.baseUrl}/lms/api/Login`, {
      method: 'POST',
      headers: { userID: 'bob', password: TEST_PASSWORD },
    });
    const { sessionID } = (await response.json()) as { sessionID: string };
    expect(cookiesOf(response).waypointSession).toBeUndefined();
    const byHeader = await fetch(`${t.baseUrl}${parametersPath(lmsKey, bob.userKey)}`, {
      headers: { sessionID },
    });
    expect(byHeader.status).toBe(200);
    const byCookie = await fetch(`${t.baseUrl}${parametersPath(lmsKey, bob.userKey)}`, {
      headers: { cookie: `sessionID=${sessionID}` },
    });
    expect(byCookie.status).toBe(200);
  });

  it('GET permissions: every flag, admin flags false, isStudent and userType from the user', async () => {
    const response = await instructor.call('/lms/api/permissions');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ lmsKey, isStudent: false, userType: 2, isAdmin: false });
    for (const flag of [
      'assignCurriculum',
      'viewStudent',
      'deleteLMS',
      'viewComments',
      'manageMobile',
    ]) {
      expect(body[flag]).toBe(false);
    }
    const student = (await (await ada.call('/lms/api/permissions')).json()) as Body;
    expect(student).toMatchObject({ isStudent: true, userType: 0 });
    const none = await fetch(`${t.baseUrl}/lms/api/permissions`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as Body).message).toBe(SESSION_INVALID);
  });

  it('student routes: 401 without a session, 403 for a non-student', async () => {
    const none = await fetch(`${t.baseUrl}${parametersPath(lmsKey, ada.userKey)}`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as Body).message).toBe(SESSION_INVALID);
    const notStudent = await instructor.call(parametersPath(lmsKey, instructor.userKey));
    expect(notStudent.status).toBe(403);
    expect(((await notStudent.json()) as Body).message).toBe('You do not have student access.');
  });

  it("IDOR: another user's key or another LMS's key gets 403 and learns nothing", async () => {
    const own = await ada.call(parametersPath(lmsKey, ada.userKey));
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({
      allowExpiredAssignmentsToBeCompleted: 0,
      allowStudentsToViewCertificates: 1,
      certificateReporterAccess: 0,
    });
    const answers = await Promise.all([
      ada.call(parametersPath(lmsKey, bob.userKey)),
      ada.call(parametersPath(otherLmsKey, ada.userKey)),
      ada.call(parametersPath(lmsKey, 999999)),
      ada.call(parametersPath(lmsKey, `${ada.userKey}' OR 1=1`)),
    ]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    // The same answer whether the other user exists or not.
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it('XSRF: a state-changing call with a session needs X-XSRF-TOKEN equal to the cookie and valid', async () => {
    const path = `/lms/api/user/ignored/ignored/${ada.userKey}/PASSWORD/wrong`;
    const put = (headers: Record<string, string>) =>
      ada.call(path, {
        method: 'PUT',
        body: JSON.stringify({ password: 'Another-pass-1' }),
        headers,
      });
    const missing = await put({ 'x-xsrf-token': '' });
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as Body).message).toBe('Invalid or missing XSRF token.');
    // Bob's token, in header and cookie alike, is not valid for Ada's session.
    const bobs = bob.jar['XSRF-TOKEN'] ?? '';
    const forged = await put({
      'x-xsrf-token': bobs,
      cookie: cookieHeader({ ...ada.jar, 'XSRF-TOKEN': bobs }),
    });
    expect(forged.status).toBe(403);
    const mismatch = await put({ cookie: cookieHeader({ ...ada.jar, 'XSRF-TOKEN': 'other' }) });
    expect(mismatch.status).toBe(403);
    // With the right token the call goes through to its own checks.
    const right = await put({});
    expect(right.status).toBe(400);
    expect(((await right.json()) as Body).message).toBe('The old password is incorrect.');
  });

  it('GET Login/{id} re-sets the XSRF cookie of the session', async () => {
    const response = await ada.call(`/lms/api/Login/${ada.sessionId}`);
    expect(cookiesOf(response)['XSRF-TOKEN']).toBe(ada.jar['XSRF-TOKEN']);
  });

  it('DELETE Login ends the session on the server and clears the cookies (XSRF checked)', async () => {
    const browser = await signIn(t, 'bob');
    const forged = await browser.call('/lms/api/Login', {
      method: 'DELETE',
      headers: { 'x-xsrf-token': 'x' },
    });
    expect(forged.status).toBe(403);
    expect((await browser.call(`/lms/api/Login/${browser.sessionId}`)).status).toBe(200);
    const response = await browser.call('/lms/api/Login', { method: 'DELETE' });
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie().join('\n');
    expect(cleared).toMatch(/waypointSession=;/);
    expect(cleared).toMatch(/XSRF-TOKEN=;/);
    expect((await browser.call(`/lms/api/Login/${browser.sessionId}`)).status).toBe(204);
    // Logging out without a valid session still answers 204.
    expect((await fetch(`${t.baseUrl}/lms/api/Login`, { method: 'DELETE' })).status).toBe(204);
  });

  it('idle timeout: 30 minutes without a request ends the session; activity keeps it alive', async () => {
    const browser = await signIn(t, 'bob');
    const check = () => browser.call(`/lms/api/Login/${browser.sessionId}`);
    t.clock.advance(20 * 60_000);
    expect((await check()).status).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await check()).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await check()).status).toBe(204);
  });

  it('absolute timeout: a session ends 12 hours after login however active', async () => {
    const browser = await signIn(t, 'bob');
    const check = () => browser.call(`/lms/api/Login/${browser.sessionId}`);
    // 24 checks 29 minutes apart: 11 h 36 min; the next one is past 12 h.
    for (let step = 0; step < 24; step += 1) {
      t.clock.advance(29 * 60_000);
      expect((await check()).status).toBe(200);
    }
    t.clock.advance(29 * 60_000);
    expect((await check()).status).toBe(204);
  });

  it('a session of a user made inactive stops working', async () => {
    const browser = await signIn(t, 'bob');
    await t.db.updateTable('appUser').set({ inactive: 1 }).where('userId', '=', 'bob').execute();
    expect((await browser.call(`/lms/api/Login/${browser.sessionId}`)).status).toBe(204);
    await t.db.updateTable('appUser').set({ inactive: 0 }).where('userId', '=', 'bob').execute();
  });
});

describe('a short idle window (SESSION_IDLE_MINUTES=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionIdleMinutes: 1 } });
    const lms = await buildLms(t.db, { lmsCode: 'main' });
    await buildUser(t.db, lms.lmsKey, { userId: 'cy' });
  });
  afterAll(() => t.close());

  it('keeps a session used every 15 seconds alive, and ends it a minute after the last use', async () => {
    const browser = await signIn(t, 'cy');
    const check = () => browser.call(`/lms/api/Login/${browser.sessionId}`);
    // Five minutes of a request every 15 s: activity is recorded often enough to count.
    for (let step = 0; step < 20; step += 1) {
      t.clock.advance(15_000);
      // Past the one-second lookup memory, so the database's last_seen_at decides.
      t.clock.advance(1_000);
      expect((await check()).status).toBe(200);
    }
    t.clock.advance(61_000);
    expect((await check()).status).toBe(204);
  });
});
