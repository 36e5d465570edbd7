import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import type { ProgressElement } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_PASSWORD, buildLms, buildUser } from '../../test/factories.js';
import { browserFrom, postLogin, signIn, type Browser } from '../../test/sign-in.js';
import { assignCurriculum, insertCurriculum, type CurriculumSeed } from '../../db/seed/tree.js';
import { buildProgressReport } from './service.js';

interface Report {
  progressReport: ProgressElement[];
  prerequisiteTypes: { prerequisiteName: string; prerequisiteKey: number }[];
  flaggedLeafAssignments: { assignmentKey: number; leafKey: number }[];
}

const curriculum = (name: string, courses = 1): CurriculumSeed => ({
  name,
  description: `${name} description`,
  courses: Array.from({ length: courses }, (_, c) => ({
    name: `${name} course ${c + 1}`,
    prerequisiteKey: c === 0 ? 0 : 1,
    topics: [
      {
        name: 'Systems',
        lessons: [
          {
            name: `${name} ${c} lesson A`,
            progress: {
              attempts: 2,
              completion: 1,
              score: 88,
              completedDaysAgo: 1,
              totalTimeMinutes: 30,
              lastLaunchedHoursAgo: 5,
              flaggedOffline: true,
            },
          },
          {
            name: `${name} ${c} lesson B`,
            progress: { attempts: 1, completion: -3, score: 40, totalTimeMinutes: 15 },
          },
          { name: `${name} ${c} lesson C`, playMode: 2 },
        ],
      },
      { name: 'Empty chapter', lessons: [] },
    ],
  })),
});

describe('progress report (§3, §7)', () => {
  let t: TestApp;
  let student: Browser;
  let other: Browser;
  let otherLmsStudent: Browser;
  const reportPath = (b: Browser, query = '') =>
    `/lms/api/progressreport/withPrerequisites/${b.lmsKey}/${b.userKey}${query}`;

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const otherLms = await buildLms(t.db, { lmsCode: 'beta' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    await buildUser(t.db, lms.lmsKey, { userId: 'nothing.assigned' });
    await buildUser(t.db, otherLms.lmsKey, { userId: 'elsewhere' });
    const now = t.clock.now();
    const active = await insertCurriculum(t.db, lms.lmsKey, curriculum('Dangerous Goods', 2));
    await assignCurriculum(t.db, now, user.userKey, active, {
      assignedDaysAgo: 3,
      startDaysAgo: 3,
      durationDays: 30,
    });
    const expired = await insertCurriculum(t.db, lms.lmsKey, curriculum('Old Security'));
    await assignCurriculum(t.db, now, user.userKey, expired, {
      assignedDaysAgo: 60,
      startDaysAgo: 60,
      durationDays: 20,
    });
    student = await signIn(t, 'pilot');
    other = await signIn(t, 'nothing.assigned');
    otherLmsStudent = await browserFrom(
      t,
      await postLogin(t, 'elsewhere', TEST_PASSWORD, { 'x-lms-code': 'beta' }),
    );
  });
  afterAll(() => t.close());

  it('answers the tree with every §3 field, roll-ups and the prerequisite types', async () => {
    const response = await student.call(
      reportPath(student, '?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false'),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Report;
    expect(body.progressReport.map((c) => c.elementName)).toEqual([
      'Old Security',
      'Dangerous Goods',
    ]);
    const dg = body.progressReport[1]!;
    expect(dg.elementType).toBe('curriculum');
    expect(dg.elementDuration).toBe(30 * 24 * 3600 * 1000);
    expect(dg.elementAssignmentKey).toBeGreaterThan(0);
    // A failure code (below -1) of a lesson fails its topic, course and curriculum (§4).
    expect(dg.elementCompletion).toBe(-3);
    const [course1, course2] = dg.elementChildren;
    expect(course2!.elementPrerequisite).toBe(1);
    // showEmptyLeafs=false leaves out the chapter with no lessons.
    expect(course1!.elementChildren.map((t) => t.elementName)).toEqual(['Systems']);
    const [a, b, c] = course1!.elementChildren[0]!.elementChildren;
    expect(a).toMatchObject({
      elementType: 'lesson',
      elementCompletion: 1,
      elementScore: 88,
      elementAttempts: 2,
      elementTotalTime: 1_800_000,
      curriculumKey: dg.curriculumKey,
    });
    expect(a!.elementCompletionInstant).toBeGreaterThan(0);
    expect(a!.elementLastLaunchedInstant).toBeGreaterThan(0);
    expect(b).toMatchObject({ elementCompletion: -3, elementScore: 40 });
    expect(c).toMatchObject({
      elementPlayMode: 2,
      elementAttempts: 0,
      elementLocation: -1,
      elementSCOKey: -1,
      launchData: '{}',
    });
    expect(course1!.elementTotalTime).toBe(45 * 60_000);
    expect(body.prerequisiteTypes).toEqual([
      { prerequisiteName: 'None', prerequisiteKey: 0 },
      { prerequisiteName: 'PreviousCourse', prerequisiteKey: 1 },
      { prerequisiteName: 'AllPreviousCourses', prerequisiteKey: 2 },
    ]);
    expect(body.flaggedLeafAssignments).toHaveLength(3);
    expect(body.flaggedLeafAssignments[0]).toEqual({
      assignmentKey: expect.any(Number),
      leafKey: expect.any(Number),
    });
  });

  it('honours showExpired, withFlaggedAssignments and showEmptyLeafs', async () => {
    const body = (await (
      await student.call(reportPath(student, '?showExpired=false&showEmptyLeafs=true'))
    ).json()) as Report;
    expect(body.progressReport.map((c) => c.elementName)).toEqual(['Dangerous Goods']);
    expect(body.flaggedLeafAssignments).toEqual([]);
    expect(
      body.progressReport[0]!.elementChildren[0]!.elementChildren.map((t) => t.elementName),
    ).toEqual(['Systems', 'Empty chapter']);
  });

  it('serves the completion report path with the same tree', async () => {
    const response = await student.call(
      `/lms/api/progressreport/CompletionwithPrerequisites/${student.lmsKey}/${student.userKey}?showExpired=true`,
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as Report).progressReport).toHaveLength(2);
  });

  it("answers 404 'Nothing to report.' when nothing is assigned", async () => {
    const response = await other.call(reportPath(other));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Nothing to report.');
  });

  it("refuses another user's userKey and another LMS's lmsKey with 403, learning nothing", async () => {
    for (const path of [
      `/lms/api/progressreport/withPrerequisites/${other.lmsKey}/${student.userKey}`,
      `/lms/api/progressreport/withPrerequisites/${otherLmsStudent.lmsKey}/${other.userKey}`,
    ]) {
      const response = await other.call(path);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('Dangerous Goods');
    }
  });

  it('answers 401 without a session and 400 for malformed keys or flags', async () => {
    expect((await fetch(`${t.baseUrl}${reportPath(student)}`)).status).toBe(401);
    expect(
      (await student.call(`/lms/api/progressreport/withPrerequisites/${student.lmsKey}/abc`))
        .status,
    ).toBe(400);
    expect((await student.call(reportPath(student, '?showExpired=maybe'))).status).toBe(400);
  });

  it('lists the curriculum prerequisite types', async () => {
    const response = await student.call('/lms/api/CurriculumPrerequisiteTypes');
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(3);
  });

  it('runs the same number of queries whatever the size of the tree (no query per element)', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = t.db.withPlugin(counter);
    const options = { showExpired: true, withFlaggedAssignments: true, showEmptyLeafs: true };
    const now = t.clock.now().getTime();
    await buildProgressReport(
      { db: counted, state: t.app.deps.state },
      { userKey: student.userKey, lmsKey: student.lmsKey },
      now,
      options,
    );
    const small = queries;
    const big = await insertCurriculum(t.db, student.lmsKey, curriculum('Big', 6));
    await assignCurriculum(t.db, t.clock.now(), student.userKey, big, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: 90,
    });
    queries = 0;
    const report = await buildProgressReport(
      { db: counted, state: t.app.deps.state },
      { userKey: student.userKey, lmsKey: student.lmsKey },
      now,
      options,
    );
    expect(report!.progressReport).toHaveLength(3);
    expect(queries).toBe(small);
  });
});

describe('progress report compression', () => {
  let t: TestApp;
  let student: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db);
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const big = await insertCurriculum(t.db, lms.lmsKey, curriculum('Big', 8));
    await assignCurriculum(t.db, t.clock.now(), user.userKey, big, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: 90,
    });
    student = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('sends a large report gzipped to clients that accept it, and plain to others', async () => {
    const path = `/lms/api/progressreport/withPrerequisites/${student.lmsKey}/${student.userKey}`;
    const zipped = await student.call(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('accept-encoding');
    const fromZip = (await zipped.json()) as Report;
    const plain = await student.call(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()) as Report).toEqual(fromZip);
    expect(fromZip.progressReport[0]!.elementChildren).toHaveLength(8);
  });
});
