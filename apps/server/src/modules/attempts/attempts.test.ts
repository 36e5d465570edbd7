import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildCurriculum } from '../../test/assignments.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';

// The attempt record's calls (migration 0027): a student reads their own lesson's attempts only;
// staff read a person's in scope; a correction is a new attempt with its reason, makes its result
// the lesson's current one, keeps every earlier attempt as it was, and is audited; bad input and
// refused callers change nothing.
const CONSOLE = '/lms/api/console/people';
const at = (iso: string) => new Date(iso);

describe('the attempt record: reads and staff corrections', () => {
  let t: TestApp;
  let lmsKey: number;
  let student: { userKey: number; userId: string };
  let other: { userKey: number; userId: string };
  let assignmentKey: number;
  let otherAssignmentKey: number;
  let lessonKey: number;
  let curriculumKey: number;
  let me: Browser;
  let admin: Browser;
  let manager: Browser;
  let farManager: Browser;
  let instructor: Browser;
  let auditor: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    student = await buildUser(t.db, lmsKey, { userId: 'pilot.one', restrictionGroup: 'LHR' });
    other = await buildUser(t.db, lmsKey, { userId: 'pilot.two', restrictionGroup: 'LHR' });
    const curriculum = await buildCurriculum(t.db, lmsKey, 'Doors');
    ({ lessonKey, curriculumKey } = curriculum);
    assignmentKey = (await buildAssignment(t.db, { userKey: student.userKey, curriculumKey }))
      .assignmentKey;
    otherAssignmentKey = (await buildAssignment(t.db, { userKey: other.userKey, curriculumKey }))
      .assignmentKey;
    // Two attempts: the first failed at 40%, the second passed at 85% offline.
    await t.db
      .insertInto('lessonProgress')
      .values({
        assignmentKey,
        lessonKey,
        userKey: student.userKey,
        attempts: 2,
        completion: 1,
        credit: 1,
        score: 0.85,
        completionInstant: at('2026-03-02T10:30:00Z'),
        totalTimeMs: 1_800_000,
        lastLaunchedAt: at('2026-03-02T10:00:00Z'),
        updatedAt: at('2026-03-02T10:30:00Z'),
      })
      .execute();
    await t.db
      .insertInto('lessonAttempt')
      .values([
        {
          assignmentKey,
          lessonKey,
          number: 1,
          userKey: student.userKey,
          source: 'player',
          launchId: 'launch-1',
          startedAt: at('2026-03-01T10:00:00Z'),
          endedAt: at('2026-03-01T10:20:00Z'),
          updatedAt: at('2026-03-01T10:20:00Z'),
          completion: -3,
          credit: -1,
          score: 0.4,
          durationMs: 1_200_000,
        },
        {
          assignmentKey,
          lessonKey,
          number: 2,
          userKey: student.userKey,
          source: 'player',
          launchId: 'launch-2',
          startedAt: at('2026-03-02T10:00:00Z'),
          endedAt: at('2026-03-02T10:30:00Z'),
          updatedAt: at('2026-03-02T10:30:00Z'),
          completion: 1,
          credit: 1,
          score: 0.85,
          completionInstant: at('2026-03-02T10:30:00Z'),
          baseTotalTimeMs: 1_200_000,
          durationMs: 600_000,
          flaggedOffline: true,
        },
      ])
      .execute();
    me = await signIn(t, student.userId);
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    manager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
    });
    farManager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['MAN'],
    });
    instructor = await staffBrowser(t, lmsKey, { role: 'instructor' });
    auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
  }, 60_000);
  afterAll(() => t.close());

  const panelPath = (userKey: number, assignment: number, lesson = lessonKey) =>
    `/lms/api/progressreport/attempts/${lmsKey}/${userKey}/${assignment}/${lesson}`;

  const correct = (browser: Browser, userKey: number, body: Record<string, unknown>) =>
    browser.call(`${CONSOLE}/${userKey}/corrections`, {
      method: 'POST',
      body: JSON.stringify({ assignmentKey, lessonKey, result: 'passed', ...body }),
    });

  const snapshot = () =>
    Promise.all([
      t.db.selectFrom('lessonAttempt').selectAll().orderBy('number').execute(),
      t.db.selectFrom('lessonProgress').selectAll().orderBy('assignmentKey').execute(),
      t.db.selectFrom('auditEvent').select('eventKey').execute(),
    ]);

  it("answers the student's own lesson attempts, first first, every figure", async () => {
    const response = await me.call(panelPath(student.userKey, assignmentKey));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        number: 1,
        source: 'player',
        startedInstant: Date.parse('2026-03-01T10:00:00Z'),
        endedInstant: Date.parse('2026-03-01T10:20:00Z'),
        durationMs: 1_200_000,
        score: 0.4,
        completion: -3,
        credit: -1,
        flaggedOffline: false,
        reason: '',
        corrects: 0,
      },
      expect.objectContaining({ number: 2, score: 0.85, flaggedOffline: true, completion: 1 }),
    ]);
  });

  it("refuses another student's keys (403) and an assignment that is not theirs (404)", async () => {
    expect((await me.call(panelPath(other.userKey, otherAssignmentKey))).status).toBe(403);
    const notMine = await me.call(panelPath(student.userKey, otherAssignmentKey));
    expect(notMine.status).toBe(404);
    expect((await notMine.json()).message).toBe('Nothing to report.');
    // A staff member's session is not the student's: the keys are not its own.
    expect((await admin.call(panelPath(student.userKey, assignmentKey))).status).toBe(403);
  });

  it('lets staff who read records read every attempt of a person in scope (404 outside it)', async () => {
    const response = await auditor.call(`${CONSOLE}/${student.userKey}/attempts`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.lessons).toHaveLength(1);
    expect(body.lessons[0]).toMatchObject({ assignmentKey, lessonKey });
    expect(body.lessons[0].attempts.map((a: { number: number }) => a.number)).toEqual([1, 2]);
    const far = await farManager.call(`${CONSOLE}/${student.userKey}/attempts`);
    expect(far.status).toBe(404);
    expect((await far.json()).message).toBe('No such person.');
  });

  it('refuses a correction without a reason of 10 characters, or a score out of range (400), changing nothing', async () => {
    const before = await snapshot();
    for (const [body, message] of [
      [{ reason: '' }, 'A correction needs a reason.'],
      [{ reason: '  too short  ' }, 'A correction needs a reason.'],
      [
        { reason: 'Paper exam marked', scorePercent: 120 },
        'A score is a percentage from 0 to 100.',
      ],
    ] as const) {
      const response = await correct(admin, student.userKey, body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
    expect(
      (await correct(admin, student.userKey, { result: 'best', reason: 'x'.repeat(20) })).status,
    ).toBe(400);
    // A lesson that is not in the assignment's curriculum.
    const elsewhere = await buildCurriculum(t.db, lmsKey, 'Elsewhere');
    const notThere = await correct(admin, student.userKey, {
      lessonKey: elsewhere.lessonKey,
      reason: 'Paper exam marked',
    });
    expect(notThere.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an auditor and an instructor (403) and a manager of another group (404), changing nothing', async () => {
    const before = await snapshot();
    const body = { result: 'failed', reason: 'Marked on paper, failed' };
    for (const browser of [auditor, instructor]) {
      const response = await correct(browser, student.userKey, body);
      expect(response.status).toBe(403);
    }
    const far = await correct(farManager, student.userKey, body);
    expect(far.status).toBe(404);
    expect((await far.json()).message).toBe('No such person.');
    expect(await snapshot()).toEqual(before);
  });

  it('records a correction as the next attempt, makes it the current result, keeps the others, and audits it', async () => {
    const [attemptsBefore] = await snapshot();
    t.clock.stop();
    const now = t.clock.now().getTime();
    const response = await correct(manager, student.userKey, {
      result: 'failed',
      scorePercent: 55,
      reason: '  The quiz was answered by a colleague.  ',
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.attempts.map((a: { number: number }) => a.number)).toEqual([1, 2, 3]);
    expect(body.attempts[2]).toMatchObject({
      number: 3,
      source: 'correction',
      completion: 1,
      credit: -1,
      score: 0.55,
      reason: 'The quiz was answered by a colleague.',
      corrects: 2,
      startedInstant: now,
      endedInstant: now,
    });
    const [attempts, progress, audit] = await snapshot();
    // The corrected attempt and the one before it are exactly as they were.
    expect(attempts.slice(0, 2)).toEqual(attemptsBefore);
    const managerKey = (
      await t.db
        .selectFrom('auditEvent')
        .select('actorUserKey')
        .where('action', '=', 'records.correct')
        .executeTakeFirstOrThrow()
    ).actorUserKey;
    expect(attempts[2]).toMatchObject({ recordedBy: managerKey, source: 'correction' });
    expect(progress.find((row) => row.assignmentKey === assignmentKey)).toMatchObject({
      attempts: 3,
      completion: 1,
      credit: -1,
      score: 0.55,
      // Complete before, still complete: when it completed is kept.
      completionInstant: at('2026-03-02T10:30:00Z'),
      totalTimeMs: 1_800_000,
    });
    expect(audit.length).toBeGreaterThan(0);
    const event = await t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'records.correct')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      targetType: 'lesson_progress',
      targetKey: `${assignmentKey}:${lessonKey}`,
    });
    expect(event.summary).toContain('The quiz was answered by a colleague.');
    expect(event.before).toMatchObject({ completion: 1, credit: 1, score: 0.85, attempt: 2 });
    expect(event.after).toMatchObject({ completion: 1, credit: -1, score: 0.55, attempt: 3 });
    // The training record's event of the correction (migration 0028), with its reason.
    const corrected = await t.db
      .selectFrom('trainingEvent')
      .select(['type', 'payload'])
      .where('type', '=', 'record.corrected')
      .execute();
    expect(corrected).toHaveLength(1);
    expect(JSON.parse(corrected[0]!.payload)).toMatchObject({
      corrects: 2,
      reason: 'The quiz was answered by a colleague.',
    });
  });

  it("the student's report shows the corrected result on its next read (the cache is dropped)", async () => {
    const response = await me.call(
      `/lms/api/progressreport/withPrerequisites/${lmsKey}/${student.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
    );
    const report = await response.json();
    const lesson =
      report.progressReport[0].elementChildren[0].elementChildren[0].elementChildren[0];
    expect(lesson).toMatchObject({
      elementKey: lessonKey,
      elementCredit: -1,
      elementScore: 0.55,
      elementAttempts: 3,
    });
  });

  it('corrects a lesson never opened to not complete, and to passed without a score', async () => {
    const fresh = await buildUser(t.db, lmsKey, { userId: 'pilot.three', restrictionGroup: 'LHR' });
    const freshAssignment = (await buildAssignment(t.db, { userKey: fresh.userKey, curriculumKey }))
      .assignmentKey;
    const response = await correct(admin, fresh.userKey, {
      assignmentKey: freshAssignment,
      result: 'passed',
      reason: 'Classroom check ride passed',
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.attempts).toEqual([
      expect.objectContaining({ number: 1, source: 'correction', score: null, corrects: 0 }),
    ]);
    const progress = await t.db
      .selectFrom('lessonProgress')
      .selectAll()
      .where('assignmentKey', '=', freshAssignment)
      .executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ attempts: 1, completion: 1, credit: 1, score: 0 });
    expect(progress.completionInstant).not.toBeNull();
    const undo = await correct(admin, fresh.userKey, {
      assignmentKey: freshAssignment,
      result: 'incomplete',
      reason: 'Entered against the wrong person',
    });
    expect((await undo.json()).attempts.map((a: { corrects: number }) => a.corrects)).toEqual([
      0, 1,
    ]);
    const after = await t.db
      .selectFrom('lessonProgress')
      .select(['completion', 'credit', 'completionInstant', 'attempts'])
      .where('assignmentKey', '=', freshAssignment)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ completion: 0, credit: 0, completionInstant: null, attempts: 2 });
  });
});
