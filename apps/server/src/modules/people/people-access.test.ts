import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { browserFrom, type Browser } from '../../test/sign-in.js';
import { buildStaff, postConsoleLogin, staffBrowser } from '../../test/staff.js';

// Who may do what to whom (docs/decisions/0021): a base's manager sees and changes that base only
// (404 for anyone else, by any key), an LMS's staff nothing of another LMS, an auditor no write,
// and a training manager no staff member. Refused calls change nothing.
const API = '/lms/api/console/people';

const profile = (userID: string, restrictionGroup: string) => ({
  userID,
  givenName: 'Sam',
  familyName: 'Lee',
  email: `${userID}@example.com`,
  employeeId: '',
  base: restrictionGroup,
  fleet: '',
  position: '',
  restrictionGroup,
  phone: '',
  isStudent: true,
  mfaEnabled: false,
});

/** Every call that names one person: method, path below the person, body. */
const PERSON_CALLS: [string, string, unknown][] = [
  ['GET', '', undefined],
  ['GET', '/record', undefined],
  ['PUT', '', profile('renamed', 'LHR')],
  ['POST', '/deactivate', undefined],
  ['POST', '/reactivate', undefined],
  ['POST', '/send-password-reset', undefined],
  ['POST', '/reset-mfa', { mfaEnabled: false }],
  ['POST', '/end-sessions', undefined],
];

const WRITE_CALLS: [string, string, unknown][] = [
  ['POST', '', { ...profile('auditor.made', 'LHR'), sendInvitation: false }],
  ['POST', '/import/preview', { csv: 'login,email,given_name,family_name\na,a@x.com,A,B\n' }],
  ['POST', '/import', { csv: 'login,email,given_name,family_name\na,a@x.com,A,B\n' }],
];

describe('console people: scope, LMS and permissions', () => {
  let t: TestApp;
  let lmsKey: number;
  let otherLmsKey: number;
  let manager: Browser;
  let admin: Browser;
  let auditor: Browser;
  let otherAdmin: Browser;
  let lhrStudent: { userKey: number };
  let manStudent: { userKey: number };
  let otherStudent: { userKey: number };
  let staffMember: { userKey: number };

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    const otherLms = await buildLms(t.db);
    otherLmsKey = otherLms.lmsKey;
    manager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
      userId: 'lhr.manager',
    });
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
    otherAdmin = await otherLmsStaff(otherLms.lmsCode);
    lhrStudent = await buildUser(t.db, lmsKey, { userId: 'lhr.student', restrictionGroup: 'LHR' });
    manStudent = await buildUser(t.db, lmsKey, { userId: 'man.student', restrictionGroup: 'MAN' });
    otherStudent = await buildUser(t.db, otherLmsKey, { userId: 'far.student' });
    staffMember = await buildStaff(t.db, lmsKey, {
      role: 'instructor',
      userId: 'lhr.instructor',
    });
    await t.db
      .updateTable('appUser')
      .set({ restrictionGroup: 'LHR' })
      .where('userKey', '=', staffMember.userKey)
      .execute();
  });
  afterAll(() => t.close());

  // An administrator of the second LMS, signed in to the console there (X-LMS-Code).
  async function otherLmsStaff(lmsCode: string): Promise<Browser> {
    const user = await buildStaff(t.db, otherLmsKey, { role: 'administrator' });
    const response = await postConsoleLogin(t, user.userId, undefined, { 'x-lms-code': lmsCode });
    const browser = await browserFrom(t, response);
    const call = browser.call.bind(browser);
    browser.call = (path, init = {}) =>
      call(path, {
        ...init,
        headers: {
          'x-xsrf-token': browser.jar['CONSOLE-XSRF-TOKEN'] ?? '',
          ...(init.headers as Record<string, string> | undefined),
        },
      });
    return browser;
  }

  const send = (browser: Browser, method: string, path: string, body: unknown) =>
    browser.call(`${API}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const snapshot = () =>
    Promise.all([
      t.db.selectFrom('appUser').selectAll().orderBy('userKey').execute(),
      t.db.selectFrom('auditEvent').select('eventKey').execute(),
      t.db.selectFrom('emailOutbox').select('emailKey').execute(),
    ]);

  it('a LHR manager lists LHR people only, and the filter values of LHR only', async () => {
    const list = await (await manager.call(`${API}?limit=200`)).json();
    const logins = list.rows.map((row: { userID: string }) => row.userID);
    expect(logins).toContain('lhr.student');
    expect(logins).not.toContain('man.student');
    expect(logins).not.toContain('far.student');
    expect(list.filters.restrictionGroups).toEqual(['LHR']);
    // A filter for another group finds nobody rather than widening the scope.
    const man = await (await manager.call(`${API}?restrictionGroup=MAN`)).json();
    expect(man.total).toBe(0);
    const search = await (await manager.call(`${API}?search=man.`)).json();
    expect(search.total).toBe(0);
  });

  it('a LHR manager gets 404 for a MAN student on every person call, and nothing changes', async () => {
    const before = await snapshot();
    for (const [method, path, body] of PERSON_CALLS) {
      const response = await send(manager, method, `/${manStudent.userKey}${path}`, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).message).toBe('No such person.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an administrator of another LMS gets 404 for every person of this one (and the reverse)', async () => {
    const before = await snapshot();
    for (const person of [lhrStudent, manStudent, staffMember]) {
      for (const [method, path, body] of PERSON_CALLS) {
        const response = await send(otherAdmin, method, `/${person.userKey}${path}`, body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
    for (const [method, path, body] of PERSON_CALLS) {
      const response = await send(admin, method, `/${otherStudent.userKey}${path}`, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const list = await (await otherAdmin.call(`${API}?limit=200`)).json();
    expect(list.rows.map((row: { userID: string }) => row.userID)).not.toContain('lhr.student');
    expect(await snapshot()).toEqual(before);
  });

  it('an auditor reads but gets 403 on every write, and nothing changes', async () => {
    expect((await auditor.call(`${API}/${manStudent.userKey}`)).status).toBe(200);
    expect((await auditor.call(`${API}/${manStudent.userKey}/record`)).status).toBe(200);
    const before = await snapshot();
    const writes = [
      ...PERSON_CALLS.filter(([method]) => method !== 'GET').map(
        ([method, path, body]) => [method, `/${lhrStudent.userKey}${path}`, body] as const,
      ),
      ...WRITE_CALLS,
    ];
    for (const [method, path, body] of writes) {
      const response = await send(auditor, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await response.json()).message).toBe('You do not have permission to do this.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a write without the XSRF echo (403), and any call without a console session (401)', async () => {
    const noXsrf = await manager.call(`${API}/${lhrStudent.userKey}/end-sessions`, {
      method: 'POST',
      headers: { 'x-xsrf-token': '' },
    });
    expect(noXsrf.status).toBe(403);
    expect((await fetch(`${t.baseUrl}${API}`)).status).toBe(401);
  });

  it('a LHR manager cannot create outside LHR, nor move a person out of it (403)', async () => {
    const create = await send(manager, 'POST', '', {
      ...profile('man.new', 'MAN'),
      sendInvitation: false,
    });
    expect(create.status).toBe(403);
    expect((await create.json()).message).toBe('That would put this person outside your scope.');
    const move = await send(
      manager,
      'PUT',
      `/${lhrStudent.userKey}`,
      profile('lhr.student', 'MAN'),
    );
    expect(move.status).toBe(403);
    expect((await move.json()).message).toBe('That would move this person outside your scope.');
    const row = await t.db
      .selectFrom('appUser')
      .select('restrictionGroup')
      .where('userKey', '=', lhrStudent.userKey)
      .executeTakeFirstOrThrow();
    expect(row.restrictionGroup).toBe('LHR');
    // Within LHR: allowed.
    const ok = await send(manager, 'POST', '', {
      ...profile('lhr.new', 'LHR'),
      sendInvitation: false,
    });
    expect(ok.status).toBe(200);
  });

  it('a training manager cannot change a staff member of their group (403); an administrator can', async () => {
    const before = await snapshot();
    for (const [method, path, body] of PERSON_CALLS.filter(([method]) => method !== 'GET')) {
      const response = await send(manager, method, `/${staffMember.userKey}${path}`, body);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect(
      (await send(admin, 'POST', `/${staffMember.userKey}/end-sessions`, undefined)).status,
    ).toBe(200);
  });
});
