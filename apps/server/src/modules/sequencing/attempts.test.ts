import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  CHOICE_WITH_DISABLED_EXAM,
  FORCED_SEQUENTIAL,
  POST_TEST_ROLLUP,
  sequencedPackage,
} from '../../test/sequencing-packages.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

interface State {
  lessonName: string;
  cmi: Record<string, string>;
  siblings: {
    lessonKey: number;
    identifier: string;
    current: boolean;
    launchable: boolean;
    hidden?: boolean;
  }[];
  sequencing?: {
    continue: boolean;
    previous: boolean;
    choice: boolean;
    redirect?: { launchId: string; token: string };
  };
}

describe('SCORM 2004 sequencing through the player API (SN book, driven by the engine on the server)', () => {
  let t: TestApp;
  let pilot: Browser;
  const lessons = new Map<string, LaunchKeys>();

  const stateOf = async (player: PlayerHandle) => {
    const response = await playerApi(player).state();
    expect(response.status).toBe(200);
    return (await response.json()) as State;
  };
  /** A launch from the panel; a redirect from the sequencer is followed as the player does. */
  const open = async (name: string) => {
    let player = await launchLesson(t.baseUrl, pilot, lessons.get(name)!);
    let state = await stateOf(player);
    const redirect = state.sequencing?.redirect;
    if (redirect) {
      player = { ...player, launchId: redirect.launchId, token: redirect.token };
      state = await stateOf(player);
    }
    return { player, state, redirected: redirect !== undefined };
  };
  const navigate = async (player: PlayerHandle, lessonKey: number, request?: string) => {
    const response = await fetch(`${player.contentOrigin}/player-api/${player.launchId}/navigate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: player.token, lessonKey, ...(request ? { request } : {}) }),
    });
    return response;
  };
  const offered = (state: State) =>
    state.siblings.filter((s) => s.launchable && !s.current && !s.hidden).map((s) => s.identifier);

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const deps = { db: t.db, storage: localContentStorage(t.config) };
    const forced = await importScormPackage(
      deps,
      await sequencedPackage('Forced', FORCED_SEQUENTIAL.items, FORCED_SEQUENTIAL),
      { lmsKey: lms.lmsKey, curriculum: 'Sequencing', course: 'Forced' },
    );
    const choice = await importScormPackage(
      deps,
      await sequencedPackage('Choice', CHOICE_WITH_DISABLED_EXAM.items, CHOICE_WITH_DISABLED_EXAM),
      { lmsKey: lms.lmsKey, curriculum: 'Sequencing', course: 'Choice' },
    );
    const post = await importScormPackage(
      deps,
      await sequencedPackage('Post', POST_TEST_ROLLUP.items, POST_TEST_ROLLUP),
      { lmsKey: lms.lmsKey, curriculum: 'Sequencing', course: 'Post' },
    );
    const curriculumKey = forced.curriculum!.curriculumKey;
    const { assignmentKey } = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey,
      startDate: t.clock.now(),
    });
    for (const lesson of [...forced.lessons, ...choice.lessons, ...post.lessons]) {
      lessons.set(lesson.identifier, { curriculumKey, lessonKey: lesson.lessonKey, assignmentKey });
    }
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('forced sequential: the panel cannot launch the exam; the introduction opens with Next only, no list', async () => {
    // The panel's launch goes through the sequencer: a flow-only package starts at its entry.
    const refused = await pilot.call(prelaunchPath(lessons.get('exam')!), { method: 'POST' });
    expect(refused.status).toBe(403);
    const exam = await open('intro');
    expect(exam.redirected).toBe(false);
    expect(exam.state.lessonName).toBe('Introduction');
    expect(exam.state.sequencing).toMatchObject({ continue: true, previous: false, choice: false });
    expect(offered(exam.state)).toEqual([]);
    // The exam launch never opened: no progress for it.
    const examProgress = await t.db
      .selectFrom('lessonProgress')
      .select('attempts')
      .where('lessonKey', '=', lessons.get('exam')!.lessonKey)
      .executeTakeFirst();
    expect(examProgress).toBeUndefined();

    const api = playerApi(exam.player);
    expect((await api.commit(1, { 'cmi.completion_status': 'completed' }, true)).status).toBe(200);
    // A choice of the exam is refused by the sequencer; continue goes to Systems.
    const choice = await navigate(exam.player, lessons.get('exam')!.lessonKey);
    expect(choice.status).toBe(409);
    expect(((await choice.json()) as { message: string }).message).toContain('does not allow');
    const next = await navigate(exam.player, lessons.get('intro')!.lessonKey, 'continue');
    expect(next.status).toBe(200);
    const { launchId, token } = (await next.json()) as { launchId: string; token: string };
    const systems = await stateOf({ ...exam.player, launchId, token });
    expect(systems.lessonName).toBe('Systems');
    expect(systems.sequencing).toMatchObject({ continue: true, previous: true, choice: false });
  });

  it('choice with a precondition: the final exam is disabled until Reading A satisfies the shared global objective', async () => {
    const a = await open('read-a');
    expect(a.redirected).toBe(false);
    expect(a.state.sequencing?.choice).toBe(true);
    expect(offered(a.state)).toEqual(['read-b']);
    const api = playerApi(a.player);
    expect(
      (
        await api.commit(
          1,
          {
            'cmi.completion_status': 'completed',
            'cmi.success_status': 'passed',
            'cmi.score.scaled': '0.9',
          },
          true,
        )
      ).status,
    ).toBe(200);
    const toB = await navigate(a.player, lessons.get('read-b')!.lessonKey);
    expect(toB.status).toBe(200);
    const b = (await toB.json()) as { launchId: string; token: string };
    const bState = await stateOf({ ...a.player, ...b });
    expect(bState.lessonName).toBe('Reading B');
    expect(offered(bState).sort()).toEqual(['final', 'read-a']);
  });

  it('post-test rollup: exitAll after a passed post test leaves the course completed and satisfied, stored per attempt', async () => {
    const test = await open('post-test');
    expect(test.redirected).toBe(false);
    const api = playerApi(test.player);
    const passed = {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.9',
    };
    expect((await api.commit(1, passed, true)).status).toBe(200);
    const left = await navigate(test.player, lessons.get('post-test')!.lessonKey, 'exitAll');
    expect(left.status).toBe(409);
    expect(((await left.json()) as { message: string }).message).toContain('left the course');
    const row = await t.db
      .selectFrom('sequencingState as ss')
      .innerJoin('course as c', 'c.courseKey', 'ss.courseKey')
      .select(['ss.attempt', 'ss.ended', 'ss.rollupCompleted', 'ss.rollupSatisfied'])
      .where('c.name', '=', 'Post')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempt: 1, ended: true, rollupCompleted: true, rollupSatisfied: true });
  });
});
