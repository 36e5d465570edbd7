import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCurriculum, insertCurriculum } from '../../db/seed/tree.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';

// The console's people (docs/decisions/0021): each route's happy path over HTTP, what it wrote
// (audit events with before and after), and bad input answered 400 with nothing changed.
const API = '/lms/api/console/people';

const newPerson = (userID: string, extra: Record<string, unknown> = {}) => ({
  userID,
  givenName: 'Jane',
  familyName: 'Smith',
  email: `${userID}@example.com`,
  employeeId: `E-${userID}`,
  base: 'LHR',
  fleet: 'A320',
  position: 'FO',
  restrictionGroup: 'LHR',
  phone: '+44 20 7946 0000',
  isStudent: true,
  mfaEnabled: false,
  sendInvitation: false,
  ...extra,
});

describe('console people', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator', userId: 'people.admin' });
  });
  afterAll(() => t.close());

  const post = (browser: Browser, path: string, body?: unknown) =>
    browser.call(`${API}${path}`, {
      method: 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function auditOf(userKey: number, action: string) {
    return t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('targetType', '=', 'user')
      .where('targetKey', '=', String(userKey))
      .where('action', '=', action)
      .orderBy('eventKey')
      .execute();
  }

  it('creates a person, emails the invitation, and records people.create', async () => {
    const response = await post(admin, '', newPerson('c.one', { sendInvitation: true }));
    expect(response.status).toBe(200);
    const person = await response.json();
    expect(person).toMatchObject({
      userID: 'c.one',
      displayName: 'Jane Smith',
      base: 'LHR',
      restrictionGroup: 'LHR',
      active: true,
      isStudent: true,
      isStaff: false,
      hasPassword: false,
      staffRole: null,
      assignments: 0,
    });
    const emails = await t.outbox('c.one@example.com');
    expect(emails.at(-1)?.subject).toBe('Set your Waypoint password');
    const [event] = await auditOf(person.userKey, 'people.create');
    expect(event).toMatchObject({ actorLabel: 'people.admin', lmsKey });
    expect(event!.after).toMatchObject({ userID: 'c.one', base: 'LHR' });
  });

  it('refuses a login already taken (any case): 409, nothing written', async () => {
    await post(admin, '', newPerson('c.two'));
    const again = await post(admin, '', newPerson('C.TWO'));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("Login ID 'C.TWO' is already taken.");
  });

  it('lists, searches by prefix in any case, filters, sorts and pages', async () => {
    for (const [login, family, base, fleet] of [
      ['l.adams', 'Adams', 'MAN', 'B737'],
      ['l.baker', 'Baker', 'MAN', 'A320'],
      ['l.clark', 'Clark', 'EDI', 'A320'],
    ] as const) {
      await post(
        admin,
        '',
        newPerson(login, { familyName: family, base, fleet, restrictionGroup: base }),
      );
    }
    const list = async (query: string) => {
      const response = await admin.call(`${API}?${query}`);
      expect(response.status).toBe(200);
      return response.json();
    };
    const byName = await list('search=BAK');
    expect(byName.rows.map((row: { userID: string }) => row.userID)).toEqual(['l.baker']);
    expect(byName.total).toBe(1);
    const byEmail = await list('search=l.clark%40ex');
    expect(byEmail.rows.map((row: { userID: string }) => row.userID)).toEqual(['l.clark']);
    const byEmployee = await list('search=e-l.ad');
    expect(byEmployee.rows.map((row: { userID: string }) => row.userID)).toEqual(['l.adams']);
    const man = await list('base=MAN&sort=login&order=desc');
    expect(man.rows.map((row: { userID: string }) => row.userID)).toEqual(['l.baker', 'l.adams']);
    const a320 = await list('fleet=A320&base=MAN');
    expect(a320.rows.map((row: { userID: string }) => row.userID)).toEqual(['l.baker']);
    // A LIKE character is searched for as itself.
    expect((await list('search=%25')).total).toBe(0);
    const paged = await list('sort=login&limit=2&offset=1');
    expect(paged.rows).toHaveLength(2);
    expect(paged.total).toBeGreaterThanOrEqual(5);
    expect(paged.filters.bases).toEqual(expect.arrayContaining(['EDI', 'LHR', 'MAN']));
    expect(paged.filters.fleets).toEqual(expect.arrayContaining(['A320', 'B737']));
    const staffOnly = await list('kind=staff');
    expect(staffOnly.rows.map((row: { userID: string }) => row.userID)).toEqual(['people.admin']);
  });

  it('answers a bad query or body 400 and changes nothing', async () => {
    for (const query of ['sort=password', 'limit=0', 'limit=201', 'offset=-1', 'status=gone']) {
      expect((await admin.call(`${API}?${query}`)).status, query).toBe(400);
    }
    const before = await t.db.selectFrom('appUser').select('userKey').execute();
    for (const body of [
      newPerson('bad.1', { email: 'not-an-email' }),
      newPerson('bad 2'),
      newPerson('bad.3', { givenName: '' }),
      newPerson('bad.4', { phone: 'call me' }),
      newPerson('bad.5', { isStudent: 'yes' }),
      newPerson('bad.6', { base: 'x'.repeat(101) }),
      { userID: 'bad.8' },
    ]) {
      const response = await post(admin, '', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message).not.toBe('');
    }
    const after = await t.db.selectFrom('appUser').select('userKey').execute();
    expect(after).toHaveLength(before.length);
  });

  it('reads one person, and edits them with before/after of the changed fields', async () => {
    const created = await (await post(admin, '', newPerson('e.one'))).json();
    const read = await admin.call(`${API}/${created.userKey}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ userID: 'e.one', phone: '+44 20 7946 0000' });
    const { sendInvitation: _, ...profile } = newPerson('e.one');
    const edit = await admin.call(`${API}/${created.userKey}`, {
      method: 'PUT',
      body: JSON.stringify({ ...profile, userID: 'e.renamed', base: 'MAN', mfaEnabled: true }),
    });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ userID: 'e.renamed', base: 'MAN', mfaEnabled: true });
    const [event] = await auditOf(created.userKey, 'people.update');
    expect(event!.before).toEqual({ userID: 'e.one', base: 'LHR', mfaEnabled: false });
    expect(event!.after).toEqual({ userID: 'e.renamed', base: 'MAN', mfaEnabled: true });
    // A login another person has is refused.
    const clash = await admin.call(`${API}/${created.userKey}`, {
      method: 'PUT',
      body: JSON.stringify({ ...profile, userID: 'c.two' }),
    });
    expect(clash.status).toBe(409);
    expect((await (await admin.call(`${API}/${created.userKey}`)).json()).userID).toBe('e.renamed');
  });

  it('deactivates (ending every session), reactivates, and records both', async () => {
    const student = await buildUser(t.db, lmsKey, { userId: 'd.student' });
    const panel = await signIn(t, 'd.student');
    const deactivated = await post(admin, `/${student.userKey}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(await deactivated.json()).toMatchObject({ active: false, openSessions: 0 });
    expect((await panel.call('/lms/api/permissions')).status).toBe(401);
    expect((await auditOf(student.userKey, 'people.deactivate'))[0]).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    const reactivated = await post(admin, `/${student.userKey}/reactivate`);
    expect(await reactivated.json()).toMatchObject({ active: true });
    expect(await auditOf(student.userKey, 'people.reactivate')).toHaveLength(1);
    await signIn(t, 'd.student');
  });

  it('refuses deactivating yourself', async () => {
    const response = await post(admin, `/${admin.userKey}/deactivate`);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('You cannot deactivate yourself.');
  });

  it('emails a password-reset link, resets MFA and ends sessions, each recorded', async () => {
    const student = await buildUser(t.db, lmsKey, { userId: 'k.student', mfaEnabled: true });
    await t.db
      .insertInto('rememberedDevice')
      .values({
        userKey: student.userKey,
        deviceHash: 'device-hash',
        createdAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
      })
      .execute();
    const reset = await post(admin, `/${student.userKey}/send-password-reset`);
    expect(reset.status).toBe(200);
    expect((await reset.json()).message).toBe(
      'A password-reset link was emailed to k.student@example.test.',
    );
    const emails = await t.outbox('k.student@example.test');
    expect(emails.at(-1)?.subject).toBe('Reset your Waypoint password');
    expect(emails.at(-1)?.textBody).toContain('/ChangePassword?token=');

    const mfa = await post(admin, `/${student.userKey}/reset-mfa`, { mfaEnabled: false });
    expect(mfa.status).toBe(200);
    expect((await mfa.json()).mfaEnabled).toBe(false);
    const devices = await t.db
      .selectFrom('rememberedDevice')
      .select('userKey')
      .where('userKey', '=', student.userKey)
      .execute();
    expect(devices).toEqual([]);

    const panel = await signIn(t, 'k.student');
    const ended = await post(admin, `/${student.userKey}/end-sessions`);
    expect(ended.status).toBe(200);
    expect((await panel.call('/lms/api/permissions')).status).toBe(401);
    for (const action of ['people.password-reset', 'people.mfa-reset', 'people.sessions-end']) {
      expect(await auditOf(student.userKey, action), action).toHaveLength(1);
    }
    expect((await auditOf(student.userKey, 'people.mfa-reset'))[0]!.after).toMatchObject({
      mfaEnabled: false,
    });
  });

  it('answers the record: the Completion Report tree, or null with nothing assigned', async () => {
    const student = await buildUser(t.db, lmsKey, { userId: 'r.student' });
    const response = await admin.call(`${API}/${student.userKey}/record`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ displayName: 'Alex Morgan', report: null });
  });

  it("answers the record as the student's own completion report shows it", async () => {
    const student = await buildUser(t.db, lmsKey, { userId: 'r.assigned' });
    const curriculum = await insertCurriculum(t.db, lmsKey, {
      name: 'Recurrent Training',
      description: '',
      courses: [
        {
          name: 'Ground school',
          topics: [
            { name: 'T', lessons: [{ name: 'L1', progress: { attempts: 1, completion: 1 } }] },
          ],
        },
      ],
    });
    await assignCurriculum(t.db, t.clock.now(), student.userKey, curriculum, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: 30,
    });
    const record = await (await admin.call(`${API}/${student.userKey}/record`)).json();
    const panel = await signIn(t, 'r.assigned');
    const own = await (
      await panel.call(
        `/lms/api/progressreport/CompletionwithPrerequisites/${lmsKey}/${student.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
      )
    ).json();
    expect(record.report).toEqual(own);
    expect(record.report.progressReport[0].elementName).toBe('Recurrent Training');
    expect((await (await admin.call(`${API}/${student.userKey}`)).json()).assignments).toBe(1);
  });

  it('answers an unknown key 404 "No such person." on every person route', async () => {
    for (const [method, path] of [
      ['GET', '/999999'],
      ['GET', '/999999/record'],
      ['POST', '/999999/deactivate'],
      ['POST', '/999999/end-sessions'],
    ] as const) {
      const response = await admin.call(`${API}${path}`, { method });
      expect(response.status, path).toBe(404);
      expect((await response.json()).message).toBe('No such person.');
    }
  });
});
