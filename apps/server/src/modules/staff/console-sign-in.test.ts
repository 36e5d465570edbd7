import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { postLogin, latestCode, cookiesOf, cookieHeader } from '../../test/sign-in.js';
import { buildStaff, postConsoleLogin, signInConsole } from '../../test/staff.js';

// The console's sign-in and session (docs/decisions/0021): the panel's login with panel=console,
// its own cookies and lifetimes, and the two apps' sessions never opening the other's routes.
describe('console sign-in', () => {
  let t: TestApp;
  let lmsKey: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { staffSessionIdleMinutes: 5 } });
    lmsKey = (await buildLms(t.db)).lmsKey;
  });
  afterAll(() => t.close());

  it('signs a staff member in with the console cookies, and me answers role and scope', async () => {
    const admin = await buildStaff(t.db, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
    });
    const response = await postConsoleLogin(t, admin.userId);
    expect(response.status).toBe(200);
    const jar = cookiesOf(response);
    expect(jar['CONSOLE-XSRF-TOKEN']).toBeTruthy();
    expect(jar['waypointConsoleSession']).toBeTruthy();
    expect(jar['XSRF-TOKEN']).toBeUndefined();
    const browser = await signInConsole(t, admin.userId);
    const me = await browser.call('/lms/api/console/me');
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body.role.builtIn).toBe('training-manager');
    expect(body.restrictionGroups).toEqual(['LHR']);
    expect(body.permissions).toMatchObject({
      assignCurriculum: true,
      isAdmin: false,
      viewStudent: true,
    });
    expect(body.sessionIdleMinutes).toBe(5);
    // GET /api/permissions answers the role's flags for staff, as it does for students (§7).
    const permissions = await (await browser.call('/lms/api/permissions')).json();
    expect(permissions).toMatchObject({
      modifyCurriculum: true,
      isAdmin: false,
      restrictionGroups: ['LHR'],
    });
  });

  it('refuses a student with the right password: 403 "You do not have staff access."', async () => {
    const student = await buildUser(t.db, lmsKey);
    const response = await postConsoleLogin(t, student.userId);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('You do not have staff access.');
  });

  it('answers a wrong password 401 like the panel, without telling whether the person is staff', async () => {
    const staff = await buildStaff(t.db, lmsKey, { role: 'auditor' });
    const wrong = await postConsoleLogin(t, staff.userId, 'Wrong-password-9');
    expect(wrong.status).toBe(401);
    const student = await buildUser(t.db, lmsKey);
    expect((await postConsoleLogin(t, student.userId, 'Wrong-password-9')).status).toBe(401);
  });

  it('a panel session never opens a console route, nor a console session a student route', async () => {
    const both = await buildStaff(t.db, lmsKey, { role: 'administrator', isStudent: true });
    const panel = await postLogin(t, both.userId);
    const panelBody = await panel.json();
    const panelJar = cookiesOf(panel);
    const asPanel = await fetch(`${t.baseUrl}/lms/api/console/me`, {
      headers: { sessionID: panelBody.sessionID, cookie: cookieHeader(panelJar) },
    });
    expect(asPanel.status).toBe(401);
    const console = await signInConsole(t, both.userId);
    const report = await console.call(
      `/lms/api/progressreport/withPrerequisites/${lmsKey}/${both.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
    );
    expect(report.status).toBe(403);
    // Both sessions live side by side in one browser: each app's cookies are its own.
    const me = await console.call('/lms/api/console/me');
    expect(me.status).toBe(200);
  });

  it('ends a console session after the staff idle limit', async () => {
    const staff = await buildStaff(t.db, lmsKey, { role: 'auditor' });
    const browser = await signInConsole(t, staff.userId);
    expect((await browser.call('/lms/api/console/me')).status).toBe(200);
    t.clock.advance(6 * 60_000);
    expect((await browser.call('/lms/api/console/me')).status).toBe(401);
  });

  it('a staff role taken away ends console access at the next request', async () => {
    const staff = await buildStaff(t.db, lmsKey, { role: 'auditor' });
    const browser = await signInConsole(t, staff.userId);
    await t.db.deleteFrom('staffMember').where('userKey', '=', staff.userKey).execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await browser.call('/lms/api/console/me')).status).toBe(401);
  });

  it('finishes MFA into a console session', async () => {
    const staff = await buildStaff(t.db, lmsKey, { role: 'auditor', mfaEnabled: true });
    const first = await postConsoleLogin(t, staff.userId);
    const pending = await first.json();
    expect(pending.sessionID).toBe('MFA');
    const code = await latestCode(t, staff.email);
    const done = await fetch(`${t.baseUrl}/lms/api/login/ValidateMFACode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mfaID: pending.mfaID, mfaVerificationCode: code }),
    });
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(cookiesOf(done)['CONSOLE-XSRF-TOKEN']).toBeTruthy();
    const me = await fetch(`${t.baseUrl}/lms/api/console/me`, {
      headers: { sessionID: body.sessionID, cookie: cookieHeader(cookiesOf(done)) },
    });
    expect(me.status).toBe(200);
  });

  it('refuses a console write without the console XSRF echo', async () => {
    const staff = await buildStaff(t.db, lmsKey, { role: 'administrator' });
    const browser = await signInConsole(t, staff.userId);
    const response = await browser.call('/lms/api/Login', {
      method: 'DELETE',
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(response.status).toBe(403);
  });

  it('an adminLocked LMS refuses new console sign-ins, not student logins', async () => {
    const locked = await buildLms(t.db, { adminLocked: 1 });
    const staff = await buildStaff(t.db, locked.lmsKey, { role: 'administrator' });
    const response = await postConsoleLogin(t, staff.userId, undefined, {
      'x-lms-code': locked.lmsCode,
    });
    expect([403]).toContain(response.status);
  });
});
