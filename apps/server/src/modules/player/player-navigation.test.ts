import type { CommitAnswer, PlayerState } from '@waypoint/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { launchLesson, playerApi, type LaunchKeys, type PlayerHandle } from '../../test/launch.js';
import { FORWARD_ONLY, GUIDED, presentationPackage } from '../../test/navigation-packages.js';
import {
  FORCED_ORDER,
  FORCED_SEQUENTIAL,
  sequencedPackage,
} from '../../test/sequencing-packages.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

/**
 * The player shows only the navigation the sequencer would honour (SN NB.2.1) and hides the LMS
 * controls an activity asks it to (CAM adlnav:hideLMSUI), over real HTTP.
 */

describe('the player follows the package: valid Previous / Next, refusals with a reason, hideLMSUI', () => {
  let t: TestApp;
  let pilot: Browser;
  const lessons = new Map<string, LaunchKeys>();

  const stateOf = async (player: PlayerHandle) => {
    const response = await playerApi(player).state();
    expect(response.status).toBe(200);
    return (await response.json()) as PlayerState;
  };
  const open = async (identifier: string) => {
    const player = await launchLesson(t.baseUrl, pilot, lessons.get(identifier)!);
    return { player, state: await stateOf(player) };
  };
  const navigate = (player: PlayerHandle, identifier: string, request?: string) =>
    fetch(`${player.contentOrigin}/player-api/${player.launchId}/navigate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: player.token,
        lessonKey: lessons.get(identifier)!.lessonKey,
        ...(request ? { request } : {}),
      }),
    });
  /** Navigates and opens the launch the server answered with. */
  const follow = async (player: PlayerHandle, identifier: string, request: string) => {
    const response = await navigate(player, identifier, request);
    expect(response.status).toBe(200);
    const next = { ...player, ...((await response.json()) as { launchId: string; token: string }) };
    return { player: next, state: await stateOf(next) };
  };
  const messageOf = async (response: Response) =>
    ((await response.json()) as { message: string }).message;
  const stateRow = (course: string) =>
    t.db
      .selectFrom('sequencingState as ss')
      .innerJoin('course as c', 'c.courseKey', 'ss.courseKey')
      .select(['ss.state', 'ss.ended'])
      .where('c.name', '=', course)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const deps = { db: t.db, storage: localContentStorage(t.config) };
    const to = (course: string) => ({ lmsKey: lms.lmsKey, curriculum: 'Navigation', course });
    const imported = [
      await importScormPackage(
        deps,
        await sequencedPackage('Forward', FORWARD_ONLY.items, FORWARD_ONLY),
        to('Forward'),
      ),
      await importScormPackage(
        deps,
        await sequencedPackage('Forced', FORCED_SEQUENTIAL.items, FORCED_SEQUENTIAL),
        to('Forced'),
      ),
      await importScormPackage(
        deps,
        await sequencedPackage('Order', FORCED_ORDER.items, FORCED_ORDER),
        to('Order'),
      ),
      await importScormPackage(
        deps,
        await presentationPackage('Guided', GUIDED.items, GUIDED.hide, GUIDED),
        to('Guided'),
      ),
      // No imsss:sequencing anywhere: the SCOs are free-standing lessons, hideLMSUI still counts.
      await importScormPackage(
        deps,
        await presentationPackage(
          'Plain',
          [
            { id: 'plain-1', title: 'Plain one' },
            { id: 'plain-2', title: 'Plain two' },
          ],
          { 'plain-1': ['exit', 'exitAll', 'bogus'] },
        ),
        to('Plain'),
      ),
    ];
    const curriculumKey = imported[0]!.curriculum!.curriculumKey;
    const { assignmentKey } = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey,
      startDate: t.clock.now(),
    });
    for (const lesson of imported.flatMap((result) => result.lessons)) {
      lessons.set(lesson.identifier, { curriculumKey, lessonKey: lesson.lessonKey, assignmentKey });
    }
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('forward only: Previous is never offered, Next is not at the last lesson; each says why', async () => {
    const first = await open('fw-1');
    expect(first.state.lessonName).toBe('Forward one');
    expect(first.state.sequencing).toMatchObject({ continue: true, previous: false });
    expect(first.state.sequencing?.continueRefused).toBeUndefined();
    expect(first.state.sequencing?.previousRefused).toMatch(/only goes forward/);
    // The runtime's request_valid and the buttons read the same answer: no hideLMSUI here.
    expect(first.state.hideLmsUi).toBeUndefined();

    const second = await follow(first.player, 'fw-1', 'continue');
    expect(second.state.lessonName).toBe('Forward two');
    expect(second.state.sequencing).toMatchObject({ continue: true, previous: false });

    // A refused Previous is answered with why, and leaves the attempt as it was.
    const before = await stateRow('Forward');
    const back = await navigate(second.player, 'fw-2', 'previous');
    expect(back.status).toBe(409);
    expect(await messageOf(back)).toMatch(/only goes forward/);
    expect(await stateRow('Forward')).toEqual(before);
    // The window may still carry on: Next still works.
    const third = await follow(second.player, 'fw-2', 'continue');
    expect(third.state.lessonName).toBe('Forward three');
    expect(third.state.sequencing).toMatchObject({ continue: false, previous: false });
    expect(third.state.sequencing?.continueRefused).toBe(
      'This is the last lesson of the course: there is no next lesson.',
    );

    // A continue from the last lesson (the SCO's own request) still ends the course, as SN says.
    const past = await navigate(third.player, 'fw-3', 'continue');
    expect(past.status).toBe(409);
    expect(await messageOf(past)).toMatch(/left the course/);
    expect((await stateRow('Forward')).ended).toBe(true);
  });

  it('flow without forward only: Previous is not offered at the first lesson, and is at the second', async () => {
    const intro = await open('intro');
    expect(intro.state.sequencing).toMatchObject({ continue: true, previous: false });
    expect(intro.state.sequencing?.previousRefused).toBe(
      'This is the first lesson of the course: there is no previous lesson.',
    );
    const refused = await navigate(intro.player, 'intro', 'previous');
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(
      'This is the first lesson of the course: there is no previous lesson.',
    );
    const systems = await follow(intro.player, 'intro', 'continue');
    expect(systems.state.sequencing).toMatchObject({ continue: true, previous: true });
    expect(systems.state.sequencing?.previousRefused).toBeUndefined();
  });

  it('a precondition holds Next back; each commit the sequencer reads says where Next stands', async () => {
    const brief = await open('brief');
    expect(brief.state.lessonName).toBe('Briefing');
    expect(brief.state.sequencing).toMatchObject({ previous: false });
    expect(brief.state.sequencing?.previousRefused).toBe(
      'This is the first lesson of the course: there is no previous lesson.',
    );

    const api = playerApi(brief.player);
    // What the sequencer does not read (a bookmark) changes nothing: no navigation in the answer.
    const bookmark = await api.commit(1, { 'cmi.location': 'p1' });
    expect(bookmark.status).toBe(200);
    expect(((await bookmark.json()) as CommitAnswer).navigation).toBeUndefined();
    // Failed: the Walkaround's precondition (the briefing's global objective satisfied) is not met.
    const failed = await api.commit(2, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'failed',
    });
    expect(failed.status).toBe(200);
    expect(((await failed.json()) as CommitAnswer).navigation).toEqual({
      continue: false,
      previous: false,
      continueRefused: "The course's sequencing rules do not allow the next lesson yet.",
      previousRefused: 'This is the first lesson of the course: there is no previous lesson.',
    });
    const before = await stateRow('Order');
    const refused = await navigate(brief.player, 'brief', 'continue');
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(
      "The course's sequencing rules do not allow the next lesson yet.",
    );
    expect(await stateRow('Order')).toEqual(before);

    const passed = await api.commit(3, { 'cmi.success_status': 'passed' });
    expect(passed.status).toBe(200);
    expect(((await passed.json()) as CommitAnswer).navigation).toEqual({
      continue: true,
      previous: false,
      previousRefused: 'This is the first lesson of the course: there is no previous lesson.',
    });
    const walk = await follow(brief.player, 'brief', 'continue');
    expect(walk.state.lessonName).toBe('Walkaround');
  });

  it('hideLMSUI: the delivered activity hides Previous and Next; the next one hides nothing', async () => {
    const guided = await open('guided');
    expect(guided.state.lessonName).toBe('Guided tour');
    expect(guided.state.hideLmsUi).toEqual(['continue', 'previous']);
    // Hiding a control is not refusing the request: the content's own Next still works.
    expect(guided.state.sequencing?.continue).toBe(true);
    const after = await follow(guided.player, 'guided', 'continue');
    expect(after.state.lessonName).toBe('After the tour');
    expect(after.state.hideLmsUi).toBeUndefined();
  });

  it('hideLMSUI in a package without sequencing: only the values SCORM defines', async () => {
    const plain = await open('plain-1');
    expect(plain.state.sequencing).toBeUndefined();
    expect(plain.state.hideLmsUi).toEqual(['exit', 'exitAll']);
    expect(plain.state.siblings.map((sibling) => sibling.launchable)).toEqual([true, true]);
  });
});
