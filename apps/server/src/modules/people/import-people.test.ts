import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import type { Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';

// The console's CSV import (docs/decisions/0021): a preview that writes nothing, per-line
// problems, creates and updates, the importer's scope, and all or nothing.
const API = '/lms/api/console/people/import';
const HEADER =
  'login,email,given_name,family_name,employee_id,base,fleet,position,restriction_group';

describe('console people import', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let manager: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator', userId: 'import.admin' });
    manager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
    });
    await buildUser(t.db, lmsKey, {
      userId: 'i.existing',
      email: 'i.existing@example.com',
      nameOther: 'Ivy',
      nameCollated: 'Old',
      displayName: 'Ivy Old',
      base: 'LHR',
      restrictionGroup: 'LHR',
    });
    await buildUser(t.db, lmsKey, { userId: 'i.man', restrictionGroup: 'MAN' });
  });
  afterAll(() => t.close());

  const post = (browser: Browser, path: string, csv: string) =>
    browser.call(`${API}${path}`, { method: 'POST', body: JSON.stringify({ csv }) });

  const snapshot = () =>
    Promise.all([
      t.db.selectFrom('appUser').selectAll().orderBy('userKey').execute(),
      t.db.selectFrom('auditEvent').select('eventKey').execute(),
    ]);

  const goodFile = [
    HEADER,
    'i.new1,i.new1@example.com,Ann,Able,E1,LHR,A320,FO,LHR',
    'i.new2,i.new2@example.com,Ben,Best,E2,LHR,A320,CPT,LHR',
    'i.existing,i.existing@example.com,Ivy,New,E3,LHR,B737,FO,LHR',
  ].join('\n');

  it('previews what would be created and updated, writing nothing', async () => {
    const before = await snapshot();
    const response = await post(admin, '/preview', goodFile);
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview).toMatchObject({
      problems: [],
      created: 2,
      updated: 1,
      unchanged: 0,
      imported: false,
    });
    expect(preview.lines).toEqual([
      { line: 2, userID: 'i.new1', displayName: 'Ann Able', action: 'create', changes: [] },
      { line: 3, userID: 'i.new2', displayName: 'Ben Best', action: 'create', changes: [] },
      {
        line: 4,
        userID: 'i.existing',
        displayName: 'Ivy New',
        action: 'update',
        changes: ['Family name', 'Employee ID', 'Fleet', 'Position'],
      },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers every problem by line, and the import then writes nothing (400)', async () => {
    const file = [
      HEADER,
      'i.ok,i.ok@example.com,Ok,Person,,LHR,,,LHR',
      'i.bad,not-an-email,Bad,Email,,LHR,,,LHR',
      'i.long,i.long@example.com,Long,Base,,' + 'x'.repeat(101) + ',,,LHR',
      'i.ok,i.ok2@example.com,Twice,Listed,,LHR,,,LHR',
    ].join('\n');
    const preview = await (await post(admin, '/preview', file)).json();
    expect(preview.problems).toEqual([
      "line 3: 'not-an-email' is not an email address",
      'line 4: Base is too long (100 characters at most)',
      "line 5: login ID 'i.ok' already appears on line 2",
    ]);
    expect(preview.lines).toEqual([]);
    const before = await snapshot();
    const response = await post(admin, '', file);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(
      /^3 problems in the file; nothing was imported:\nline 3/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file that is not CSV of people: 400 from the schema, a problem from the parser', async () => {
    expect((await admin.call(API, { method: 'POST', body: '{}' })).status).toBe(400);
    expect(
      (await admin.call(API, { method: 'POST', body: JSON.stringify({ csv: '' }) })).status,
    ).toBe(400);
    const wrong = await (await post(admin, '/preview', 'name,mail\nx,y\n')).json();
    expect(wrong.problems).toContain("line 1: missing column 'login'");
  });

  it('imports all of it in one go: created, updated, one audit event each plus a summary', async () => {
    const response = await post(admin, '', goodFile);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ created: 2, updated: 1, imported: true });
    const people = await t.db
      .selectFrom('appUser')
      .select(['userId', 'nameCollated', 'fleet', 'restrictionGroup', 'isStudent'])
      .where('userId', 'in', ['i.new1', 'i.new2', 'i.existing'])
      .orderBy('userId')
      .execute();
    expect(people).toEqual([
      {
        userId: 'i.existing',
        nameCollated: 'New',
        fleet: 'B737',
        restrictionGroup: 'LHR',
        isStudent: true,
      },
      {
        userId: 'i.new1',
        nameCollated: 'Able',
        fleet: 'A320',
        restrictionGroup: 'LHR',
        isStudent: true,
      },
      {
        userId: 'i.new2',
        nameCollated: 'Best',
        fleet: 'A320',
        restrictionGroup: 'LHR',
        isStudent: true,
      },
    ]);
    const events = await t.db
      .selectFrom('auditEvent')
      .select(['targetType', 'summary', 'before', 'after', 'actorLabel'])
      .where('action', '=', 'people.import')
      .orderBy('eventKey')
      .execute();
    expect(events).toHaveLength(4);
    expect(events[2]).toMatchObject({
      before: { familyName: 'Old', fleet: '' },
      after: { familyName: 'New', fleet: 'B737' },
      actorLabel: 'import.admin',
    });
    expect(events[3]).toMatchObject({
      targetType: 'import',
      after: { created: 2, updated: 1, unchanged: 0 },
    });
    // The same file again: nothing left to do.
    const again = await (await post(admin, '/preview', goodFile)).json();
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it("refuses a manager's rows outside their scope, and imports nothing of the file", async () => {
    const file = [
      HEADER,
      'i.lhr,i.lhr@example.com,In,Scope,,LHR,,,LHR',
      'i.manrow,i.manrow@example.com,Out,Side,,MAN,,,MAN',
      'i.man,i.man@example.com,Some,One,,MAN,,,LHR',
    ].join('\n');
    const preview = await (await post(manager, '/preview', file)).json();
    expect(preview.problems).toEqual([
      'line 3: restriction group MAN is outside your scope',
      "line 4: login ID 'i.man' belongs to a person outside your scope",
    ]);
    const before = await snapshot();
    expect((await post(manager, '', file)).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
