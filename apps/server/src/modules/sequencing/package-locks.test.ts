import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressElement } from '@waypoint/domain';
import { courseStatus } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import {
  launchLesson,
  playerApi,
  prelaunchPath,
  type LaunchKeys,
  type PlayerHandle,
} from '../../test/launch.js';
import {
  FORCED_ORDER,
  FORCED_SEQUENTIAL,
  HIDDEN_FROM_CHOICE,
  POST_TEST_ROLLUP,
  prerequisitesManifest12,
  sequencedPackage,
} from '../../test/sequencing-packages.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { buildZip } from '../../test/test-packages.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

interface Report {
  progressReport: ProgressElement[];
}

describe("the panel's report and launches follow the package's own locks (ADR 0007, Sequencing in the panel)", () => {
  let t: TestApp;
  let pilot: Browser;
  const lessons = new Map<string, LaunchKeys>();

  const report = async (path = 'withPrerequisites') => {
    const response = await pilot.call(
      `/lms/api/progressreport/${path}/${pilot.lmsKey}/${pilot.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Report;
  };
  const courseOf = async (name: string, path?: string) => {
    const curriculum = (await report(path)).progressReport[0]!;
    const course = curriculum.elementChildren.find((c) => c.elementName === name)!;
    return { curriculum, course };
  };
  /** Each lesson of a course by name: its package lock, none when the package holds it not back. */
  const locksOf = async (name: string) => {
    const { course } = await courseOf(name);
    return Object.fromEntries(
      course.elementChildren
        .flatMap((topic) => topic.elementChildren)
        .map((lesson) => [lesson.elementName, lesson.elementPackageLock ?? null]),
    );
  };
  const prelaunch = (id: string) => pilot.call(prelaunchPath(lessons.get(id)!), { method: 'POST' });
  /** A launch from the panel, opened by the player (the sequencer delivers it). */
  const open = async (id: string) => {
    const player = await launchLesson(t.baseUrl, pilot, lessons.get(id)!);
    const response = await playerApi(player).state();
    expect(response.status).toBe(200);
    const state = (await response.json()) as { lessonName: string; sequencing?: object };
    return { player, state };
  };
  const commitFinal = async (player: PlayerHandle, cmi: Record<string, string>) =>
    expect((await playerApi(player).commit(1, cmi, true)).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const deps = { db: t.db, storage: localContentStorage(t.config) };
    const into = (course: string) => ({ lmsKey: lms.lmsKey, curriculum: 'Sequencing', course });
    const html = '<!doctype html><title>x</title>';
    const imports = [
      await importScormPackage(
        deps,
        await sequencedPackage('Order', FORCED_ORDER.items, FORCED_ORDER),
        into('Order'),
      ),
      await importScormPackage(
        deps,
        await sequencedPackage('Hidden', HIDDEN_FROM_CHOICE.items, HIDDEN_FROM_CHOICE),
        into('Hidden'),
      ),
      await importScormPackage(
        deps,
        await sequencedPackage('Flow', FORCED_SEQUENTIAL.items, FORCED_SEQUENTIAL),
        into('Flow'),
      ),
      await importScormPackage(
        deps,
        await sequencedPackage('Post', POST_TEST_ROLLUP.items, POST_TEST_ROLLUP),
        into('Post'),
      ),
      await importScormPackage(
        deps,
        await buildZip({
          'imsmanifest.xml': prerequisitesManifest12(),
          'l1.html': html,
          'l2.html': html,
          't.html': html,
        }),
        into('Prereq'),
      ),
    ];
    const curriculumKey = imports[0]!.curriculum!.curriculumKey;
    const { assignmentKey } = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey,
      startDate: t.clock.now(),
    });
    for (const lesson of imports.flatMap((imported) => imported.lessons)) {
      lessons.set(lesson.identifier, { curriculumKey, lessonKey: lesson.lessonKey, assignmentKey });
    }
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('forced order: the later lessons are locked, naming what they wait for, until the first one completes', async () => {
    expect(await locksOf('Order')).toEqual({
      Briefing: null,
      Walkaround: { locked: true, hidden: false, waitsFor: ['Briefing'] },
      'Check ride': { locked: true, hidden: false, waitsFor: ['Briefing', 'Walkaround'] },
    });
    const brief = await open('brief');
    expect(brief.state.lessonName).toBe('Briefing');
    // Opened, not finished: still locked.
    expect((await locksOf('Order')).Walkaround?.locked).toBe(true);
    // Completed, and the window closed without a navigation request.
    await commitFinal(brief.player, { 'cmi.completion_status': 'completed' });
    expect(await locksOf('Order')).toEqual({
      Briefing: null,
      Walkaround: null,
      'Check ride': { locked: true, hidden: false, waitsFor: ['Walkaround'] },
    });
    const walk = await open('walk');
    expect(walk.state.lessonName).toBe('Walkaround');
    expect(walk.state.sequencing).not.toHaveProperty('redirect');
  });

  it('a launch from the panel of a lesson the sequencer disables is refused and launches nothing', async () => {
    const before = await t.db.selectFrom('launch').select('launchId').execute();
    const refused = await prelaunch('ride');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(
      'This lesson is locked until you complete the prerequisites: Walkaround.',
    );
    const start = await pilot.call('/lms/api/studentlaunch/', {
      method: 'POST',
      body: JSON.stringify({
        curriculumKey: lessons.get('ride')!.curriculumKey,
        elementKey: lessons.get('ride')!.lessonKey,
        assignmentKey: lessons.get('ride')!.assignmentKey,
      }),
    });
    expect(start.status).toBe(403);
    expect(await t.db.selectFrom('launch').select('launchId').execute()).toHaveLength(
      before.length,
    );
  });

  it('an item hidden from choice is not listed (and not launchable)', async () => {
    expect(await locksOf('Hidden')).toEqual({
      Guide: null,
      'Answer key': { locked: true, hidden: true, waitsFor: ['Guide'] },
      Quiz: null,
    });
    expect((await prelaunch('key')).status).toBe(403);
  });

  it('a flow-only package (choice off) lists one entry that starts, then resumes, the course', async () => {
    const hidden = (waitsFor: string[]) => ({ locked: true, hidden: true, waitsFor });
    expect(await locksOf('Flow')).toEqual({
      Introduction: null,
      Systems: hidden(['Introduction']),
      Exam: hidden(['Introduction']),
    });
    const intro = await open('intro');
    await commitFinal(intro.player, { 'cmi.completion_status': 'completed' });
    const version = () =>
      t.db
        .selectFrom('reportVersion')
        .select('version')
        .where('userKey', '=', pilot.userKey)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.version));
    const before = await version();
    const next = await fetch(
      `${intro.player.contentOrigin}/player-api/${intro.player.launchId}/navigate`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: intro.player.token,
          lessonKey: lessons.get('intro')!.lessonKey,
          request: 'continue',
        }),
      },
    );
    expect(next.status).toBe(200);
    // A sequencing step alone changes the report: other instances see it (migration 0016).
    expect(await version()).toBeGreaterThan(before);
    // The sequencer delivered Systems: the one entry resumes there.
    expect(await locksOf('Flow')).toEqual({
      Introduction: { locked: true, hidden: true, waitsFor: [] },
      Systems: null,
      Exam: hidden(['Systems']),
    });
    expect((await prelaunch('intro')).status).toBe(403);
    expect((await prelaunch('systems')).status).toBe(200);
  });

  it('post-test rollup: the passed post test alone completes and satisfies the course in the report and the Completion Report', async () => {
    const before = (await courseOf('Post')).course;
    expect(before.elementSequencingRollup).toEqual({
      completed: null,
      satisfied: null,
      measure: null,
    });
    expect(before.elementCompletion).toBe(0);
    const post = await open('post-test');
    await commitFinal(post.player, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.9',
    });
    for (const path of ['withPrerequisites', 'CompletionwithPrerequisites']) {
      const { curriculum, course } = await courseOf('Post', path);
      expect(course.elementSequencingRollup).toEqual({
        completed: true,
        satisfied: true,
        measure: 0.9,
      });
      expect(course.elementCompletion).toBe(1);
      expect(course.elementScore).toBe(0.9);
      expect(course.elementCompletionInstant).toBeGreaterThan(0);
      // The content lessons were never opened: 'all lessons complete' would say Incomplete.
      expect(course.elementChildren[0]!.elementChildren[0]!.elementAttempts).toBe(0);
      expect(courseStatus(course, curriculum.elementCompletion)).toBe('Complete');
    }
  });

  it('SCORM 1.2 prerequisites: locked in the report and refused at pre-launch until the named lessons complete', async () => {
    expect(await locksOf('Prereq')).toEqual({
      'Lesson one': null,
      'Lesson two': { locked: true, hidden: false, waitsFor: ['Lesson one'] },
      Test: { locked: true, hidden: false, waitsFor: ['Lesson one', 'Lesson two'] },
    });
    expect((await prelaunch('l2')).status).toBe(403);
    const l1 = await launchLesson(t.baseUrl, pilot, lessons.get('l1')!);
    expect((await playerApi(l1).state()).status).toBe(200);
    await commitFinal(l1, { 'cmi.core.lesson_status': 'completed' });
    expect(await locksOf('Prereq')).toEqual({
      'Lesson one': null,
      'Lesson two': null,
      Test: { locked: true, hidden: false, waitsFor: ['Lesson two'] },
    });
    expect((await prelaunch('l2')).status).toBe(200);
  });
});
