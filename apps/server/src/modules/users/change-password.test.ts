import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { postLogin, signIn, type Browser } from '../../test/sign-in.js';

type Body = Record<string, unknown>;

describe('PUT /lms/api/user/ignored/ignored/{userKey}/PASSWORD/{oldPassword}', () => {
  let t: TestApp;
  let ada: Browser;
  let bob: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'main' });
    await buildUser(t.db, lms.lmsKey, { userId: 'ada' });
    await buildUser(t.db, lms.lmsKey, { userId: 'bob' });
    [ada, bob] = await Promise.all([signIn(t, 'ada'), signIn(t, 'bob')]);
  });
  afterAll(() => t.close());

  const change = (
    browser: Browser,
    oldPassword: string,
    password: string,
    userKey = browser.userKey,
  ) =>
    browser.call(
      `/lms/api/user/ignored/ignored/${userKey}/PASSWORD/${encodeURIComponent(oldPassword)}`,
      {
        method: 'PUT',
        body: JSON.stringify({
          userKey,
          userID: 'whatever',
          sessionID: browser.sessionId,
          password,
        }),
      },
    );

  it('a wrong old password is 400 (never 401) with the message', async () => {
    const response = await change(ada, 'Not-my-password-1', 'Brand-new-secret-7');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Body).message).toBe('The old password is incorrect.');
  });

  it('rule failures: 400 with the first message and the whole list', async () => {
    const short = await change(ada, TEST_PASSWORD, 'ada');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      statusCode: 400,
      message: 'Password must be at least 8 characters long.',
      messages: [
        'Password must be at least 8 characters long.',
        'Password must not be your login ID or email address.',
      ],
    });
    const same = await change(ada, TEST_PASSWORD, TEST_PASSWORD);
    expect(((await same.json()) as Body).messages).toEqual([
      'New password must be different from the current password.',
    ]);
    const tooLong = await change(ada, TEST_PASSWORD, 'x'.repeat(129));
    expect(((await tooLong.json()) as Body).message).toBe(
      'Password must be at most 128 characters long.',
    );
  });

  it("another user's userKey is 403 and changes nothing", async () => {
    const response = await change(ada, TEST_PASSWORD, 'Brand-new-secret-7', bob.userKey);
    expect(response.status).toBe(403);
    expect((await postLogin(t, 'bob')).status).toBe(200);
  });

  it('bad bodies are 400 with a clear message', async () => {
    const path = `/lms/api/user/ignored/ignored/${ada.userKey}/PASSWORD/${encodeURIComponent(TEST_PASSWORD)}`;
    const noPassword = await ada.call(path, {
      method: 'PUT',
      body: JSON.stringify({ userKey: 1 }),
    });
    expect(noPassword.status).toBe(400);
    const wrongType = await ada.call(path, {
      method: 'PUT',
      body: JSON.stringify({ password: { $gt: '' } }),
    });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as Body).message).toContain('password');
    const malformed = await ada.call(path, { method: 'PUT', body: '{"password": "x"' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Body).message).toBe('The request body is not valid JSON.');
  });

  it('success: 200, the new password works, other sessions end and this one stays', async () => {
    const other = await signIn(t, 'ada');
    const response = await change(ada, TEST_PASSWORD, 'Brand-new-secret-7');
    expect(response.status).toBe(200);
    expect((await ada.call(`/lms/api/Login/${ada.sessionId}`)).status).toBe(200);
    expect((await other.call(`/lms/api/Login/${other.sessionId}`)).status).toBe(204);
    expect((await postLogin(t, 'ada', 'Brand-new-secret-7')).status).toBe(200);
    expect((await postLogin(t, 'ada', TEST_PASSWORD)).status).toBe(401);
  });
});
