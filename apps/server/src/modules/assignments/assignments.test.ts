import { DAY_MS, endOfDueDay } from '@waypoint/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';
import {
  buildCurriculum,
  buildStudent,
  heldAssignments,
  writeCounts,
} from '../../test/assignments.js';

// Assignments from the staff console (docs/decisions/0021), over real HTTP: bulk assign as one
// action, scope and LMS (404, nothing written), unassign keeping progress and reassign bringing it
// back, bad dates (400), permissions (403), the audit log and the student's panel.
describe('console assignments', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let manager: Browser;
  let curricula: Awaited<ReturnType<typeof buildCurriculum>>[];
  let lhr: { userKey: number; userId: string }[];
  let man: { userKey: number; userId: string }[];
  let otherCurriculum: number;
  let otherStudent: number;

  const post = (browser: Browser, path: string, body: unknown) =>
    browser.call(`/lms${path}`, { method: 'POST', body: JSON.stringify(body) });
  const assign = (browser: Browser, body: Record<string, unknown>) =>
    post(browser, '/api/console/assignments', body);
  const unassign = (browser: Browser, body: Record<string, unknown>) =>
    post(browser, '/api/console/assignments/unassign', body);
  const report = async (student: Browser) => {
    const response = await student.call(
      `/lms/api/progressreport/withPrerequisites/${student.lmsKey}/${student.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=true`,
    );
    // Nothing assigned: 'Nothing to report.' (404).
    if (response.status === 404) return [];
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      progressReport: {
        elementKey: number;
        elementAssignmentKey: number;
        elementCompletion: number;
        elementStartDate: number;
        elementDuration: number;
        elementChildren: unknown[];
      }[];
    };
    return body.progressReport;
  };

  /** The report's lessons (the leaves of the tree) with what the student did in them. */
  const lessons = (elements: unknown[]): unknown[] =>
    elements.flatMap((element) => {
      const node = element as { elementChildren?: unknown[]; elementType: string };
      if (node.elementChildren && node.elementChildren.length > 0) {
        return lessons(node.elementChildren);
      }
      const { elementCompletion, elementCompletionInstant, elementAttempts, elementKey } =
        node as unknown as Record<string, unknown>;
      return [{ elementKey, elementCompletion, elementCompletionInstant, elementAttempts }];
    });

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    const other = await buildLms(t.db);
    curricula = [];
    for (const name of ['Dangerous Goods', 'Security', 'CRM']) {
      curricula.push(await buildCurriculum(t.db, lmsKey, name));
    }
    lhr = [];
    man = [];
    for (let i = 0; i < 6; i += 1) lhr.push(await buildStudent(t.db, lmsKey, 'LHR'));
    for (let i = 0; i < 4; i += 1) man.push(await buildStudent(t.db, lmsKey, 'MAN'));
    otherCurriculum = (await buildCurriculum(t.db, other.lmsKey, 'Elsewhere')).curriculumKey;
    otherStudent = (await buildStudent(t.db, other.lmsKey, 'LHR')).userKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    manager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
    });
  });
  afterAll(() => t.close());

  it('assigns many curricula to many people as one action, then changes their dates', async () => {
    const people = [...lhr, ...man].map((person) => person.userKey);
    const keys = curricula.map((curriculum) => curriculum.curriculumKey);
    const before = await writeCounts(t.db);
    t.clock.stop();
    const first = await assign(admin, {
      curriculumKeys: keys,
      userKeys: people,
      durationDays: 30,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      assigned: 30,
      reassigned: 0,
      changed: 0,
      unchanged: 0,
      people: 10,
      curricula: 3,
    });
    const now = t.clock.now().getTime();
    t.clock.resume();
    const rows = await t.db
      .selectFrom('assignment')
      .selectAll()
      .where('userKey', 'in', people)
      .execute();
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      expect(new Date(row.startDate).getTime()).toBe(now);
      expect(Number(row.durationMs)).toBe(30 * DAY_MS);
    }
    // One event per assignment and one for the action, in the same transaction.
    const after = await writeCounts(t.db);
    expect(after.audit - before.audit).toBe(31);
    const bulk = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'assignments.bulk-assign')
      .executeTakeFirstOrThrow();
    expect(bulk.summary).toContain('to 10 people: 30 new');
    const one = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'assignments.assign')
      .where('targetKey', '=', String(rows[0]!.assignmentKey))
      .executeTakeFirstOrThrow();
    expect(one.actorLabel).not.toBe('operator');
    expect(one.lmsKey).toBe(lmsKey);

    // Assigned already: the dates change, the assignments stay the same ones.
    const second = await assign(admin, {
      curriculumKeys: keys,
      userKeys: people,
      startDate: '2030-01-01',
      dueDate: '2030-06-30',
    });
    expect(await second.json()).toMatchObject({ assigned: 0, changed: 30, unchanged: 0 });
    const changed = await heldAssignments(t.db, people[0]!);
    expect([...changed.values()].sort()).toEqual(
      rows
        .filter((row) => row.userKey === people[0])
        .map((row) => row.assignmentKey)
        .sort(),
    );
    const moved = await t.db
      .selectFrom('assignment')
      .selectAll()
      .where('assignmentKey', '=', rows[0]!.assignmentKey)
      .executeTakeFirstOrThrow();
    expect(new Date(moved.startDate).toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(new Date(moved.startDate).getTime() + Number(moved.durationMs)).toBe(
      endOfDueDay('2030-06-30'),
    );
    const change = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'assignments.change')
      .where('targetKey', '=', String(moved.assignmentKey))
      .executeTakeFirstOrThrow();
    expect(change.before).toMatchObject({ startDate: new Date(now).toISOString() });
    expect(change.after).toMatchObject({ startDate: '2030-01-01T00:00:00.000Z' });

    // The same again: nothing to do, nothing written but the action's own event.
    const third = await assign(admin, {
      curriculumKeys: keys,
      userKeys: people,
      startDate: '2030-01-01',
      dueDate: '2030-06-30',
    });
    expect(await third.json()).toMatchObject({ assigned: 0, changed: 0, unchanged: 30 });
  });

  it("lists a person's and a curriculum's assignments, within scope", async () => {
    const person = await admin.call(`/lms/api/console/assignments/person/${man[0]!.userKey}`);
    expect(person.status).toBe(200);
    const body = await person.json();
    expect(body.person).toMatchObject({ userKey: man[0]!.userKey, base: 'MAN' });
    expect(body.assignments.map((a: { curriculumName: string }) => a.curriculumName)).toEqual([
      'CRM',
      'Dangerous Goods',
      'Security',
    ]);
    // The LHR manager sees LHR people only: MAN's are 404, as if there were none.
    const hidden = await manager.call(`/lms/api/console/assignments/person/${man[0]!.userKey}`);
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).message).toBe('No such person.');
    const ofCurriculum = await manager.call(
      `/lms/api/console/assignments/curriculum/${curricula[0]!.curriculumKey}`,
    );
    const listed = await ofCurriculum.json();
    expect(listed.curriculum.assignedCount).toBe(6);
    expect(listed.assignments.every((a: { base: string }) => a.base === 'LHR')).toBe(true);
    const all = await (await admin.call('/lms/api/console/assignments/curricula')).json();
    expect(all.curricula.map((c: { assignedCount: number }) => c.assignedCount)).toEqual([
      10, 10, 10,
    ]);
    // Another LMS's curriculum is not there.
    const elsewhere = await admin.call(
      `/lms/api/console/assignments/curriculum/${otherCurriculum}`,
    );
    expect(elsewhere.status).toBe(404);
  });

  it('refuses a manager naming anyone outside their scope: 404, nothing written', async () => {
    const before = await writeCounts(t.db);
    const response = await assign(manager, {
      curriculumKeys: [curricula[0]!.curriculumKey],
      userKeys: [lhr[0]!.userKey, man[1]!.userKey],
      durationDays: 10,
    });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('No such person.');
    const out = await unassign(manager, {
      curriculumKeys: [curricula[0]!.curriculumKey],
      userKeys: [man[1]!.userKey],
    });
    expect(out.status).toBe(404);
    expect(await writeCounts(t.db)).toEqual(before);
    // Within scope, the same manager assigns.
    const own = await assign(manager, {
      curriculumKeys: [curricula[0]!.curriculumKey],
      userKeys: [lhr[0]!.userKey],
      durationDays: 10,
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ changed: 1 });
  });

  it("refuses another LMS's curricula and people: 404, nothing written", async () => {
    const before = await writeCounts(t.db);
    const theirCurriculum = await assign(admin, {
      curriculumKeys: [curricula[0]!.curriculumKey, otherCurriculum],
      userKeys: [lhr[1]!.userKey],
    });
    expect(theirCurriculum.status).toBe(404);
    expect((await theirCurriculum.json()).message).toBe('No such curriculum.');
    const theirPerson = await assign(admin, {
      curriculumKeys: [curricula[0]!.curriculumKey],
      userKeys: [lhr[1]!.userKey, otherStudent],
    });
    expect(theirPerson.status).toBe(404);
    expect((await theirPerson.json()).message).toBe('No such person.');
    const missing = await assign(admin, {
      curriculumKeys: [curricula[0]!.curriculumKey],
      userKeys: [2_000_000_000],
    });
    expect(missing.status).toBe(404);
    expect((await admin.call(`/lms/api/console/assignments/person/${otherStudent}`)).status).toBe(
      404,
    );
    expect(await writeCounts(t.db)).toEqual(before);
  });

  it('unassigns keeping the progress, and reassigning brings the same progress back', async () => {
    const student = await buildStudent(t.db, lmsKey, 'LHR');
    const panel = await signIn(t, student.userId);
    const curriculum = curricula[2]!;
    expect(await report(panel)).toEqual([]);
    const assigned = await assign(admin, {
      curriculumKeys: [curriculum.curriculumKey],
      userKeys: [student.userKey],
    });
    expect(assigned.status).toBe(200);
    // The student's cached report is invalidated: the new curriculum shows at once, open-ended.
    const listed = await report(panel);
    expect(listed.map((element) => element.elementKey)).toEqual([curriculum.curriculumKey]);
    const assignmentKey = listed[0]!.elementAssignmentKey;
    await t.db
      .insertInto('lessonProgress')
      .values({
        assignmentKey,
        lessonKey: curriculum.lessonKey,
        userKey: student.userKey,
        attempts: 1,
        completion: 1,
        completionInstant: t.clock.now(),
      })
      .execute();
    // As a lesson's commit does (the test wrote the row itself).
    t.app.deps.state.reportCache.invalidate(student.userKey);
    const withProgress = lessons(await report(panel));
    expect(withProgress).toEqual([expect.objectContaining({ elementCompletion: 1 })]);

    const removed = await unassign(admin, {
      curriculumKeys: [curriculum.curriculumKey],
      userKeys: [student.userKey],
    });
    expect(await removed.json()).toEqual({ unassigned: 1, notAssigned: 0 });
    expect(await report(panel)).toEqual([]);
    const kept = await t.db
      .selectFrom('lessonProgress')
      .selectAll()
      .where('assignmentKey', '=', assignmentKey)
      .execute();
    expect(kept).toHaveLength(1);
    const event = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'assignments.unassign')
      .where('targetKey', '=', String(assignmentKey))
      .executeTakeFirstOrThrow();
    expect(event.summary).toContain('progress kept');
    const again = await unassign(admin, {
      curriculumKeys: [curriculum.curriculumKey],
      userKeys: [student.userKey],
    });
    expect(await again.json()).toEqual({ unassigned: 0, notAssigned: 1 });

    const back = await assign(admin, {
      curriculumKeys: [curriculum.curriculumKey],
      userKeys: [student.userKey],
    });
    expect(await back.json()).toMatchObject({ assigned: 0, reassigned: 1 });
    const restored = await report(panel);
    expect(restored[0]!.elementAssignmentKey).toBe(assignmentKey);
    expect(lessons(restored)).toEqual(withProgress);
  });

  it.each([
    [{ dueDate: '2001-01-01' }, 'Due date 2001-01-01 is in the past.'],
    [{ startDate: '2026-02-30' }, "Start date '2026-02-30' is not a date (YYYY-MM-DD)."],
    [{ dueDate: 'next week' }, "Due date 'next week' is not a date (YYYY-MM-DD)."],
    [
      { startDate: '2031-01-01', dueDate: '2030-12-31' },
      'Due date 2030-12-31 is before the start date 2031-01-01.',
    ],
    [
      { durationDays: 10, dueDate: '2030-12-31' },
      'Give either a duration or a due date, not both.',
    ],
    [
      { startDate: '2001-01-01', durationDays: 10 },
      'A 10-day assignment starting 2001-01-01 would have ended already.',
    ],
  ])('refuses %j with 400 "%s", writing nothing', async (dates, message) => {
    const before = await writeCounts(t.db);
    const response = await assign(admin, {
      curriculumKeys: [curricula[1]!.curriculumKey],
      userKeys: [lhr[2]!.userKey],
      ...dates,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(await writeCounts(t.db)).toEqual(before);
  });

  it.each([
    [{ curriculumKeys: [], userKeys: [1] }],
    [{ curriculumKeys: [1], userKeys: [] }],
    [{ curriculumKeys: [1, 1], userKeys: [1] }],
    [{ curriculumKeys: [1], userKeys: [1], durationDays: 0 }],
    [{ curriculumKeys: [1], userKeys: [1], durationDays: 2.5 }],
    [{ curriculumKeys: [1], userKeys: [1], startDate: 20300101 }],
  ])('refuses a malformed body %j with 400', async (body) => {
    expect((await assign(admin, body)).status).toBe(400);
  });

  it('lets instructors and auditors read, not assign (403); no console session: 401', async () => {
    const body = {
      curriculumKeys: [curricula[0]!.curriculumKey],
      userKeys: [lhr[3]!.userKey],
    };
    for (const role of ['instructor', 'auditor'] as const) {
      const browser = await staffBrowser(t, lmsKey, { role });
      const refused = await assign(browser, body);
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe('You do not have permission to do this.');
      expect((await unassign(browser, body)).status).toBe(403);
      const read = await browser.call(`/lms/api/console/assignments/person/${lhr[3]!.userKey}`);
      expect(read.status).toBe(200);
    }
    const student = await buildUser(t.db, lmsKey);
    const panel = await signIn(t, student.userId);
    expect((await assign(panel, body)).status).toBe(401);
  });

  it('finds the students within scope by search and criteria, with the count', async () => {
    const everyone = await (
      await admin.call('/lms/api/console/assignments/people?base=MAN&limit=2')
    ).json();
    expect(everyone.total).toBe(4);
    expect(everyone.people).toHaveLength(2);
    const scoped = await (
      await manager.call('/lms/api/console/assignments/people?base=MAN')
    ).json();
    expect(scoped.total).toBe(0);
    const byLogin = await (
      await admin.call(
        `/lms/api/console/assignments/people?search=${encodeURIComponent(lhr[4]!.userId.toUpperCase())}`,
      )
    ).json();
    expect(byLogin.people.map((p: { userKey: number }) => p.userKey)).toEqual([lhr[4]!.userKey]);
    const criteria = await (await manager.call('/lms/api/console/assignments/criteria')).json();
    expect(criteria).toEqual({
      bases: ['LHR'],
      fleets: [],
      positions: [],
      restrictionGroups: ['LHR'],
    });
  });
});
