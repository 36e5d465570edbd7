import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { assignCurriculum, insertCurriculum } from '../../db/seed/tree.js';

interface Report {
  progressReport: { elementName: string; elementChildren: { elementChildren: unknown[] }[] }[];
}

/** The first lesson's score in the report (the one the tests change behind the cache's back). */
const firstScore = async (response: Response): Promise<number> => {
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    progressReport: {
      elementChildren: { elementChildren: { elementChildren: { elementScore: number }[] }[] }[];
    }[];
  };
  return body.progressReport[0]!.elementChildren[0]!.elementChildren[0]!.elementChildren[0]!
    .elementScore;
};

describe('progress report cache', () => {
  let t: TestApp;
  let student: Browser;
  let userKey: number;
  const reportPath = () =>
    `/lms/api/progressreport/withPrerequisites/${student.lmsKey}/${student.userKey}?showExpired=true`;
  /** Changes the score directly in the database, as another server instance would. */
  const setScoreElsewhere = (score: number) =>
    t.db.updateTable('lessonProgress').set({ score }).where('userKey', '=', userKey).execute();

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'cache' });
    userKey = (await buildUser(t.db, lms.lmsKey, { userId: 'cached' })).userKey;
    const curriculum = await insertCurriculum(t.db, lms.lmsKey, {
      name: 'Cached Curriculum',
      description: '',
      courses: [
        {
          name: 'Course',
          prerequisiteKey: 0,
          topics: [
            {
              name: 'Topic',
              lessons: [{ name: 'Lesson', progress: { attempts: 1, completion: 0, score: 50 } }],
            },
          ],
        },
      ],
    });
    await assignCurriculum(t.db, t.clock.now(), userKey, curriculum, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: 30,
    });
    student = await signIn(t, 'cached');
  });
  afterAll(() => t.close());

  it('serves the same report again, then sees another instance’s write once the window has passed', async () => {
    await setScoreElsewhere(50);
    t.clock.advance(2000);
    // The window is measured on the app's clock: stopped, so a slow machine stays inside it.
    t.clock.stop();
    try {
      expect(await firstScore(await student.call(reportPath()))).toBe(50);
      await setScoreElsewhere(70);
      // Within the 1 s window the cached report is served without asking the database.
      expect(await firstScore(await student.call(reportPath()))).toBe(50);
      t.clock.advance(1500);
      expect(await firstScore(await student.call(reportPath()))).toBe(70);
    } finally {
      t.clock.resume();
    }
  });

  it('revalidates at once when the request says Cache-Control: no-cache or Pragma: no-cache', async () => {
    t.clock.advance(2000);
    expect(await firstScore(await student.call(reportPath()))).toBe(70);
    await setScoreElsewhere(80);
    const fresh = await student.call(reportPath(), { headers: { 'cache-control': 'no-cache' } });
    expect(await firstScore(fresh)).toBe(80);
    await setScoreElsewhere(85);
    const pragma = await student.call(reportPath(), { headers: { pragma: 'no-cache' } });
    expect(await firstScore(pragma)).toBe(85);
  });

  it('drops a student’s reports at once when this process writes their data', async () => {
    t.clock.advance(2000);
    expect(await firstScore(await student.call(reportPath()))).toBe(85);
    await setScoreElsewhere(90);
    t.app.deps.state.reportCache.invalidate(userKey);
    expect(await firstScore(await student.call(reportPath()))).toBe(90);
  });

  it('sees a curriculum renamed elsewhere (content version) after the window', async () => {
    t.clock.advance(2000);
    const before = (await (await student.call(reportPath())).json()) as Report;
    expect(before.progressReport[0]!.elementName).toBe('Cached Curriculum');
    await t.db.updateTable('curriculum').set({ name: 'Renamed Curriculum' }).execute();
    t.clock.advance(1500);
    const after = (await (await student.call(reportPath())).json()) as Report;
    expect(after.progressReport[0]!.elementName).toBe('Renamed Curriculum');
  });

  it('hides an assignment once it expires, even within the window and without any data change', async () => {
    const assignment = await t.db
      .selectFrom('assignment')
      .select(['startDate', 'durationMs'])
      .where('userKey', '=', userKey)
      .executeTakeFirstOrThrow();
    const dueMs = assignment.startDate.getTime() + assignment.durationMs;
    let nowMs = dueMs - 500;
    const deps = { db: t.db, clock: { now: () => new Date(nowMs) }, state: t.app.deps.state };
    const request = {
      user: { userKey, lmsKey: student.lmsKey },
      options: { showExpired: false, withFlaggedAssignments: false, showEmptyLeafs: false },
      revalidate: false,
      serialize: (report: unknown) => JSON.stringify(report),
    };
    expect(await t.app.deps.state.reportCache.read(deps, request)).not.toBeNull();
    nowMs = dueMs + 100;
    expect(await t.app.deps.state.reportCache.read(deps, request)).toBeNull();
  });
});
