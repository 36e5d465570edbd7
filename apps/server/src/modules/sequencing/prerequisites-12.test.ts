import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { launchLesson, playerApi, type LaunchKeys, type PlayerHandle } from '../../test/launch.js';
import { prerequisitesManifest12 } from '../../test/sequencing-packages.js';
import { buildZip } from '../../test/test-packages.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

interface State {
  lessonName: string;
  siblings: { lessonKey: number; identifier: string; launchable: boolean }[];
}

describe('SCORM 1.2 adlcp:prerequisites are lesson prerequisites in the player (CAM 2.3.2.5.1)', () => {
  let t: TestApp;
  let pilot: Browser;
  const lessons = new Map<string, LaunchKeys>();
  const stateOf = async (player: PlayerHandle) =>
    (await (await playerApi(player).state()).json()) as State;
  const navigate = (player: PlayerHandle, lessonKey: number) =>
    fetch(`${player.contentOrigin}/player-api/${player.launchId}/navigate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: player.token, lessonKey }),
    });
  const launchable = (state: State) =>
    Object.fromEntries(state.siblings.map((s) => [s.identifier, s.launchable]));

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const html = '<!doctype html><title>x</title>';
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await buildZip({
        'imsmanifest.xml': prerequisitesManifest12(),
        'l1.html': html,
        'l2.html': html,
        't.html': html,
      }),
      { lmsKey: lms.lmsKey, curriculum: 'Prereq', course: 'Prereq' },
    );
    const curriculumKey = imported.curriculum!.curriculumKey;
    const { assignmentKey } = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey,
      startDate: t.clock.now(),
    });
    for (const lesson of imported.lessons) {
      lessons.set(lesson.identifier, { curriculumKey, lessonKey: lesson.lessonKey, assignmentKey });
    }
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('offers a lesson only once the items its prerequisites name are passed or completed', async () => {
    const player = await launchLesson(t.baseUrl, pilot, lessons.get('l1')!);
    expect(launchable(await stateOf(player))).toEqual({ l1: true, l2: false, t: false });
    const refused = await navigate(player, lessons.get('l2')!.lessonKey);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('prerequisites');

    expect(
      (await playerApi(player).commit(1, { 'cmi.core.lesson_status': 'completed' }, true)).status,
    ).toBe(200);
    const moved = await navigate(player, lessons.get('l2')!.lessonKey);
    expect(moved.status).toBe(200);
    const next = (await moved.json()) as { launchId: string; token: string };
    const l2 = await stateOf({ ...player, ...next });
    expect(l2.lessonName).toBe('Lesson two');
    // The test needs both lessons: l2 is only started.
    expect(launchable(l2)).toEqual({ l1: true, l2: true, t: false });
  });
});
