import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms } from '../../test/factories.js';

type Body = Record<string, unknown>;

describe('public LMS data: info, support info, app links, SSO bridge', () => {
  let t: TestApp;
  let mainKey: number;
  let otherKey: number;
  beforeAll(async () => {
    t = await createTestApp();
    mainKey = (
      await buildLms(t.db, {
        lmsCode: 'main',
        lmsName: 'Main Airline',
        lmsDisplayName: 'Main Airline Training',
        themeUrl: '/themes/main.css',
        rebrand2021: 1,
        showDashboard: 1,
        supportPhone: '+1 555 0100',
        supportEmail: 'help@main.test',
        studentFaq: '## Question\nAnswer',
        helpCentreUrl: 'https://help.main.test',
      })
    ).lmsKey;
    otherKey = (
      await buildLms(t.db, {
        lmsCode: 'other',
        hostNames: ['other.example.test'],
        studentLocked: 1,
      })
    ).lmsKey;
    await t.db
      .insertInto('appDownloadLink')
      .values([
        { lmsKey: mainKey, label: 'Google Play', link: 'https://play.test', sortOrder: 3 },
        { lmsKey: mainKey, label: 'Windows', link: 'https://win.test', sortOrder: 1 },
        {
          lmsKey: mainKey,
          label: 'Apple',
          link: 'https://apple.test',
          sortOrder: 2,
          willRender: false,
        },
        { lmsKey: otherKey, label: 'Windows', link: 'https://other.test', sortOrder: 1 },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/lms/api${path}`, { headers });

  it('LMS info of the default LMS with every field the panel reads', async () => {
    const response = await get('/PublicInfo/LMS/Info/');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({
      lmsKey: mainKey,
      lmsName: 'Main Airline',
      lmsDisplayName: 'Main Airline Training',
      lmsCode: 'main',
      studentLocked: 0,
      themeURL: '/themes/main.css',
      showDashboard: 1,
      rebrand2021: 1,
      enforceCurriculumPrerequisitesToggle: 1,
      // A new LMS hides the Waypoint-login option (migration 0006, ADR 0010).
      hideCPaTLogin: 1,
      ssoEnabled: false,
    });
    expect(body).not.toHaveProperty('liveBackground');
    for (const field of [
      'lmsShortName',
      'customerID',
      'obsolete',
      'sandbox',
      'adminLocked',
      'defaultLanguage',
      'billingType',
      'themeName',
      'themePrimaryColor',
      'themeLogoURL',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body).not.toHaveProperty('supportPhone');
  });

  it('resolves the LMS from the lms code, the X-LMS-Code header or the host name', async () => {
    const byQuery = (await (await get('/PublicInfo/LMS/Info/?lms=other')).json()) as Body;
    expect(byQuery.lmsKey).toBe(otherKey);
    expect(byQuery.studentLocked).toBe(1);
    const byHeader = (await (
      await get('/PublicInfo/LMS/Info/', { 'X-LMS-Code': 'other' })
    ).json()) as Body;
    expect(byHeader.lmsKey).toBe(otherKey);
    // fetch cannot set Host; inject can.
    const byHost = await t.app.inject({
      url: '/lms/api/PublicInfo/LMS/Info/',
      headers: { host: 'Other.Example.test:8080' },
    });
    expect((byHost.json() as Body).lmsKey).toBe(otherKey);
    for (const code of ['missing', "x' OR '1'='1", '<script>']) {
      const unknown = await get(`/PublicInfo/LMS/Info/?lms=${encodeURIComponent(code)}`);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as Body).message).toBe('Unknown training provider.');
    }
  });

  it('support info with the spec names', async () => {
    const response = await get('/WaypointInformation/StudentInfo/all');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      Phone: '+1 555 0100',
      OperationHours: 'N/A',
      Email: 'help@main.test',
      Chat: 'N/A',
      StudentFAQ: '## Question\nAnswer',
      HelpCenterURL: 'https://help.main.test',
      PrivacyPolicyURL: '',
    });
  });

  it('app download links of the LMS, in order', async () => {
    const response = await get('/AppDownload/GetLinks/');
    expect(await response.json()).toEqual([
      { label: 'Windows', link: 'https://win.test', willRender: true },
      { label: 'Apple', link: 'https://apple.test', willRender: false },
      { label: 'Google Play', link: 'https://play.test', willRender: true },
    ]);
  });

  it('the SSO bridge explains that single sign-on is not configured, with no script', async () => {
    const response = await fetch(`${t.baseUrl}/ssosaml2bridge/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Single sign-on is not configured for this training provider.');
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('<script');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
