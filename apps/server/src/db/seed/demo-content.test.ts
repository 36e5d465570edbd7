import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { launchLesson, playerApi } from '../../test/launch.js';
import { signIn } from '../../test/sign-in.js';
import { contentStorageOn } from '../../modules/content/storage.js';
import { DEMO_ATTACHMENTS, DEMO_LESSONS_WITHOUT_CONTENT } from './demo-content.js';
import { DEMO_PACKAGES } from './demo-packages.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

/** What the player's state call answers (the fields this test reads). */
interface PlayerStateBody {
  contentUrl: string;
  lessonName: string;
  cmi: Record<string, string>;
}

describe("demo content: imported into the demo training provider by the seed, and attached to the demo curricula's lessons", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { storage: contentStorageOn(t.app.deps.storage) })).toBe(true);
  });
  afterAll(() => t.close());

  /** Every lesson of `student`'s assignments, with the keys a launch needs. */
  const studentLessons = () =>
    t.db
      .selectFrom('appUser as u')
      .innerJoin('assignment as a', 'a.userKey', 'u.userKey')
      .innerJoin('curriculum as cu', 'cu.curriculumKey', 'a.curriculumKey')
      .innerJoin('course as co', 'co.curriculumKey', 'cu.curriculumKey')
      .innerJoin('topic as t', 't.courseKey', 'co.courseKey')
      .innerJoin('lesson as l', 'l.topicKey', 't.topicKey')
      .leftJoin('sco as s', 's.scoKey', 'l.scoKey')
      .where('u.userId', '=', 'student')
      .select([
        'cu.name as curriculum',
        'cu.curriculumKey',
        'a.assignmentKey',
        'l.lessonKey',
        'l.name as lesson',
        'l.scoKey',
        's.identifier',
      ])
      .orderBy('l.lessonKey')
      .execute();

  it('imports each demo package once, as its SCORM version, with its files in storage', async () => {
    const packages = await t.db
      .selectFrom('contentPackage')
      .select(['title', 'scormVersion', 'storageFolder'])
      .execute();
    expect(packages.map((p) => [p.title, p.scormVersion]).sort()).toEqual(
      DEMO_PACKAGES.map((p) => [p.title, p.version]).sort(),
    );
    for (const { storageFolder } of packages) {
      const manifest = path.join(t.config.dataDir, 'content', storageFolder, 'imsmanifest.xml');
      expect((await stat(manifest)).isFile()).toBe(true);
    }
  });

  it('gives every demo lesson content, but the ones left without it on purpose (§4 "launchable if it has a content key")', async () => {
    const lessons = await studentLessons();
    expect(lessons.length).toBe(33);
    const without = lessons
      .filter((l) => l.scoKey === null)
      .map((l) => ({ curriculum: l.curriculum, lesson: l.lesson }));
    expect(without).toEqual([...DEMO_LESSONS_WITHOUT_CONTENT]);
    // Each attachment names one seeded lesson, and each lesson is attached once.
    const attached = DEMO_ATTACHMENTS.map((a) => `${a.curriculum} / ${a.lesson}`);
    expect(new Set(attached).size).toBe(attached.length);
    expect(attached.length + DEMO_LESSONS_WITHOUT_CONTENT.length).toBe(lessons.length);
  });

  it.each(DEMO_ATTACHMENTS.map((a) => [a.lesson, a] as const))(
    '%s plays its SCO',
    async (_name, attachment) => {
      const lesson = await t.db
        .selectFrom('lesson as l')
        .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
        .select(['s.identifier', 'l.scoreWeight', 'l.minScorePass', 'l.scorable'])
        .where('l.name', '=', attachment.lesson)
        .executeTakeFirstOrThrow();
      expect(lesson.identifier).toBe(attachment.item);
      if (attachment.scored) {
        expect(lesson).toMatchObject({
          scorable: 1,
          scoreWeight: 100,
          minScorePass: attachment.scored.minScorePass,
        });
      }
    },
  );

  it("every demo lesson's content opens in the player: its launch file, and the files that page loads, answer 200", async () => {
    // Locks, expiry and used attempts are the course details' business (the e2e test reads their
    // reasons on the rows): lifted here so that every package is launched through the real flow.
    const demo = await t.db
      .updateTable('lms')
      .set({ enforceCurriculumPrerequisitesToggle: 0, allowExpiredAssignmentsToBeCompleted: 1 })
      .where('lmsCode', '=', 'demo')
      .returning('lmsKey')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('topic').set({ prerequisite: 0 }).execute();
    await t.db.updateTable('lesson').set({ prerequisite: 0, maxAttempts: 0 }).execute();
    expect(demo.lmsKey).toBeGreaterThan(0);

    const student = await signIn(t, 'student', DEMO_PASSWORD);
    const launched: string[] = [];
    for (const lesson of await studentLessons()) {
      if (lesson.scoKey === null) continue;
      const player = await launchLesson(
        t.baseUrl,
        student,
        {
          curriculumKey: lesson.curriculumKey,
          lessonKey: lesson.lessonKey,
          assignmentKey: lesson.assignmentKey,
        },
        { force: true },
      );
      const stateResponse = await playerApi(player).state();
      expect(stateResponse.status, lesson.lesson).toBe(200);
      const state = (await stateResponse.json()) as PlayerStateBody;
      expect(state.lessonName).toBe(lesson.lesson);
      const page = await fetch(`${player.contentOrigin}${state.contentUrl}`);
      expect(page.status, `${lesson.lesson}: ${state.contentUrl}`).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      // The scripts and style sheets the page loads, relative to it.
      const references = [
        ...html.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g),
      ];
      expect(references.length).toBeGreaterThanOrEqual(2);
      for (const [, reference] of references) {
        const url = new URL(reference!, `${player.contentOrigin}${state.contentUrl}`);
        const file = await fetch(url);
        expect(file.status, `${lesson.lesson}: ${reference}`).toBe(200);
        // Read the body: an unread one keeps its connection busy, and the app's close waits for it.
        await file.arrayBuffer();
      }
      // A reading lesson or knowledge check finds its own text by its item's launch data.
      const attachment = DEMO_ATTACHMENTS.find(
        (a) => a.curriculum === lesson.curriculum && a.lesson === lesson.lesson,
      )!;
      if (
        attachment.packageId === 'reading-lessons' ||
        attachment.packageId === 'knowledge-checks'
      ) {
        expect(`item-${state.cmi['cmi.launch_data']}`).toBe(attachment.item);
      }
      launched.push(lesson.lesson);
    }
    expect(launched.length).toBe(DEMO_ATTACHMENTS.length);
    // Some thirty launches through the whole flow: more than the default on a busy machine.
  }, 120_000);
});
