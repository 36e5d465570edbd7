import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { startOidcIdp, type TestOidcIdp } from '../../test/oidc-idp.js';
import { SsoBrowser, type Step } from '../../test/sso-browser.js';
import {
  buildSsoPeople,
  handoffOf,
  operator,
  postHandoff,
  sessionCount,
  signedInFrom,
} from '../../test/sso.js';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { ANSWER_NOT_VERIFIED_MESSAGE } from './oidc.js';
import { cookieHeader, cookiesOf } from '../../test/sign-in.js';

type Stopped = { url: string; stopped: true };
const isStop = (step: Step | Stopped): step is Stopped => 'stopped' in step;

describe('OpenID Connect single sign-on (a real oidc-provider)', () => {
  let t: TestApp;
  let idp: TestOidcIdp;
  let mainKey: number;

  const account = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ({ mainKey } = await buildSsoPeople(t.db));
    await buildLms(t.db, { lmsCode: 'plain' });
    const lockedKey = (await buildLms(t.db, { lmsCode: 'locked', studentLocked: 1 })).lmsKey;
    await buildUser(t.db, lockedKey, { userId: 'cat', email: 'cat@example.test' });
    // An LMS whose IdP is trusted to verify every address without sending email_verified.
    const trustingKey = (await buildLms(t.db, { lmsCode: 'trusting' })).lmsKey;
    await buildUser(t.db, trustingKey, { userId: 'ada-t', email: 'ada@example.test' });
    idp = await startOidcIdp({
      redirectUris: ['main', 'other', 'locked', 'trusting'].map(
        (code) => `${t.baseUrl}/lms/sso/${code}/oidc/callback`,
      ),
      accounts: {
        ada: account('ada@example.test'),
        bea: account('bea@example.test'),
        sleeping: account('sleeping@example.test'),
        instructor: account('instructor@example.test'),
        guarded: account('guarded@example.test'),
        newbie: account('newbie@example.test', {
          given_name: 'Nia',
          family_name: 'Newman',
          name: 'Nia Newman',
        }),
        unverified: account('ada@example.test', { email_verified: false }),
        // email_verified not the boolean true: the text "false", or no claim at all.
        textfalse: account('ada@example.test', { email_verified: 'false' }),
        silent: { email: 'ada@example.test', given_name: 'Ada' },
        // Someone else's address first in a list of addresses.
        listed: account('x', { email: ['ada@example.test', 'mallory@example.test'] }),
        cat: account('cat@example.test'),
      },
    });
    for (const lms of ['main', 'other', 'locked', 'trusting']) {
      await operator(
        t,
        'sso-oidc',
        {
          lms,
          issuer: idp.issuer,
          clientId: idp.clientId,
          ...(lms === 'trusting' ? { assumeEmailVerified: true } : {}),
        },
        Buffer.from(`${idp.clientSecret}\n`),
      );
    }
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  const callbackOf = (code: string) => `${t.baseUrl}/lms/sso/${code}/oidc/callback`;

  /** From the SSO button to the IdP's answer at Waypoint's redirect URI (not yet fetched). */
  async function toCallback(
    browser: SsoBrowser,
    login: string,
    options: {
      lms?: string;
      tamper?: (authorization: URL) => void | Promise<void>;
      /** Started from the staff console's sign-in page (ADR 0021). */
      console?: boolean;
    } = {},
  ): Promise<string> {
    const lms = options.lms ?? 'main';
    const panel = options.console ? '&panel=console' : '';
    const atIdp = await browser.follow(`${t.baseUrl}/ssosaml2bridge/?lms=${lms}${panel}`, (url) =>
      url.startsWith(`${idp.issuer}/auth`),
    );
    if (!isStop(atIdp))
      throw new Error(`did not reach the IdP: ${atIdp.response.status} ${atIdp.body}`);
    const authorization = new URL(atIdp.url);
    await options.tamper?.(authorization);
    const loginPage = await browser.follow(authorization.toString());
    if (isStop(loginPage)) throw new Error('unexpected stop');
    const answer = await browser.submit(loginPage, { login, password: 'anything' }, (url) =>
      url.startsWith(callbackOf(lms)),
    );
    if (!isStop(answer))
      throw new Error(`the IdP did not answer: ${answer.response.status} ${answer.body}`);
    return answer.url;
  }

  /** The whole journey to Waypoint's answer: a hand-off address, or the refusal page. */
  async function signOn(
    browser: SsoBrowser,
    login: string,
    options: Parameters<typeof toCallback>[2] = {},
  ) {
    const callback = await toCallback(browser, login, options);
    return browser.follow(callback, (url) => url.includes('/sso/complete'));
  }

  async function expectRefused(outcome: Step | Stopped, message: string) {
    if (isStop(outcome)) throw new Error(`was not refused: ${outcome.url}`);
    expect(outcome.response.status).toBeGreaterThanOrEqual(400);
    expect(outcome.response.headers.get('content-type')).toContain('text/html');
    expect(outcome.body).toContain(message.replace(/'/g, '&#39;'));
    expect(outcome.body).toContain('You have not been signed in.');
    expect(outcome.body).toContain('href="/login"');
    expect(outcome.body).not.toContain('<script');
  }

  it('the SSO button leads through the IdP to a panel session, as after a password sign-in', async () => {
    const before = await sessionCount(t);
    const browser = new SsoBrowser();
    const outcome = await signOn(browser, 'ada');
    if (!isStop(outcome)) throw new Error(`refused: ${outcome.body}`);
    const handoff = handoffOf(outcome.url);
    const student = await signedInFrom(t, browser, handoff);
    expect(student.lmsKey).toBe(mainKey);
    expect(student.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same session rules as Login: binding cookie (useCookie=1), XSRF, permissions answer.
    expect(student.jar.waypointSession).toBeTruthy();
    const permissions = await student.call('/lms/api/permissions');
    expect(permissions.status).toBe(200);
    expect(await permissions.json()).toMatchObject({ isStudent: true, userType: 0 });
    expect(await sessionCount(t)).toBe(before + 1);
    // A hand-off works once.
    const again = await postHandoff(t, browser, handoff);
    expect(again.status).toBe(400);
    expect(await sessionCount(t)).toBe(before + 1);
    // Logout ends the Waypoint session.
    expect((await student.call('/lms/api/Login', { method: 'DELETE' })).status).toBe(204);
    expect((await student.call('/lms/api/permissions')).status).toBe(401);
  });

  it("the console's SSO button leads to a console session for staff, and refuses students", async () => {
    const instructor = await t.db
      .selectFrom('appUser')
      .select('userKey')
      .where('userId', '=', 'instructor')
      .where('lmsKey', '=', mainKey)
      .executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('staffRole')
      .select('roleKey')
      .where('lmsKey', '=', mainKey)
      .where('builtIn', '=', 'instructor')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('staffMember')
      .values({ userKey: instructor.userKey, roleKey: role.roleKey, createdAt: new Date() })
      .execute();
    const browser = new SsoBrowser();
    const callback = await toCallback(browser, 'instructor', { console: true });
    const outcome = await browser.follow(callback, (url) => url.includes('/console/sso'));
    if (!isStop(outcome)) throw new Error(`refused: ${outcome.body}`);
    const handoff = /#handoff=([A-Za-z0-9_-]+)$/.exec(outcome.url)?.[1] ?? '';
    expect(outcome.url).toMatch(/\/console\/sso#handoff=/);
    const traded = await postHandoff(t, browser, handoff);
    expect(traded.status).toBe(200);
    const body = (await traded.json()) as { sessionID: string };
    const jar = { ...browser.jar(t.baseUrl), ...cookiesOf(traded) };
    expect(jar['waypointConsoleSession']).toBeTruthy();
    const me = await fetch(`${t.baseUrl}/lms/api/console/me`, {
      headers: { sessionID: body.sessionID, cookie: cookieHeader(jar) },
    });
    expect(me.status).toBe(200);
    // A student who starts from the console is refused with the console's words.
    await expectRefused(
      await signOn(new SsoBrowser(), 'ada', { console: true }),
      'You do not have staff access.',
    );
  });

  it('the bridge still says so for an LMS without single sign-on', async () => {
    const response = await fetch(`${t.baseUrl}/ssosaml2bridge/?lms=plain`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      'Single sign-on is not configured for this training provider.',
    );
  });

  it('refuses a wrong state, and a state used twice (a replayed code)', async () => {
    const before = await sessionCount(t);
    const browser = new SsoBrowser();
    const callback = new URL(await toCallback(browser, 'ada'));
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    await expectRefused(await browser.follow(forged.toString()), 'This sign-in request is unknown');
    const first = await browser.follow(callback.toString(), (url) => url.includes('/sso/complete'));
    expect(isStop(first)).toBe(true);
    await expectRefused(
      await browser.follow(callback.toString()),
      'This sign-in request is unknown',
    );
    expect(await sessionCount(t)).toBe(before);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const before = await sessionCount(t);
    const outcome = await signOn(new SsoBrowser(), 'ada', {
      tamper: (authorization) => authorization.searchParams.set('nonce', 'a-nonce-of-an-attacker'),
    });
    await expectRefused(outcome, "The identity provider's answer could not be verified.");
    expect(await sessionCount(t)).toBe(before);
  });

  it('refuses a code whose PKCE challenge was not made from our verifier', async () => {
    const outcome = await signOn(new SsoBrowser(), 'ada', {
      tamper: async (authorization) =>
        authorization.searchParams.set(
          'code_challenge',
          await calculatePKCECodeChallenge(randomPKCECodeVerifier()),
        ),
    });
    await expectRefused(outcome, "The identity provider's answer could not be verified.");
  });

  it('never signs in a user of another LMS: not by match, nor by a state of another LMS', async () => {
    const before = await sessionCount(t);
    // bea exists only in LMS 'other'.
    await expectRefused(
      await signOn(new SsoBrowser(), 'bea'),
      'There is no Waypoint account for you',
    );
    // A state started for 'main' brought to the redirect URI of 'other'.
    const browser = new SsoBrowser();
    const callback = new URL(await toCallback(browser, 'ada'));
    const elsewhere = new URL(callbackOf('other'));
    elsewhere.search = callback.search;
    await expectRefused(
      await browser.follow(elsewhere.toString()),
      'This sign-in request is unknown',
    );
    expect(await sessionCount(t)).toBe(before);
    // bea at her own LMS is fine.
    const own = await signOn(new SsoBrowser(), 'bea', { lms: 'other' });
    expect(isStop(own)).toBe(true);
  });

  it('refuses an unknown person without JIT, and creates them as a student with it', async () => {
    await expectRefused(
      await signOn(new SsoBrowser(), 'newbie'),
      'There is no Waypoint account for you',
    );
    expect(
      await t.db
        .selectFrom('appUser')
        .select('userKey')
        .where('email', '=', 'newbie@example.test')
        .execute(),
    ).toEqual([]);
    await operator(
      t,
      'sso-oidc',
      { lms: 'main', issuer: idp.issuer, clientId: idp.clientId, jit: true },
      Buffer.from(idp.clientSecret),
    );
    try {
      const browser = new SsoBrowser();
      const outcome = await signOn(browser, 'newbie');
      if (!isStop(outcome)) throw new Error(outcome.body);
      const student = await signedInFrom(t, browser, handoffOf(outcome.url));
      const user = await t.db
        .selectFrom('appUser')
        .selectAll()
        .where('userKey', '=', student.userKey)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        lmsKey: mainKey,
        userId: 'newbie@example.test',
        email: 'newbie@example.test',
        nameOther: 'Nia',
        nameCollated: 'Newman',
        displayName: 'Nia Newman',
        isStudent: true,
        userType: 0,
        passwordHash: null,
      });
    } finally {
      await operator(
        t,
        'sso-oidc',
        { lms: 'main', issuer: idp.issuer, clientId: idp.clientId },
        Buffer.from(idp.clientSecret),
      );
    }
  });

  it('gives an inactive user, a non-student and a locked LMS the password login messages', async () => {
    const before = await sessionCount(t);
    await expectRefused(await signOn(new SsoBrowser(), 'sleeping'), 'Incorrect login.');
    await expectRefused(
      await signOn(new SsoBrowser(), 'instructor'),
      'You do not have student access.',
    );
    await expectRefused(
      await signOn(new SsoBrowser(), 'cat', { lms: 'locked' }),
      'Please contact your training department for access.',
    );
    await expectRefused(
      await signOn(new SsoBrowser(), 'unverified'),
      'The identity provider says this email address is not verified.',
    );
    expect(await sessionCount(t)).toBe(before);
  });

  it('matches by email only when email_verified is the boolean true, and only on one text', async () => {
    const before = await sessionCount(t);
    await expectRefused(
      await signOn(new SsoBrowser(), 'textfalse'),
      'The identity provider did not say with a plain true that this email address is verified',
    );
    await expectRefused(
      await signOn(new SsoBrowser(), 'silent'),
      'The identity provider did not say that this email address is verified',
    );
    await expectRefused(
      await signOn(new SsoBrowser(), 'listed'),
      "The identity provider sent the 'email' value as a list, not as one text",
    );
    expect(await sessionCount(t)).toBe(before);
  });

  it('trusts an IdP that never sends email_verified only where the operator said so', async () => {
    const shown = (await operator(t, 'sso-show', { lms: 'trusting' })) as Record<string, unknown>;
    expect(shown).toMatchObject({ assumeEmailVerified: true });
    const browser = new SsoBrowser();
    const outcome = await signOn(browser, 'silent', { lms: 'trusting' });
    if (!isStop(outcome)) throw new Error(`refused: ${outcome.body}`);
    const student = await signedInFrom(t, browser, handoffOf(outcome.url));
    expect((await student.call('/lms/api/permissions')).status).toBe(200);
    const adaT = await t.db
      .selectFrom('appUser')
      .select('userKey')
      .where('userId', '=', 'ada-t')
      .executeTakeFirstOrThrow();
    expect(student.userKey).toBe(adaT.userKey);
    // An IdP that does send it must still send true, there too.
    await expectRefused(
      await signOn(new SsoBrowser(), 'textfalse', { lms: 'trusting' }),
      'The identity provider did not say with a plain true that this email address is verified',
    );
    await expectRefused(
      await signOn(new SsoBrowser(), 'unverified', { lms: 'trusting' }),
      'The identity provider says this email address is not verified.',
    );
  });

  describe("the ID token's signature is checked against the issuer's keys", () => {
    const swapEmail = (claims: Record<string, unknown>) => ({
      ...claims,
      email: 'guarded@example.test',
    });

    it('refuses a token signed with another key, and one edited after signing', async () => {
      const before = await sessionCount(t);
      try {
        idp.replaceIdToken = async (idToken) => {
          const { alg = 'RS256', ...header } = decodeProtectedHeader(idToken);
          const { privateKey } = await generateKeyPair(alg);
          // Same header (kid included), claims of another person, another key's signature.
          return new SignJWT(swapEmail(decodeJwt(idToken)))
            .setProtectedHeader({ ...header, alg })
            .sign(privateKey);
        };
        await expectRefused(await signOn(new SsoBrowser(), 'ada'), ANSWER_NOT_VERIFIED_MESSAGE);
        idp.replaceIdToken = (idToken) => {
          const [head, , signature] = idToken.split('.');
          const edited = Buffer.from(JSON.stringify(swapEmail(decodeJwt(idToken)))).toString(
            'base64url',
          );
          return `${head}.${edited}.${signature}`;
        };
        await expectRefused(await signOn(new SsoBrowser(), 'ada'), ANSWER_NOT_VERIFIED_MESSAGE);
      } finally {
        idp.replaceIdToken = null;
      }
      expect(await sessionCount(t)).toBe(before);
    });

    it("accepts the issuer's own signature when the answer passes through unchanged", async () => {
      try {
        idp.replaceIdToken = (idToken) => idToken;
        const outcome = await signOn(new SsoBrowser(), 'ada');
        if (!isStop(outcome)) throw new Error(`refused: ${outcome.body}`);
        expect(handoffOf(outcome.url)).toBeTruthy();
      } finally {
        idp.replaceIdToken = null;
      }
    });
  });

  it('a hand-off completes only in the browser that started the sign-on', async () => {
    const browser = new SsoBrowser();
    const outcome = await signOn(browser, 'ada');
    if (!isStop(outcome)) throw new Error(outcome.body);
    const stranger = new SsoBrowser();
    const response = await postHandoff(t, stranger, handoffOf(outcome.url));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      message:
        'This single sign-on was started in another browser. Please sign in again in this one.',
    });
  });

  it("asks Waypoint's MFA when the IdP did not do a second factor", async () => {
    const browser = new SsoBrowser();
    const outcome = await signOn(browser, 'guarded');
    if (!isStop(outcome)) throw new Error(outcome.body);
    const response = await postHandoff(t, browser, handoffOf(outcome.url));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sessionID: string; mfaID: string | null };
    expect(body.sessionID).toBe(MFA_SESSION_MARKER);
    expect(body.mfaID).toBeTruthy();
    expect(await t.outbox('guarded@example.test')).toHaveLength(1);
  });

  it('operator commands: the secret is sealed and never shown; sso-off removes the SSO button', async () => {
    const shown = (await operator(t, 'sso-show', { lms: 'main' })) as Record<string, unknown>;
    expect(shown).toMatchObject({
      lms: 'main',
      protocol: 'oidc',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: 'set (not shown)',
      redirectUri: callbackOf('main'),
      match: 'email',
      jit: false,
    });
    expect(JSON.stringify(shown)).not.toContain(idp.clientSecret);
    const stored = await t.db.selectFrom('ssoConfig').select('oidcClientSecretSealed').execute();
    expect(stored.every((row) => !row.oidcClientSecretSealed?.includes(idp.clientSecret))).toBe(
      true,
    );
    const lmsInfo = async () =>
      (await (await fetch(`${t.baseUrl}/lms/api/PublicInfo/LMS/Info/?lms=other`)).json()) as {
        ssoEnabled: boolean;
      };
    expect((await lmsInfo()).ssoEnabled).toBe(true);
    expect(await operator(t, 'sso-off', { lms: 'other' })).toEqual({ lms: 'other', removed: true });
    expect((await lmsInfo()).ssoEnabled).toBe(false);
    expect(await (await fetch(`${t.baseUrl}/ssosaml2bridge/?lms=other`)).text()).toContain(
      'Single sign-on is not configured',
    );
    await expect(
      operator(
        t,
        'sso-oidc',
        { lms: 'main', issuer: 'http://idp.example.test', clientId: 'x' },
        Buffer.from('s'),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      operator(
        t,
        'sso-oidc',
        { lms: 'main', issuer: idp.issuer, clientId: 'x' },
        Buffer.from(' \n'),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
