import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import {
  launchLesson,
  playerApi,
  singleScoManifest2004,
  zipOf,
  type LaunchKeys,
  type PlayerHandle,
} from '../../test/launch.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { contentSetsNothingPackage } from '../../test/test-packages.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

// SN End Attempt Process (UP.4): a SCORM 2004 attempt that ends without a status from the content
// is completed and satisfied by the LMS, unless imsss:deliveryControls says the content sets them
// (completionSetByContent / objectiveSetByContent true); a suspended attempt has not ended.
describe('SCORM 2004 content that sets no status: its attempt ends as SN End Attempt Process says', () => {
  let t: TestApp;
  let pilot: Browser;
  const lessons = new Map<string, LaunchKeys>();

  const progressOf = async (identifier: string) => {
    const row = await t.db
      .selectFrom('lessonProgress')
      .select(['completion', 'credit', 'cmi'])
      .where('lessonKey', '=', lessons.get(identifier)!.lessonKey)
      .executeTakeFirstOrThrow();
    return { ...row, cmi: JSON.parse(row.cmi) as Record<string, string> };
  };
  /** Opens the lesson from the panel, following a redirect of the sequencer. */
  const open = async (identifier: string): Promise<PlayerHandle> => {
    const player = await launchLesson(t.baseUrl, pilot, lessons.get(identifier)!);
    const response = await playerApi(player).state();
    expect(response.status).toBe(200);
    const state = (await response.json()) as {
      sequencing?: { redirect?: { launchId: string; token: string } };
    };
    expect(state.sequencing?.redirect).toBeUndefined();
    return player;
  };
  /** The window's last commit: only what the SCO set (nothing, here), then the launch closes. */
  const end = async (player: PlayerHandle, cmi: Record<string, string> = {}) =>
    expect((await playerApi(player).commit(1, cmi, true)).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const deps = { db: t.db, storage: localContentStorage(t.config) };
    const into = (course: string) => ({ lmsKey: lms.lmsKey, curriculum: 'Silent', course });
    const imports = [
      await importScormPackage(deps, await contentSetsNothingPackage(false), into('By the LMS')),
      await importScormPackage(deps, await contentSetsNothingPackage(true), into('By content')),
      await importScormPackage(
        deps,
        await zipOf({
          'imsmanifest.xml': singleScoManifest2004({
            id: 'plain',
            title: 'Plain',
            lesson: 'Unsequenced',
          }),
          'index.html': '<!doctype html><title>plain</title>',
        }),
        into('Plain'),
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

  it('completionSetByContent and objectiveSetByContent false (the defaults): the ended attempt is completed and passed', async () => {
    await end(await open('silent-set-by-lms'));
    const progress = await progressOf('silent-set-by-lms');
    expect(progress).toMatchObject({ completion: 1, credit: 1 });
    expect(progress.cmi).toMatchObject({
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
    });
  });

  it('the same package without a sequencing element of its own (every 2004 SCO has the defaults)', async () => {
    await end(await open('plain-lesson'));
    expect(await progressOf('plain-lesson')).toMatchObject({ completion: 1, credit: 1 });
  });

  it('a suspended attempt has not ended: nothing is set', async () => {
    await end(await open('after-set-by-lms'), { 'cmi.exit': 'suspend' });
    const progress = await progressOf('after-set-by-lms');
    expect(progress).toMatchObject({ completion: 0, credit: 0 });
    expect(progress.cmi).not.toHaveProperty('cmi.completion_status');
  });

  it('completionSetByContent and objectiveSetByContent true: the content sets them, the LMS does not', async () => {
    await end(await open('silent-set-by-content'));
    const progress = await progressOf('silent-set-by-content');
    expect(progress).toMatchObject({ completion: 0, credit: 0 });
    expect(progress.cmi).not.toHaveProperty('cmi.completion_status');
    expect(progress.cmi).not.toHaveProperty('cmi.success_status');
  });

  it('a status the content set is its own: failed stays failed', async () => {
    const player = await open('after-set-by-content');
    await end(player, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'failed',
    });
    expect(await progressOf('after-set-by-content')).toMatchObject({ completion: -3, credit: -1 });
  });
});
