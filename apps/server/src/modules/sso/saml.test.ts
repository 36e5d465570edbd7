import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startSamlIdp, type SamlUser, type TestSamlIdp } from '../../test/saml-idp.js';
import { SsoBrowser, type Step } from '../../test/sso-browser.js';
import {
  buildSsoPeople,
  handoffOf,
  operator,
  postHandoff,
  sessionCount,
  signedInFrom,
} from '../../test/sso.js';

type Stopped = { url: string; stopped: true };
const isStop = (step: Step | Stopped): step is Stopped => 'stopped' in step;
const MULTI_FACTOR = 'http://schemas.microsoft.com/claims/multipleauthn';

describe('SAML 2.0 single sign-on (samlify as the IdP)', () => {
  let t: TestApp;
  let idp: TestSamlIdp;
  let mainKey: number;

  const person = (email: string, extra: Partial<SamlUser> = {}): SamlUser => ({
    nameId: email,
    attributes: { email, givenName: 'Ada', sn: 'Lovelace' },
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    ({ mainKey } = await buildSsoPeople(t.db));
    idp = await startSamlIdp({
      users: {
        // As Entra ID sends it: the email under its claim URI, no plain 'email' attribute.
        ada: person('ada@example.test', {
          attributes: {
            'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress':
              'ada@example.test',
          },
        }),
        bea: person('bea@example.test'),
        sleeping: person('sleeping@example.test'),
        instructor: person('instructor@example.test'),
        guarded: person('guarded@example.test'),
        'guarded-mfa': person('guarded@example.test', { authnContext: MULTI_FACTOR }),
      },
    });
    for (const lms of ['main', 'other']) {
      await operator(t, 'sso-saml', { lms, metadata: true }, Buffer.from(idp.metadata));
    }
    idp.trustSp(await (await fetch(`${t.baseUrl}/lms/sso/main/saml/metadata`)).text());
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  const acsOf = (lms: string) => `${t.baseUrl}/lms/sso/${lms}/saml/acs`;
  const toPanel = (url: string) => url.includes('/sso/complete');

  /** From the SSO button to the IdP's answer form (the auto-posting page with SAMLResponse). */
  async function answerForm(browser: SsoBrowser, login: string): Promise<Step> {
    const loginPage = await browser.follow(`${t.baseUrl}/ssosaml2bridge/?lms=main`);
    if (isStop(loginPage) || loginPage.response.status !== 200)
      throw new Error('no IdP login page');
    expect(loginPage.url.startsWith(`${idp.baseUrl}/sso?SAMLRequest=`)).toBe(true);
    const answer = await browser.submit(loginPage, { login, password: 'anything' });
    if (isStop(answer) || answer.response.status !== 200)
      throw new Error(
        `IdP refused ${login}: ${isStop(answer) ? answer.url : `${answer.response.status} ${answer.body.slice(0, 800)}`}`,
      );
    return answer;
  }

  const samlResponseOf = (page: Step) =>
    /name="SAMLResponse" value="([^"]+)"/.exec(page.body)?.[1] ?? '';

  /** Posts a SAMLResponse to an ACS as the browser would, following on to the panel. */
  async function postAnswer(browser: SsoBrowser, samlResponse: string, lms = 'main') {
    const posted = await browser.request(acsOf(lms), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
    });
    const location = posted.response.headers.get('location');
    return location
      ? ({ url: new URL(location, acsOf(lms)).toString(), stopped: true } as Stopped)
      : posted;
  }

  async function signOn(browser: SsoBrowser, login: string) {
    return browser.submit(await answerForm(browser, login), {}, toPanel);
  }

  async function expectRefused(outcome: Step | Stopped, message: string) {
    if (isStop(outcome)) throw new Error(`was not refused: ${outcome.url}`);
    expect(outcome.response.status).toBeGreaterThanOrEqual(400);
    expect(outcome.body).toContain(message.replace(/'/g, '&#39;'));
    expect(outcome.body).toContain('You have not been signed in.');
    expect(outcome.body).toContain('href="/login"');
  }

  const decode = (value: string) => Buffer.from(value, 'base64').toString('utf8');
  const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

  it('serves the SP metadata: entity id, ACS and signed assertions wanted', async () => {
    const response = await fetch(`${t.baseUrl}/lms/sso/main/saml/metadata`);
    expect(response.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await response.text();
    expect(xml).toContain(`entityID="${t.baseUrl}/lms/sso/main/saml/metadata"`);
    expect(xml).toContain(`Location="${acsOf('main')}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect((await fetch(`${t.baseUrl}/lms/sso/nowhere/saml/metadata`)).status).toBe(404);
  });

  it('SP-initiated: the SSO button, the IdP, the ACS, and a panel session', async () => {
    const before = await sessionCount(t);
    const browser = new SsoBrowser();
    const outcome = await signOn(browser, 'ada');
    if (!isStop(outcome)) throw new Error(outcome.body);
    const student = await signedInFrom(t, browser, handoffOf(outcome.url));
    expect(student.lmsKey).toBe(mainKey);
    expect((await student.call('/lms/api/permissions')).status).toBe(200);
    expect(await sessionCount(t)).toBe(before + 1);
  });

  it('no Waypoint MFA when the IdP did multi-factor authentication; asked otherwise', async () => {
    const viaIdp = new SsoBrowser();
    const strong = await signOn(viaIdp, 'guarded-mfa');
    if (!isStop(strong)) throw new Error(strong.body);
    const session = (await (await postHandoff(t, viaIdp, handoffOf(strong.url))).json()) as {
      sessionID: string;
    };
    expect(session.sessionID).not.toBe(MFA_SESSION_MARKER);
    const weakBrowser = new SsoBrowser();
    const weak = await signOn(weakBrowser, 'guarded');
    if (!isStop(weak)) throw new Error(weak.body);
    const pending = (await (await postHandoff(t, weakBrowser, handoffOf(weak.url))).json()) as {
      sessionID: string;
    };
    expect(pending.sessionID).toBe(MFA_SESSION_MARKER);
  });

  describe('refused assertions, each with a clear page and no session', () => {
    let before: number;
    const refusedWith = async (outcome: Step | Stopped, message: string) => {
      await expectRefused(outcome, message);
      expect(await sessionCount(t)).toBe(before);
    };
    const VERIFY = "The identity provider's answer could not be verified.";

    beforeAll(async () => {
      before = await sessionCount(t);
    });

    it('unsigned (the signature taken out)', async () => {
      const browser = new SsoBrowser();
      const xml = decode(samlResponseOf(await answerForm(browser, 'ada')));
      const unsigned = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '');
      expect(unsigned).not.toBe(xml);
      await refusedWith(await postAnswer(browser, encode(unsigned)), VERIFY);
    });

    it('signed with a key that is not the IdP’s', async () => {
      idp.next = { signer: 'stranger' };
      try {
        const browser = new SsoBrowser();
        await refusedWith(await signOn(browser, 'ada'), VERIFY);
      } finally {
        idp.next = {};
      }
    });

    it('for another audience, for another recipient, and for another LMS', async () => {
      for (const next of [
        { audience: 'https://elsewhere.example/sp' },
        { recipient: 'https://elsewhere.example/acs' },
        { audience: `${t.baseUrl}/lms/sso/other/saml/metadata`, recipient: acsOf('other') },
      ]) {
        idp.next = next;
        try {
          await refusedWith(await signOn(new SsoBrowser(), 'ada'), VERIFY);
        } finally {
          idp.next = {};
        }
      }
    });

    it('expired, and not yet valid (beyond the minute of clock skew)', async () => {
      const now = Date.now();
      for (const next of [
        { notBefore: new Date(now - 20 * 60_000), notOnOrAfter: new Date(now - 10 * 60_000) },
        { notBefore: new Date(now + 5 * 60_000), notOnOrAfter: new Date(now + 10 * 60_000) },
      ]) {
        idp.next = next;
        try {
          await refusedWith(await signOn(new SsoBrowser(), 'ada'), VERIFY);
        } finally {
          idp.next = {};
        }
      }
    });

    it('replayed: the same answer posted twice', async () => {
      const browser = new SsoBrowser();
      const answer = samlResponseOf(await answerForm(browser, 'ada'));
      const first = await postAnswer(browser, answer);
      expect(isStop(first) && toPanel(first.url)).toBe(true);
      await expectRefused(await postAnswer(browser, answer), VERIFY);
    });

    it('XML signature wrapping: a second, unsigned assertion put before the signed one', async () => {
      const browser = new SsoBrowser();
      const xml = decode(samlResponseOf(await answerForm(browser, 'ada')));
      const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
      const evil = signed
        .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
        .replace(/ID="[^"]+"/, 'ID="_evil"')
        .replaceAll('ada@example.test', 'instructor@example.test');
      await refusedWith(
        await postAnswer(browser, encode(xml.replace(signed, evil + signed))),
        VERIFY,
      );
      // A fresh request (the one above is used up), with the signed assertion wrapped inside an
      // unsigned one's Advice.
      const again = new SsoBrowser();
      const xml2 = decode(samlResponseOf(await answerForm(again, 'ada')));
      const signed2 = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml2)?.[0] ?? '';
      const outer = signed2
        .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
        .replace(/ID="[^"]+"/, 'ID="_evil"')
        .replaceAll('ada@example.test', 'instructor@example.test')
        .replace(/<\/saml:Assertion>$/, `<saml:Advice>${signed2}</saml:Advice></saml:Assertion>`);
      await refusedWith(await postAnswer(again, encode(xml2.replace(signed2, outer))), VERIFY);
    });

    it('in response to a request Waypoint never made, and unsolicited', async () => {
      for (const inResponseTo of ['_a-request-we-never-sent', '']) {
        const answer = await idp.respond(idp.users.ada!, { inResponseTo });
        await refusedWith(await postAnswer(new SsoBrowser(), answer), VERIFY);
      }
    });

    it('a user of another LMS, an inactive user and a non-student', async () => {
      await refusedWith(
        await signOn(new SsoBrowser(), 'bea'),
        'There is no Waypoint account for you',
      );
      await refusedWith(await signOn(new SsoBrowser(), 'sleeping'), 'Incorrect login.');
      await refusedWith(
        await signOn(new SsoBrowser(), 'instructor'),
        'You do not have student access.',
      );
    });
  });

  it('IdP-initiated logins when allowed: each assertion accepted once (the replay store)', async () => {
    await operator(
      t,
      'sso-saml',
      { lms: 'main', metadata: true, idpInitiated: true },
      Buffer.from(idp.metadata),
    );
    try {
      const answer = await idp.respond(idp.users.ada!, {});
      const browser = new SsoBrowser();
      const first = await postAnswer(browser, answer);
      if (!isStop(first)) throw new Error(first.body);
      // Unsolicited: no starting browser to bind to, so the hand-off completes wherever it lands.
      expect((await postHandoff(t, browser, handoffOf(first.url))).status).toBe(200);
      const before = await sessionCount(t);
      await expectRefused(
        await postAnswer(new SsoBrowser(), answer),
        'This sign-in answer was already used.',
      );
      expect(await sessionCount(t)).toBe(before);
      expect(await t.db.selectFrom('ssoSamlAssertion').select('assertionId').execute()).not.toEqual(
        [],
      );
    } finally {
      await operator(t, 'sso-saml', { lms: 'main', metadata: true }, Buffer.from(idp.metadata));
    }
  });

  it('operator: fields and a certificate file instead of metadata; bad files refused', async () => {
    const shown = (await operator(
      t,
      'sso-saml',
      {
        lms: 'other',
        entityId: idp.entityId,
        ssoUrl: `${idp.baseUrl}/sso`,
        match: 'login',
        claim: 'uid',
        jit: true,
      },
      Buffer.from(idp.cert),
    )) as Record<string, unknown>;
    expect(shown).toMatchObject({
      lms: 'other',
      protocol: 'saml',
      idpEntityId: idp.entityId,
      idpSsoUrl: `${idp.baseUrl}/sso`,
      idpCertificates: 1,
      match: 'login',
      matchClaim: 'uid',
      jit: true,
      spEntityId: `${t.baseUrl}/lms/sso/other/saml/metadata`,
      acsUrl: acsOf('other'),
    });
    const refused = async (input: Record<string, unknown>, file: string) =>
      expect(
        operator(t, 'sso-saml', { lms: 'other', ...input }, Buffer.from(file)),
      ).rejects.toMatchObject({
        statusCode: 400,
      });
    await refused({ entityId: 'x', ssoUrl: `${idp.baseUrl}/sso` }, 'not a certificate');
    await refused({ metadata: true }, '<EntityDescriptor');
    await refused({ metadata: true }, idp.metadata.replaceAll('HTTP-Redirect', 'HTTP-Artifact'));
    await refused({ entityId: 'x', ssoUrl: 'http://idp.example.test/sso' }, idp.cert);
  });
});
