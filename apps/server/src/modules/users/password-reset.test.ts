import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { postLogin, signIn, waitForEmails } from '../../test/sign-in.js';
import { createRegisterInvitation } from './password.service.js';

type Body = Record<string, unknown>;

describe('password reset by email, set-password links, register invitations', () => {
  let t: TestApp;
  let lmsKey: number;
  let newcomerKey: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://panel.example.test' } });
    lmsKey = (await buildLms(t.db, { lmsCode: 'main' })).lmsKey;
    await buildUser(t.db, lmsKey, { userId: 'ada', email: 'Ada@Example.test' });
    await buildUser(t.db, lmsKey, { userId: 'cy', email: 'cy@example.test' });
    newcomerKey = (
      await buildUser(t.db, lmsKey, {
        userId: 'newcomer',
        email: 'new@example.test',
        password: null,
      })
    ).userKey;
  });
  afterAll(() => t.close());

  const askReset = (address: string, headers: Record<string, string> = {}) =>
    fetch(
      `${t.baseUrl}/lms/api/PasswordReset/VALIDATE_EMAIL/${encodeURIComponent(address)}?fromStudentpanel=true`,
      { headers },
    );
  const checkToken = (token: string, email: string) =>
    fetch(
      `${t.baseUrl}/lms/api/PasswordReset/VALIDATE_TOKEN/${token}/${encodeURIComponent(email)}`,
    );
  const setPassword = (token: string, email: string, password: string) =>
    fetch(`${t.baseUrl}/lms/api/PasswordReset/${token}/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        newPassword: password,
        newPasswordEncoded: encodeURIComponent(password),
      },
    });
  const linkIn = (text: string) => {
    const match = /(https:\/\/\S+\?token=([\w-]+)&email=(\S+))/.exec(text);
    if (!match?.[2] || !match[3]) throw new Error(`no link in ${text}`);
    return { url: match[1] ?? '', token: match[2], email: decodeURIComponent(match[3]) };
  };

  it('checks the address shape and length with the spec messages', async () => {
    for (const [address, message] of [
      ['not-an-email', 'Incorrect email format.'],
      ['a@b', 'Incorrect email format.'],
      [`${'a'.repeat(250)}@example.test`, 'Email is too long, 255 max.'],
    ]) {
      const response = await askReset(address ?? '');
      expect(response.status).toBe(400);
      expect(((await response.json()) as Body).message).toBe(message);
    }
  });

  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const known = await askReset('ada@example.test');
    const unknown = await askReset('nobody@example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    const [email] = await waitForEmails(t, 'Ada@Example.test', 1);
    const link = linkIn(email?.textBody ?? '');
    expect(link.url.startsWith('https://panel.example.test/ChangePassword?token=')).toBe(true);
    expect(link.email).toBe('Ada@Example.test');
    expect(await t.outbox('nobody@example.test')).toHaveLength(0);
    // Only a hash of the token is stored.
    const rows = await t.db.selectFrom('passwordToken').select('tokenHash').execute();
    expect(rows.map((row) => row.tokenHash)).not.toContain(link.token);
  });

  it('a reset link: valid once, refuses rule-breaking passwords with the list, sets the password', async () => {
    await askReset('cy@example.test');
    const [email] = await waitForEmails(t, 'cy@example.test', 1);
    const { token } = linkIn(email?.textBody ?? '');
    const oldSession = await signIn(t, 'cy');

    const check = await checkToken(token, 'CY@example.test');
    expect(check.status).toBe(200);
    expect(await check.text()).toBe('200');
    expect((await checkToken(token, 'someone@example.test')).status).toBe(404);

    const weak = await setPassword(token, 'cy@example.test', 'cy');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual([
      { statusCode: 400, message: 'Password must be at least 8 characters long.' },
      { statusCode: 400, message: 'Password must not be your login ID or email address.' },
    ]);
    const common = await setPassword(token, 'cy@example.test', 'Password123');
    expect(((await common.json()) as Body[])[0]?.message).toBe(
      'Password is too common. Please choose a less predictable one.',
    );
    const same = await setPassword(token, 'cy@example.test', TEST_PASSWORD);
    expect(((await same.json()) as Body[])[0]?.message).toBe(
      'New password must be different from the current password.',
    );

    const done = await setPassword(token, 'cy@example.test', 'Brand-new-secret-7');
    expect(done.status).toBe(200);
    // Single use; every session of the user ended; the new password works, the old one not.
    const reused = await setPassword(token, 'cy@example.test', 'Another-secret-8');
    expect(reused.status).toBe(404);
    expect(((await reused.json()) as Body).message).toBe('This link has expired.');
    expect((await checkToken(token, 'cy@example.test')).status).toBe(404);
    expect((await oldSession.call(`/lms/api/Login/${oldSession.sessionId}`)).status).toBe(204);
    expect((await postLogin(t, 'cy', 'Brand-new-secret-7')).status).toBe(200);
    expect((await postLogin(t, 'cy', TEST_PASSWORD)).status).toBe(401);
  });

  it('a reset link expires after 1 hour', async () => {
    await askReset('ada@example.test');
    const emails = await waitForEmails(t, 'Ada@Example.test', 2);
    const { token } = linkIn(emails.at(-1)?.textBody ?? '');
    t.clock.advance(59 * 60_000);
    expect((await checkToken(token, 'ada@example.test')).status).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await checkToken(token, 'ada@example.test')).status).toBe(404);
    expect((await setPassword(token, 'ada@example.test', 'Brand-new-secret-7')).status).toBe(404);
  });

  it('refuses unknown tokens and malformed ones without changing anything', async () => {
    expect((await checkToken('x'.repeat(43), 'ada@example.test')).status).toBe(404);
    const huge = await checkToken('x'.repeat(200), 'ada@example.test');
    expect(huge.status).toBe(400);
    const bad = await fetch(`${t.baseUrl}/lms/api/PasswordReset/${'x'.repeat(43)}/a@b.c`, {
      method: 'PUT',
      headers: { newPasswordEncoded: '%E0%A4%A' },
    });
    expect(bad.status).toBe(400);
    expect((await postLogin(t, 'ada')).status).toBe(200);
  });

  it('register invitation: a /Register link valid for 7 days that sets the first password', async () => {
    const invitation = await createRegisterInvitation(t.app.deps, newcomerKey);
    expect(invitation.email).toBe('new@example.test');
    const [email] = await t.outbox('new@example.test');
    const link = linkIn(email?.textBody ?? '');
    expect(link.url.startsWith('https://panel.example.test/Register?token=')).toBe(true);
    expect(invitation.link).toBe(link.url);
    t.clock.advance(6 * 24 * 3_600_000);
    expect((await checkToken(link.token, link.email)).status).toBe(200);
    expect((await setPassword(link.token, link.email, 'First-secret-99')).status).toBe(200);
    expect((await postLogin(t, 'newcomer', 'First-secret-99')).status).toBe(200);

    const second = await createRegisterInvitation(t.app.deps, newcomerKey);
    t.clock.advance(7 * 24 * 3_600_000 + 60_000);
    const token = new URL(second.link).searchParams.get('token') ?? '';
    expect((await checkToken(token, 'new@example.test')).status).toBe(404);
  });

  it('limits reset requests per email address and per client address (429 with Retry-After)', async () => {
    t.clock.advance(60 * 60_000);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await askReset('limit@example.test'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    const limited = answers[3];
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited?.json()) as Body).message).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    t.clock.advance(16 * 60_000);
    const statuses = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await askReset(`someone${i}@example.test`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
