import { randomBytes } from 'node:crypto';
import { DAY_MS } from '@waypoint/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, TEST_PASSWORD } from '../../test/factories.js';
import { browserFrom, type Browser } from '../../test/sign-in.js';
import { buildStaff, postConsoleLogin, staffBrowser } from '../../test/staff.js';
import { applyAssignmentRules } from './rules.js';
import {
  buildCurriculum,
  buildStudent,
  heldAssignments,
  writeCounts,
} from '../../test/assignments.js';

const TOKEN = randomBytes(32).toString('hex');

// Assignment rules (docs/decisions/0021): a rule assigns everyone matching at once, and people who
// join (the operator's add-user and import-users) or change base later; a scoped manager's rule
// stays within their restriction groups; ending a rule unassigns nothing.
describe('assignment rules', () => {
  let t: TestApp;
  let lmsKey: number;
  let lmsCode: string;
  let admin: Browser;
  let manager: Browser;
  let dangerousGoods: number;
  let security: number;

  const createRule = (browser: Browser, body: Record<string, unknown>) =>
    browser.call('/lms/api/console/assignment-rules', {
      method: 'POST',
      body: JSON.stringify(body),
    });
  const operator = (name: string, body: Record<string, unknown>) =>
    fetch(`${t.baseUrl}/lms/operator/commands/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(body),
    });
  const userKeyOf = async (userId: string) =>
    (
      await t.db
        .selectFrom('appUser')
        .select('userKey')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).userKey;

  beforeAll(async () => {
    t = await createTestApp({ operatorToken: TOKEN });
    const lms = await buildLms(t.db);
    lmsKey = lms.lmsKey;
    lmsCode = lms.lmsCode;
    dangerousGoods = (await buildCurriculum(t.db, lmsKey, 'Dangerous Goods')).curriculumKey;
    security = (await buildCurriculum(t.db, lmsKey, 'Security')).curriculumKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    manager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
    });
  });
  afterAll(() => t.close());

  it('assigns everyone matching now, and people added or moved to the base later', async () => {
    const manA320 = await buildStudent(t.db, lmsKey, 'MAN', { fleet: 'A320' });
    const manB787 = await buildStudent(t.db, lmsKey, 'MAN', { fleet: 'B787' });
    const lhrA320 = await buildStudent(t.db, lmsKey, 'LHR', { fleet: 'A320' });
    const created = await createRule(admin, {
      curriculumKey: dangerousGoods,
      base: 'MAN',
      durationDays: 60,
    });
    expect(created.status).toBe(200);
    const { rule, result } = await created.json();
    expect(result).toMatchObject({ assigned: 2, unchanged: 0, people: 2 });
    expect(rule).toMatchObject({
      curriculumName: 'Dangerous Goods',
      base: 'MAN',
      fleet: null,
      durationDays: 60,
      dueDate: null,
      startDate: null,
      scopeGroups: [],
      assignedCount: 2,
      endedAt: null,
    });
    expect((await heldAssignments(t.db, manA320.userKey)).has(dangerousGoods)).toBe(true);
    expect((await heldAssignments(t.db, manB787.userKey)).has(dangerousGoods)).toBe(true);
    expect((await heldAssignments(t.db, lhrA320.userKey)).has(dangerousGoods)).toBe(false);
    const made = await t.db
      .selectFrom('assignment')
      .selectAll()
      .where('userKey', '=', manA320.userKey)
      .executeTakeFirstOrThrow();
    expect(made.ruleKey).toBe(rule.ruleKey);
    expect(Number(made.durationMs)).toBe(60 * DAY_MS);
    const ruleEvent = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'assignments.rule.create')
      .where('targetKey', '=', String(rule.ruleKey))
      .executeTakeFirstOrThrow();
    expect(ruleEvent.summary).toContain("'Dangerous Goods' for base MAN");

    // Imported later with base MAN (the operator's import-users): assigned at once.
    const csv = `login,email,given_name,family_name,base\nnew.man,new.man@example.test,Nia,Okafor,MAN\nnew.lhr,new.lhr@example.test,Lee,Park,LHR\n`;
    const imported = await operator('import-users', { lms: lmsCode, csv });
    expect(imported.status).toBe(200);
    expect((await heldAssignments(t.db, await userKeyOf('new.man'))).has(dangerousGoods)).toBe(
      true,
    );
    expect((await heldAssignments(t.db, await userKeyOf('new.lhr'))).has(dangerousGoods)).toBe(
      false,
    );
    const joined = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'assignments.assign')
      .where('actorLabel', '=', 'operator')
      .execute();
    expect(joined.map((event) => event.summary)).toEqual([
      expect.stringContaining(`'Dangerous Goods' to new.man, due`),
    ]);

    // Moved to MAN (the console's person edit calls applyAssignmentRules the same way).
    await t.db
      .updateTable('appUser')
      .set({ base: 'MAN', restrictionGroup: 'MAN' })
      .where('userKey', '=', lhrA320.userKey)
      .execute();
    expect(await applyAssignmentRules(t.db, t.app.deps, { userKeys: [lhrA320.userKey] })).toBe(1);
    expect((await heldAssignments(t.db, lhrA320.userKey)).has(dangerousGoods)).toBe(true);
    // Applied again, nothing changes: held assignments keep their dates.
    expect(await applyAssignmentRules(t.db, t.app.deps, { userKeys: [lhrA320.userKey] })).toBe(0);
  });

  it('assigns a person added with add-user when a rule matches every student', async () => {
    const other = await buildLms(t.db);
    const curriculum = await buildCurriculum(t.db, other.lmsKey, 'Induction');
    const staff = await buildStaff(t.db, other.lmsKey, { role: 'administrator' });
    const otherAdmin = await browserFrom(
      t,
      await postConsoleLogin(t, staff.userId, TEST_PASSWORD, { 'x-lms-code': other.lmsCode }),
    );
    const call = otherAdmin.call.bind(otherAdmin);
    otherAdmin.call = (path, init = {}) =>
      call(path, {
        ...init,
        headers: { 'x-xsrf-token': otherAdmin.jar['CONSOLE-XSRF-TOKEN'] ?? '' },
      });
    const created = await createRule(otherAdmin, {
      curriculumKey: curriculum.curriculumKey,
      dueDate: '2099-12-31',
    });
    expect(created.status).toBe(200);
    const { rule } = await created.json();
    expect(rule.startDate).not.toBeNull();
    expect(rule.dueDate).toBe(Date.UTC(2099, 11, 31, 23, 59, 59, 999));
    const added = await operator('add-user', {
      lms: other.lmsCode,
      login: 'fresh.hire',
      email: 'fresh.hire@example.test',
      name: 'Fresh Hire',
    });
    expect(added.status).toBe(200);
    const userKey = await userKeyOf('fresh.hire');
    const row = await t.db
      .selectFrom('assignment')
      .selectAll()
      .where('userKey', '=', userKey)
      .executeTakeFirstOrThrow();
    expect(row.curriculumKey).toBe(curriculum.curriculumKey);
    // The due date is the rule's, whoever joins when.
    expect(new Date(row.startDate).getTime() + Number(row.durationMs)).toBe(rule.dueDate);
    // The first LMS's rules reach nobody here.
    expect((await heldAssignments(t.db, userKey)).size).toBe(1);
  });

  it("keeps a scoped manager's rule within their restriction groups, now and later", async () => {
    const lhr = await buildStudent(t.db, lmsKey, 'LHR', { position: 'Cabin crew' });
    const man = await buildStudent(t.db, lmsKey, 'MAN', { position: 'Cabin crew' });
    const created = await createRule(manager, {
      curriculumKey: security,
      position: 'Cabin crew',
    });
    expect(created.status).toBe(200);
    const { rule, result } = await created.json();
    expect(rule.scopeGroups).toEqual(['LHR']);
    expect(rule.open).toBe(true);
    expect(result.assigned).toBe(1);
    expect((await heldAssignments(t.db, lhr.userKey)).has(security)).toBe(true);
    expect((await heldAssignments(t.db, man.userKey)).has(security)).toBe(false);
    const later = await buildStudent(t.db, lmsKey, 'MAN', { position: 'Cabin crew' });
    await applyAssignmentRules(t.db, t.app.deps, { userKeys: [later.userKey] });
    expect((await heldAssignments(t.db, later.userKey)).has(security)).toBe(false);
    // The manager lists their own rule, not the administrator's whole-LMS ones.
    const listed = await (await manager.call('/lms/api/console/assignment-rules')).json();
    expect(listed.rules.map((r: { ruleKey: number }) => r.ruleKey)).toEqual([rule.ruleKey]);
    const all = await (await admin.call('/lms/api/console/assignment-rules')).json();
    expect(all.rules.length).toBeGreaterThanOrEqual(2);

    // Naming another restriction group is refused, writing nothing.
    const before = await writeCounts(t.db);
    const outside = await createRule(manager, {
      curriculumKey: security,
      restrictionGroup: 'MAN',
    });
    expect(outside.status).toBe(400);
    expect((await outside.json()).message).toBe(
      "Restriction group 'MAN' is outside your scope (LHR).",
    );
    expect(await writeCounts(t.db)).toEqual(before);
  });

  it('ends a rule: what it assigned stays, newcomers are not assigned', async () => {
    const first = await buildStudent(t.db, lmsKey, 'GLA');
    const { rule } = await (
      await createRule(admin, { curriculumKey: security, base: 'GLA', durationDays: 5 })
    ).json();
    expect((await heldAssignments(t.db, first.userKey)).has(security)).toBe(true);
    // The manager of LHR cannot see, so cannot end, a whole-LMS rule.
    const hidden = await manager.call(`/lms/api/console/assignment-rules/${rule.ruleKey}`, {
      method: 'DELETE',
    });
    expect(hidden.status).toBe(404);
    const ended = await admin.call(`/lms/api/console/assignment-rules/${rule.ruleKey}`, {
      method: 'DELETE',
    });
    expect(ended.status).toBe(200);
    expect((await ended.json()).endedAt).toEqual(expect.any(Number));
    expect((await heldAssignments(t.db, first.userKey)).has(security)).toBe(true);
    const second = await buildStudent(t.db, lmsKey, 'GLA');
    await applyAssignmentRules(t.db, t.app.deps, { userKeys: [second.userKey] });
    expect((await heldAssignments(t.db, second.userKey)).has(security)).toBe(false);
    const again = await admin.call(`/lms/api/console/assignment-rules/${rule.ruleKey}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(400);
    const endedList = await (
      await admin.call('/lms/api/console/assignment-rules?ended=true')
    ).json();
    expect(endedList.rules.map((r: { ruleKey: number }) => r.ruleKey)).toContain(rule.ruleKey);
  });

  it('does not bring back what was unassigned while the rule was in force', async () => {
    const student = await buildStudent(t.db, lmsKey, 'EDI');
    await createRule(admin, { curriculumKey: dangerousGoods, base: 'EDI' });
    expect((await heldAssignments(t.db, student.userKey)).has(dangerousGoods)).toBe(true);
    const removed = await admin.call('/lms/api/console/assignments/unassign', {
      method: 'POST',
      body: JSON.stringify({ curriculumKeys: [dangerousGoods], userKeys: [student.userKey] }),
    });
    expect(removed.status).toBe(200);
    await applyAssignmentRules(t.db, t.app.deps, { userKeys: [student.userKey] });
    expect((await heldAssignments(t.db, student.userKey)).has(dangerousGoods)).toBe(false);
  });

  it('refuses bad dates (400) and other roles (403), writing nothing', async () => {
    const before = await writeCounts(t.db);
    const past = await createRule(admin, { curriculumKey: security, dueDate: '2001-01-01' });
    expect(past.status).toBe(400);
    expect((await past.json()).message).toBe('Due date 2001-01-01 is in the past.');
    const elsewhere = await buildLms(t.db);
    const theirs = await buildCurriculum(t.db, elsewhere.lmsKey, 'Theirs');
    const foreign = await createRule(admin, { curriculumKey: theirs.curriculumKey });
    expect(foreign.status).toBe(404);
    for (const role of ['instructor', 'auditor'] as const) {
      const browser = await staffBrowser(t, lmsKey, { role });
      const refused = await createRule(browser, { curriculumKey: security });
      expect(refused.status).toBe(403);
      expect((await browser.call('/lms/api/console/assignment-rules')).status).toBe(200);
    }
    expect(await writeCounts(t.db)).toEqual(before);
  });
});
