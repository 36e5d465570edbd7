import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import type { Browser } from '../../test/sign-in.js';
import { buildStaff, signInConsole, staffBrowser } from '../../test/staff.js';

// The roles and staff pages' calls (docs/decisions/0021): roles as §3 flag sets, built-ins
// read-only, staff with role and scope, the last administrator kept, every change in the log.

const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
const put = (body: unknown) => ({ method: 'PUT', body: JSON.stringify(body) });
const del = { method: 'DELETE', headers: { 'content-type': 'text/plain' } };

async function auditActions(t: TestApp, lmsKey: number) {
  const rows = await t.db
    .selectFrom('auditEvent')
    .select(['action', 'targetKey', 'actorLabel', 'before', 'after'])
    .where('lmsKey', '=', lmsKey)
    .orderBy('eventKey')
    .execute();
  return rows;
}

describe('roles', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
  });
  afterAll(() => t.close());

  it('lists the built-in roles first with their flags and holders', async () => {
    const response = await admin.call('/lms/api/console/roles');
    expect(response.status).toBe(200);
    const { roles } = await response.json();
    expect(roles.map((r: { builtIn: string }) => r.builtIn)).toEqual([
      'administrator',
      'training-manager',
      'instructor',
      'auditor',
    ]);
    expect(roles[0]).toMatchObject({ name: 'Administrator', holders: 1 });
    expect(roles[0].permissions.isAdmin).toBe(true);
    expect(roles[3].permissions).toMatchObject({ viewLMS: true, modifyStudent: false });
  });

  it('makes, changes and deletes a role, each recorded with before and after', async () => {
    const made = await admin.call(
      '/lms/api/console/roles',
      json({ name: '  Records clerk ', permissions: { viewStudent: true, viewReport: true } }),
    );
    expect(made.status).toBe(201);
    const role = await made.json();
    expect(role).toMatchObject({ name: 'Records clerk', builtIn: null, holders: 0 });
    expect(role.permissions).toMatchObject({ viewStudent: true, viewReport: true, isAdmin: false });

    const changed = await admin.call(
      `/lms/api/console/roles/${role.roleKey}`,
      put({ name: 'Records officer', permissions: { viewStudent: true } }),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).permissions.viewReport).toBe(false);

    const deleted = await admin.call(`/lms/api/console/roles/${role.roleKey}`, del);
    expect(deleted.status).toBe(200);
    const list = await (await admin.call('/lms/api/console/roles')).json();
    expect(list.roles.some((r: { roleKey: number }) => r.roleKey === role.roleKey)).toBe(false);

    const events = (await auditActions(t, lmsKey)).filter(
      (e) => e.targetKey === String(role.roleKey),
    );
    expect(events.map((e) => e.action)).toEqual([
      'staff.role.create',
      'staff.role.update',
      'staff.role.delete',
    ]);
    expect(events[1]).toMatchObject({
      before: { name: 'Records clerk', flags: ['viewStudent', 'viewReport'] },
      after: { name: 'Records officer', flags: ['viewStudent'] },
    });
  });

  it('refuses a blank or taken name and changes to built-in roles; drops unknown flags', async () => {
    const blank = await admin.call(
      '/lms/api/console/roles',
      json({ name: '   ', permissions: {} }),
    );
    expect(blank.status).toBe(400);
    const taken = await admin.call(
      '/lms/api/console/roles',
      json({ name: 'auditor', permissions: {} }),
    );
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe("A role named 'auditor' exists already.");
    const unknown = await admin.call(
      '/lms/api/console/roles',
      json({ name: 'Odd', permissions: { canFly: true } }),
    );
    expect(unknown.status).toBe(201);
    expect(Object.keys((await unknown.json()).permissions)).not.toContain('canFly');
    const { roles } = await (await admin.call('/lms/api/console/roles')).json();
    const auditor = roles.find((r: { builtIn: string }) => r.builtIn === 'auditor');
    const edit = await admin.call(
      `/lms/api/console/roles/${auditor.roleKey}`,
      put({ name: 'Auditor', permissions: { isAdmin: true } }),
    );
    expect(edit.status).toBe(409);
    expect((await edit.json()).message).toBe('Built-in roles cannot be changed.');
    expect((await admin.call(`/lms/api/console/roles/${auditor.roleKey}`, del)).status).toBe(409);
  });

  it('refuses to delete a role someone holds, and answers 404 for another LMS role', async () => {
    const role = await (
      await admin.call('/lms/api/console/roles', json({ name: 'Held', permissions: {} }))
    ).json();
    const person = await buildUser(t.db, lmsKey, { isStudent: false });
    const set = await admin.call(
      `/lms/api/console/staff/${person.userKey}`,
      put({ roleKey: role.roleKey, restrictionGroups: [] }),
    );
    expect(set.status).toBe(200);
    const refused = await admin.call(`/lms/api/console/roles/${role.roleKey}`, del);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/One staff member holds this role/);

    const other = await buildLms(t.db);
    const otherRole = await t.db
      .selectFrom('staffRole')
      .select('roleKey')
      .where('lmsKey', '=', other.lmsKey)
      .where('builtIn', '=', 'auditor')
      .executeTakeFirstOrThrow();
    const cross = await admin.call(
      `/lms/api/console/roles/${otherRole.roleKey}`,
      put({ name: 'Mine now', permissions: {} }),
    );
    expect(cross.status).toBe(404);
  });

  it('a training manager may read the roles but not make one', async () => {
    const manager = await staffBrowser(t, lmsKey, { role: 'training-manager' });
    // The training manager has viewSubPeer, not viewPeer: staff.view is an administrator's and an
    // auditor's.
    expect((await manager.call('/lms/api/console/roles')).status).toBe(403);
    const auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
    expect((await auditor.call('/lms/api/console/roles')).status).toBe(200);
    const made = await auditor.call(
      '/lms/api/console/roles',
      json({ name: 'Sneaky', permissions: { isAdmin: true } }),
    );
    expect(made.status).toBe(403);
  });
});

describe('staff members', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let adminUserKey: number;
  let roleKeys: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    const user = await buildStaff(t.db, lmsKey, { role: 'administrator', userId: 'chief.admin' });
    adminUserKey = user.userKey;
    admin = await signInConsole(t, user.userId);
    const rows = await t.db
      .selectFrom('staffRole')
      .select(['roleKey', 'builtIn'])
      .where('lmsKey', '=', lmsKey)
      .execute();
    roleKeys = Object.fromEntries(rows.map((r) => [r.builtIn, r.roleKey]));
  });
  afterAll(() => t.close());

  it('makes a person staff with a role and trimmed restriction groups, and lists them', async () => {
    const person = await buildUser(t.db, lmsKey, {
      userId: 'base.manager',
      restrictionGroup: 'LHR',
    });
    const response = await admin.call(
      `/lms/api/console/staff/${person.userKey}`,
      put({
        roleKey: roleKeys['training-manager'],
        restrictionGroups: [' LHR ', 'LHR', '', 'MAN'],
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      userID: 'base.manager',
      role: { name: 'Training manager', builtIn: 'training-manager' },
      restrictionGroups: ['LHR', 'MAN'],
    });
    const { staff } = await (await admin.call('/lms/api/console/staff')).json();
    expect(staff.map((s: { userID: string }) => s.userID)).toEqual(['base.manager', 'chief.admin']);
    const events = await auditActions(t, lmsKey);
    expect(events.at(-1)).toMatchObject({
      action: 'staff.set',
      actorLabel: 'chief.admin',
      before: null,
      after: { role: 'Training manager', restrictionGroups: ['LHR', 'MAN'] },
    });
    // The same again changes nothing and records nothing.
    const count = events.length;
    await admin.call(
      `/lms/api/console/staff/${person.userKey}`,
      put({ roleKey: roleKeys['training-manager'], restrictionGroups: ['LHR', 'MAN'] }),
    );
    expect((await auditActions(t, lmsKey)).length).toBe(count);
  });

  it('refuses too many or too long restriction groups and a role of another LMS (400)', async () => {
    const person = await buildUser(t.db, lmsKey);
    const tooMany = await admin.call(
      `/lms/api/console/staff/${person.userKey}`,
      put({
        roleKey: roleKeys.auditor,
        restrictionGroups: Array.from({ length: 51 }, (_, i) => `G${i}`),
      }),
    );
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toMatch(/At most 50 restriction groups/);
    const tooLong = await admin.call(
      `/lms/api/console/staff/${person.userKey}`,
      put({ roleKey: roleKeys.auditor, restrictionGroups: ['x'.repeat(101)] }),
    );
    expect(tooLong.status).toBe(400);
    const other = await buildLms(t.db);
    const foreign = await t.db
      .selectFrom('staffRole')
      .select('roleKey')
      .where('lmsKey', '=', other.lmsKey)
      .where('builtIn', '=', 'administrator')
      .executeTakeFirstOrThrow();
    const cross = await admin.call(
      `/lms/api/console/staff/${person.userKey}`,
      put({ roleKey: foreign.roleKey, restrictionGroups: [] }),
    );
    expect(cross.status).toBe(400);
    const member = await t.db
      .selectFrom('staffMember')
      .select('userKey')
      .where('userKey', '=', person.userKey)
      .executeTakeFirst();
    expect(member).toBeUndefined();
  });

  it('finds people to make staff by login, name or email', async () => {
    await buildUser(t.db, lmsKey, { userId: 'findme.pilot', displayName: 'Robin Finch' });
    const response = await admin.call('/lms/api/console/staff/candidates?q=FINCH');
    expect(response.status).toBe(200);
    const { people } = await response.json();
    expect(people.map((p: { userID: string }) => p.userID)).toEqual(['findme.pilot']);
    expect((await admin.call('/lms/api/console/staff/candidates?q=%25')).status).toBe(200);
  });

  it('keeps the last administrator: no removing or demoting them (409)', async () => {
    const demote = await admin.call(
      `/lms/api/console/staff/${adminUserKey}`,
      put({ roleKey: roleKeys.auditor, restrictionGroups: [] }),
    );
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe(
      'The last administrator of this LMS cannot be removed or given another role.',
    );
    const remove = await admin.call(`/lms/api/console/staff/${adminUserKey}`, del);
    expect(remove.status).toBe(409);
    // With a second administrator, the first may step down.
    const second = await buildStaff(t.db, lmsKey, { role: 'administrator' });
    const secondBrowser = await signInConsole(t, second.userId);
    const stepDown = await admin.call(
      `/lms/api/console/staff/${adminUserKey}`,
      put({ roleKey: roleKeys.auditor, restrictionGroups: [] }),
    );
    expect(stepDown.status).toBe(200);
    expect((await secondBrowser.call(`/lms/api/console/staff/${second.userKey}`, del)).status).toBe(
      409,
    );
    // Give the first back their role for the tests after.
    const back = await secondBrowser.call(
      `/lms/api/console/staff/${adminUserKey}`,
      put({ roleKey: roleKeys.administrator, restrictionGroups: [] }),
    );
    expect(back.status).toBe(200);
  });

  it('removing a staff member ends their sessions and records it', async () => {
    const leaving = await buildStaff(t.db, lmsKey, { role: 'auditor' });
    const leavingBrowser = await signInConsole(t, leaving.userId);
    expect((await leavingBrowser.call('/lms/api/console/me')).status).toBe(200);
    const removed = await admin.call(`/lms/api/console/staff/${leaving.userKey}`, del);
    expect(removed.status).toBe(200);
    expect((await leavingBrowser.call('/lms/api/console/me')).status).toBe(401);
    const events = await auditActions(t, lmsKey);
    expect(events.at(-1)).toMatchObject({
      action: 'staff.remove',
      targetKey: String(leaving.userKey),
      before: { role: 'Auditor', restrictionGroups: [] },
    });
    expect((await admin.call(`/lms/api/console/staff/${leaving.userKey}`, del)).status).toBe(404);
  });

  it('a scoped administrator sees only their groups and cannot give a wider scope', async () => {
    const scoped = await staffBrowser(t, lmsKey, {
      role: 'administrator',
      restrictionGroups: ['LHR'],
    });
    const man = await buildUser(t.db, lmsKey, { restrictionGroup: 'MAN' });
    const lhr = await buildUser(t.db, lmsKey, { restrictionGroup: 'LHR' });
    const outside = await scoped.call(
      `/lms/api/console/staff/${man.userKey}`,
      put({ roleKey: roleKeys.instructor, restrictionGroups: ['LHR'] }),
    );
    expect(outside.status).toBe(404);
    expect((await outside.json()).message).toBe('No such person.');
    const wider = await scoped.call(
      `/lms/api/console/staff/${lhr.userKey}`,
      put({ roleKey: roleKeys.instructor, restrictionGroups: [] }),
    );
    expect(wider.status).toBe(403);
    const within = await scoped.call(
      `/lms/api/console/staff/${lhr.userKey}`,
      put({ roleKey: roleKeys.instructor, restrictionGroups: ['LHR'] }),
    );
    expect(within.status).toBe(200);
    const found = await (await scoped.call(`/lms/api/console/staff/candidates?q=Morgan`)).json();
    expect(
      found.people.every((p: { restrictionGroup: string }) => p.restrictionGroup === 'LHR'),
    ).toBe(true);
  });
});
