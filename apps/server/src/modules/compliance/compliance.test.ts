import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualificationPeriod } from '@waypoint/domain/staff';
import type {
  CellHistory,
  ComplianceFacts,
  ListPage,
  MatrixPage,
} from '@waypoint/domain/console-contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms } from '../../test/factories.js';
import { buildCurriculum, buildStudent } from '../../test/assignments.js';
import type { Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';
import { vacuumStandings } from './repo.js';
import { refreshStandings } from './standings.js';

const DAY = 86_400_000;

// The qualification matrix, the daily lists and a cell's history over real HTTP
// (docs/decisions/0022): statuses from real progress rows through the roll-up, the scope of a
// manager (LHR only: another base's person is 404), filters, sorting by a curriculum column, and
// the first read after a commit or a programme change shows it.
describe('compliance matrix and lists', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let manager: Browser;
  let a: Awaited<ReturnType<typeof buildCurriculum>>;
  let b: Awaited<ReturnType<typeof buildCurriculum>>;
  const people: Record<string, { userKey: number; userId: string }> = {};
  const assignments: Record<string, number> = {};
  let now: number;

  const get = async <T>(browser: Browser, path: string, status = 200): Promise<T> => {
    const response = await browser.call(`/lms/api/console/compliance${path}`);
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const statuses = (page: MatrixPage) =>
    Object.fromEntries(
      page.rows.map((row) => [row.userID, row.cells.map((cell) => cell.status).join(',')]),
    );

  const progress = (assignmentKey: number, userKey: number, lessonKey: number, fields: object) =>
    t.db
      .insertInto('lessonProgress')
      .values({ assignmentKey, userKey, lessonKey, updatedAt: new Date(now), ...fields })
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.stop();
    now = t.clock.now().getTime();
    const lms = await buildLms(t.db);
    lmsKey = lms.lmsKey;
    await t.db.insertInto('certificateSettings').values({ lmsKey, validityMonths: 12 }).execute();
    a = await buildCurriculum(t.db, lmsKey, 'Alpha recurrent');
    b = await buildCurriculum(t.db, lmsKey, 'Bravo security');
    for (const [id, base] of [
      ['s1', 'LHR'],
      ['s2', 'LHR'],
      ['s3', 'MAN'],
    ] as const) {
      const user = await buildStudent(t.db, lmsKey, base, { userId: id, fleet: 'A320' });
      people[id] = user;
    }
    const assign = async (id: string, curriculum: typeof a, startDaysAgo: number, days: number) => {
      const row = await buildAssignment(t.db, {
        userKey: people[id]!.userKey,
        curriculumKey: curriculum.curriculumKey,
        assignedAt: new Date(now - startDaysAgo * DAY),
        startDate: new Date(now - startDaysAgo * DAY),
        durationMs: days * DAY,
      });
      assignments[`${id}:${curriculum.name}`] = row.assignmentKey;
      return row.assignmentKey;
    };
    // s1: A complete 60 days ago (current until +12 months); B never started and due yesterday.
    const s1a = await assign('s1', a, 100, 365);
    await progress(s1a, people.s1!.userKey, a.lessonKey, {
      attempts: 1,
      completion: 1,
      completionInstant: new Date(now - 60 * DAY),
      lastLaunchedAt: new Date(now - 60 * DAY),
    });
    await assign('s1', b, 31, 30);
    // s2: A failed; B started and due in 10 days.
    const s2a = await assign('s2', a, 20, 365);
    await progress(s2a, people.s2!.userKey, a.lessonKey, {
      attempts: 2,
      completion: 1,
      credit: -1,
      completionInstant: new Date(now - 3 * DAY),
      lastLaunchedAt: new Date(now - 3 * DAY),
    });
    const s2b = await assign('s2', b, 20, 30);
    await progress(s2b, people.s2!.userKey, b.lessonKey, {
      attempts: 1,
      completion: 0,
      lastLaunchedAt: new Date(now - DAY),
    });
    // s3 (MAN): A complete 13 months ago (expired); B not assigned.
    const s3a = await assign('s3', a, 500, 600);
    await progress(s3a, people.s3!.userKey, a.lessonKey, {
      attempts: 1,
      completion: 1,
      completionInstant: new Date(now - 400 * DAY),
      lastLaunchedAt: new Date(now - 400 * DAY),
    });
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    manager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('shows every person in scope x every assigned curriculum, one status per cell', async () => {
    const page = await get<MatrixPage>(admin, '/matrix');
    expect(page.curricula.map((c) => c.name)).toEqual(['Alpha recurrent', 'Bravo security']);
    expect(page.total).toBe(3);
    // Curricula made after the LMS's 12-month certificate validity count 12 calendar months.
    const s1Alpha = page.rows.find((row) => row.userID === 's1')!.cells[0]!;
    expect(s1Alpha.date).toBe(
      qualificationPeriod(
        { kind: 'months', months: 12 },
        new Date(now - 60 * DAY),
      ).validUntil!.getTime(),
    );
    expect(page.recalculating).toBe(0);
    expect(statuses(page)).toEqual({
      s1: 'current,overdue',
      s2: 'failed,due',
      s3: 'expired,notAssigned',
    });
    const s1 = page.rows.find((row) => row.userID === 's1')!;
    // Current until completion + 12 calendar months; overdue since the due date.
    expect(s1.cells[0]!.date).toBe(
      new Date(now - 60 * DAY).setUTCFullYear(new Date(now - 60 * DAY).getUTCFullYear() + 1),
    );
    expect(s1.cells[1]!.date).toBe(now - DAY);
    expect(page.filters.bases).toEqual(['LHR', 'MAN']);
  });

  it("answers every column and the filters' values of the caller's scope", async () => {
    const facts = await get<ComplianceFacts>(manager, '/facts');
    expect(facts.curricula.map((c) => c.name)).toEqual(['Alpha recurrent', 'Bravo security']);
    // The manager's scope is LHR: MAN is no value of theirs.
    expect(facts.filters.bases).toEqual(['LHR']);
    expect((await get<ComplianceFacts>(admin, '/facts')).filters.bases).toEqual(['LHR', 'MAN']);
  });

  it("keeps a manager to their restriction groups: another base's person is 404", async () => {
    const page = await get<MatrixPage>(manager, '/matrix');
    expect(Object.keys(statuses(page)).sort()).toEqual(['s1', 's2']);
    const hidden = await manager.call(
      `/lms/api/console/compliance/people/${people.s3!.userKey}/curricula/${a.curriculumKey}`,
    );
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { message: string }).message).toBe('No such person.');
    const list = await get<ListPage>(manager, '/lists/failed');
    expect(list.rows.map((row) => row.userID)).toEqual(['s2']);
  });

  it('filters by base and status, and by curriculum columns', async () => {
    const overdue = await get<MatrixPage>(admin, '/matrix?base=LHR&status=overdue');
    expect(Object.keys(statuses(overdue))).toEqual(['s1']);
    const notAssigned = await get<MatrixPage>(admin, '/matrix?status=notAssigned');
    expect(Object.keys(statuses(notAssigned))).toEqual(['s3']);
    const onlyB = await get<MatrixPage>(admin, `/matrix?curricula=${b.curriculumKey}&status=due`);
    expect(onlyB.curricula.map((c) => c.curriculumKey)).toEqual([b.curriculumKey]);
    expect(statuses(onlyB)).toEqual({ s2: 'due' });
    const search = await get<MatrixPage>(admin, '/matrix?search=S3');
    expect(Object.keys(statuses(search))).toEqual(['s3']);
  });

  it('sorts by a curriculum column, most urgent first, not assigned last', async () => {
    const asc = await get<MatrixPage>(
      admin,
      `/matrix?sort=curriculum&sortCurriculum=${b.curriculumKey}`,
    );
    expect(asc.rows.map((row) => row.userID)).toEqual(['s1', 's2', 's3']);
    const desc = await get<MatrixPage>(
      admin,
      `/matrix?sort=curriculum&sortCurriculum=${a.curriculumKey}&order=desc`,
    );
    // A: current (s1) is least urgent; desc puts it first, then failed (s2), then expired (s3).
    expect(desc.rows.map((row) => row.userID)).toEqual(['s1', 's2', 's3']);
    const bad = await admin.call(
      `/lms/api/console/compliance/matrix?sort=curriculum&sortCurriculum=999999`,
    );
    expect(bad.status).toBe(400);
  });

  it('answers the daily lists', async () => {
    const rows = async (list: string) =>
      (await get<ListPage>(admin, `/lists/${list}`)).rows.map(
        (row) => `${row.userID}:${row.curriculumName}:${row.status}`,
      );
    expect(await rows('overdue')).toEqual(['s1:Bravo security:overdue']);
    expect(await rows('failed')).toEqual(['s2:Alpha recurrent:failed']);
    expect(await rows('neverStarted')).toEqual(['s1:Bravo security:overdue']);
    expect(await rows('expiring30')).toEqual(['s2:Bravo security:due']);
    expect(await rows('expiring90')).toEqual(['s2:Bravo security:due']);
    const filtered = await get<ListPage>(admin, '/lists/overdue?base=MAN');
    expect(filtered.total).toBe(0);
    expect((await admin.call('/lms/api/console/compliance/lists/everything')).status).toBe(400);
  });

  it("opens a cell's history: the assignment, each lesson's attempts, its events", async () => {
    const cell = await get<CellHistory>(
      admin,
      `/people/${people.s2!.userKey}/curricula/${a.curriculumKey}`,
    );
    expect(cell.cell.status).toBe('failed');
    expect(cell.assignment?.assignmentKey).toBe(assignments['s2:Alpha recurrent']);
    expect(cell.lessons).toHaveLength(1);
    expect(cell.lessons[0]).toMatchObject({ attempts: 2, outcome: 'Failed' });
    // Each attempt recorded (migration 0027) is in the history, not only their count.
    const assignmentKey = assignments['s2:Alpha recurrent']!;
    await t.db
      .insertInto('lessonAttempt')
      .values(
        [1, 2].map((number) => ({
          assignmentKey,
          lessonKey: a.lessonKey,
          number,
          userKey: people.s2!.userKey,
          source: 'player' as const,
          startedAt: new Date(now - (3 - number) * 86_400_000),
          endedAt: new Date(now - (3 - number) * 86_400_000 + 600_000),
          updatedAt: new Date(now),
          completion: -3,
          credit: -1,
          score: number === 1 ? 0.3 : 0.5,
        })),
      )
      .execute();
    const withRecords = await get<CellHistory>(
      admin,
      `/people/${people.s2!.userKey}/curricula/${a.curriculumKey}`,
    );
    expect(
      withRecords.lessons[0]!.attemptRecords.map((record) => [record.number, record.score]),
    ).toEqual([
      [1, 0.3],
      [2, 0.5],
    ]);
    const none = await get<CellHistory>(
      admin,
      `/people/${people.s3!.userKey}/curricula/${b.curriculumKey}`,
    );
    expect(none.cell.status).toBe('notAssigned');
    expect(none.assignment).toBeNull();
  });

  it('shows a commit on the first read after it, and a programme change too', async () => {
    await t.db
      .updateTable('lessonProgress')
      .set({ completion: 1, completionInstant: new Date(now) })
      .where('assignmentKey', '=', assignments['s2:Bravo security']!)
      .execute();
    const after = await get<MatrixPage>(admin, '/matrix');
    expect(statuses(after).s2).toBe('failed,current');
    // A new lesson in A: s1's completed A is no longer complete (the roll-up reads the tree), but
    // the completion's qualification period still runs: current until it ends (validity.ts).
    const topic = await t.db
      .selectFrom('topic')
      .innerJoin('course', 'course.courseKey', 'topic.courseKey')
      .select('topic.topicKey')
      .where('course.curriculumKey', '=', a.curriculumKey)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('lesson')
      .values({ topicKey: topic.topicKey, name: 'New lesson' })
      .execute();
    const changed = await get<MatrixPage>(admin, '/matrix');
    expect(statuses(changed).s1).toBe('current,overdue');
    const standing = await t.db
      .selectFrom('assignmentStanding')
      .select('outcome')
      .where('assignmentKey', '=', assignments['s1:Alpha recurrent']!)
      .executeTakeFirstOrThrow();
    expect(standing.outcome).toBe('started');
  });

  it('follows new dates, a removal and a changed validity at once', async () => {
    const key = assignments['s1:Bravo security']!;
    // Due in 40 days now: no longer overdue; never started and not due soon.
    await t.db
      .updateTable('assignment')
      .set({ startDate: new Date(now), durationMs: 40 * DAY })
      .where('assignmentKey', '=', key)
      .execute();
    expect(statuses(await get<MatrixPage>(admin, '/matrix')).s1).toBe('current,notStarted');
    await t.db
      .updateTable('assignment')
      .set({ removedAt: new Date(now) })
      .where('assignmentKey', '=', key)
      .execute();
    expect(statuses(await get<MatrixPage>(admin, '/matrix')).s1).toBe('current,notAssigned');
    // A rule changed to one month counts the completions after it: s2's B, recorded under 12
    // months, keeps its end (a qualification period is a record), so it is not expiring.
    await t.db
      .updateTable('curriculum')
      .set({ validityRule: 'months', validityMonths: 1 })
      .where('curriculumKey', '=', b.curriculumKey)
      .execute();
    const expiring = await get<ListPage>(admin, '/lists/expiring60');
    expect(expiring.rows.map((row) => `${row.userID}:${row.curriculumName}`)).not.toContain(
      's2:Bravo security',
    );
    const page = await get<MatrixPage>(admin, '/matrix');
    expect(page.rows.find((row) => row.userID === 's2')!.cells[1]).toMatchObject({
      status: 'current',
      date: qualificationPeriod(
        { kind: 'months', months: 12 },
        new Date(now),
      ).validUntil!.getTime(),
    });
  });

  it("runs the standings' jobs on this database: recompute, then vacuum", async () => {
    await t.db.updateTable('assignmentStanding').set({ computedVersion: '0' }).execute();
    const { refreshed } = await refreshStandings(t.app.deps, null, 1000);
    expect(refreshed).toBeGreaterThan(0);
    await vacuumStandings(t.db);
    expect((await get<MatrixPage>(admin, '/matrix')).recalculating).toBe(0);
  });

  it('refuses a panel session and bad queries', async () => {
    const bad = await admin.call('/lms/api/console/compliance/matrix?status=great');
    expect(bad.status).toBe(400);
    const big = await admin.call('/lms/api/console/compliance/matrix?limit=100000');
    expect(big.status).toBe(400);
    const curricula = await admin.call('/lms/api/console/compliance/matrix?curricula=1;drop');
    expect(curricula.status).toBe(400);
  });
});
