import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { assignCurriculum, insertCurriculum } from '../../db/seed/tree.js';
import { singleScoManifest2004, zipOf } from '../../test/launch.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

describe('prelaunch (§4 Lesson launch flow step 2; the server enforces the launch rules)', () => {
  let t: TestApp;
  let student: Browser;
  let other: Browser;
  const keys = new Map<
    string,
    { curriculumKey: number; assignmentKey: number; lessonKey: number }
  >();

  const prelaunch = (b: Browser, name: string) => {
    const k = keys.get(name)!;
    return b.call(
      `/lms/api/studentlaunch/prelaunch/ignored/${k.curriculumKey}/${k.lessonKey}/${k.assignmentKey}/?force=false`,
      { method: 'POST' },
    );
  };
  const refusal = async (b: Browser, name: string) => {
    const response = await prelaunch(b, name);
    return {
      status: response.status,
      errorMessage: ((await response.json()) as { errorMessage: string }).errorMessage,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha', enforceCurriculumPrerequisitesToggle: 1 });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    await buildUser(t.db, lms.lmsKey, { userId: 'other' });
    const package_ = await t.db
      .insertInto('contentPackage')
      .values({ lmsKey: lms.lmsKey, title: 'P', scormVersion: '1.2', storageFolder: 'p1' })
      .returning('packageKey')
      .executeTakeFirstOrThrow();
    const sco = await t.db
      .insertInto('sco')
      .values({
        packageKey: package_.packageKey,
        identifier: 'sco1',
        title: 'S',
        launchFile: 'index.html',
      })
      .returning('scoKey')
      .executeTakeFirstOrThrow();
    const curriculum = await insertCurriculum(t.db, lms.lmsKey, {
      name: 'Type Rating',
      description: '',
      courses: [
        {
          name: 'Ground School',
          topics: [
            {
              name: 'Systems',
              lessons: [
                { name: 'No content' },
                { name: 'With content' },
                { name: 'Exhausted', maxAttempts: 2, progress: { attempts: 2, completion: 0 } },
              ],
            },
            { name: 'Exam', prerequisite: 1, lessons: [{ name: 'After systems' }] },
          ],
        },
        {
          name: 'Simulator',
          prerequisiteKey: 1,
          topics: [
            {
              name: 'Sessions',
              lessons: [{ name: 'Locked course lesson' }, { name: 'Browse', playMode: 2 }],
            },
          ],
        },
      ],
    });
    await t.db
      .updateTable('lesson')
      .set({ scoKey: sco.scoKey })
      .where('lessonKey', '=', curriculum.lessons.get('With content')!.lessonKey)
      .execute();
    const assignmentKey = await assignCurriculum(t.db, t.clock.now(), user.userKey, curriculum, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: 30,
    });
    const expired = await insertCurriculum(t.db, lms.lmsKey, {
      name: 'Old',
      description: '',
      courses: [{ name: 'C', topics: [{ name: 'T', lessons: [{ name: 'Expired lesson' }] }] }],
    });
    const expiredAssignment = await assignCurriculum(t.db, t.clock.now(), user.userKey, expired, {
      assignedDaysAgo: 60,
      startDaysAgo: 60,
      durationDays: 10,
    });
    for (const [name, lesson] of curriculum.lessons)
      keys.set(name, {
        curriculumKey: curriculum.curriculumKey,
        assignmentKey,
        lessonKey: lesson.lessonKey,
      });
    keys.set('Expired lesson', {
      curriculumKey: expired.curriculumKey,
      assignmentKey: expiredAssignment,
      lessonKey: expired.lessons.get('Expired lesson')!.lessonKey,
    });
    student = await signIn(t, 'pilot');
    other = await signIn(t, 'other');
  });
  afterAll(() => t.close());

  it.each([
    [
      'No content',
      'This lesson has no content to play yet. Please contact your training department.',
    ],
    ['Exhausted', 'You have no attempts left for this lesson.'],
    ['After systems', 'This lesson is locked until you complete the prerequisites: Systems.'],
    ['Locked course lesson', 'This lesson is locked. Unlocks after completing: Ground School.'],
    ['Expired lesson', 'This assignment has expired, so its lessons can no longer be launched.'],
    ['Browse', 'This lesson has no content to play yet. Please contact your training department.'],
  ])('%s -> 403 with its errorMessage', async (name, message) => {
    expect(await refusal(student, name)).toEqual({ status: 403, errorMessage: message });
  });

  it('answers 200 with an empty errorMessage when every rule allows the launch', async () => {
    const response = await prelaunch(student, 'With content');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ errorMessage: '' });
  });

  it('lets an expired assignment past the expiry rule when allowExpiredAssignmentsToBeCompleted is above 0', async () => {
    await t.db
      .updateTable('lms')
      .set({ allowExpiredAssignmentsToBeCompleted: 1 })
      .where('lmsCode', '=', 'alpha')
      .execute();
    expect((await refusal(student, 'Expired lesson')).errorMessage).toContain('no content');
    await t.db
      .updateTable('lms')
      .set({ allowExpiredAssignmentsToBeCompleted: 0 })
      .where('lmsCode', '=', 'alpha')
      .execute();
  });

  it('ignores course prerequisites when the LMS does not enforce them', async () => {
    await t.db
      .updateTable('lms')
      .set({ enforceCurriculumPrerequisitesToggle: 0 })
      .where('lmsCode', '=', 'alpha')
      .execute();
    expect((await refusal(student, 'Locked course lesson')).errorMessage).toContain('no content');
    await t.db
      .updateTable('lms')
      .set({ enforceCurriculumPrerequisitesToggle: 1 })
      .where('lmsCode', '=', 'alpha')
      .execute();
  });

  it("answers 404 for another student's assignment, and 401/403 without session or XSRF", async () => {
    expect(await refusal(other, 'With content')).toEqual({
      status: 404,
      errorMessage: 'This lesson is not part of your assignments.',
    });
    const k = keys.get('With content')!;
    const path = `/lms/api/studentlaunch/prelaunch/ignored/${k.curriculumKey}/${k.lessonKey}/${k.assignmentKey}/?force=false`;
    expect((await fetch(`${t.baseUrl}${path}`, { method: 'POST' })).status).toBe(401);
    expect(
      (await student.call(path, { method: 'POST', headers: { 'x-xsrf-token': 'forged' } })).status,
    ).toBe(403);
    expect(
      (await student.call(`/lms/api/studentlaunch/prelaunch/ignored/x/1/1/`, { method: 'POST' }))
        .status,
    ).toBe(400);
  });
});

describe('a server with no content address', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('refuses the start-launch with a message naming CONTENT_ORIGIN', async () => {
    // The panel at a real host name, and no CONTENT_ORIGIN: lessons cannot be kept apart.
    t = await createTestApp({
      config: { publicUrl: 'https://lms.example.com', contentOrigin: null },
    });
    const lms = await buildLms(t.db, { lmsCode: 'beta' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'solo' });
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await zipOf({
        'imsmanifest.xml': singleScoManifest2004({ id: 'solo', title: 'Solo', lesson: 'Solo' }),
        'index.html': '<p>solo</p>',
      }),
      { lmsKey: lms.lmsKey, curriculum: 'Solo' },
    );
    const curriculumKey = imported.curriculum!.curriculumKey;
    const assignment = await t.db
      .insertInto('assignment')
      .values({ userKey: user.userKey, curriculumKey, startDate: t.clock.now() })
      .returning('assignmentKey')
      .executeTakeFirstOrThrow();
    const browser = await signIn(t, 'solo');
    const response = await browser.call('/lms/api/studentlaunch/', {
      method: 'POST',
      body: JSON.stringify({
        curriculumKey,
        elementKey: imported.lessons[0]!.lessonKey,
        assignmentKey: assignment.assignmentKey,
      }),
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { errorMessage: string }).errorMessage).toContain(
      'CONTENT_ORIGIN',
    );
  });
});
