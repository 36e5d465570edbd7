import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressElement } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import {
  launchLesson,
  playerApi,
  prelaunchPath,
  type LaunchKeys,
  type PlayerHandle,
} from '../../test/launch.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import {
  fiveYearLimitPackage,
  invisibleWrapperPackage,
  noScoreRollupPackage,
  randomSelectionPackage,
} from '../../test/test-packages.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

interface State {
  lessonName: string;
  cmi: Record<string, string>;
  siblings: { identifier: string; current: boolean; launchable: boolean; hidden?: boolean }[];
  sequencing?: { choice: boolean; redirect?: { launchId: string; token: string } };
}

const POOL = ['pool-a', 'pool-b', 'pool-c', 'pool-d'];

// Every valid sequenced package starts (SN book; ADR 0007, Sequencing in the panel): each case
// is a package written for it, imported, assigned and played over HTTP as the panel and the
// player do.
describe('sequenced packages that must start: invisible wrapper, duration limits, random selection, no score rollup', () => {
  let t: TestApp;
  let pilot: Browser;
  const lessons = new Map<string, LaunchKeys>();
  const lessonNames = new Map<string, string>();

  const report = async () => {
    const response = await pilot.call(
      `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { progressReport: ProgressElement[] }).progressReport;
  };
  const courseOf = async (name: string) =>
    (await report())[0]!.elementChildren.find((course) => course.elementName === name)!;
  /** Each lesson of a course by name: its package lock, null when the package holds it not back. */
  const locksOf = async (name: string) =>
    Object.fromEntries(
      (await courseOf(name)).elementChildren
        .flatMap((topic) => topic.elementChildren)
        .map((lesson) => [lesson.elementName, lesson.elementPackageLock ?? null]),
    );
  const stateOf = async (player: PlayerHandle) => {
    const response = await playerApi(player).state();
    expect(response.status).toBe(200);
    return (await response.json()) as State;
  };
  /** A launch from the panel; a redirect from the sequencer is followed as the player does. */
  const open = async (identifier: string) => {
    let player = await launchLesson(t.baseUrl, pilot, lessons.get(identifier)!);
    let state = await stateOf(player);
    const redirect = state.sequencing?.redirect;
    if (redirect) {
      player = { ...player, ...redirect };
      state = await stateOf(player);
    }
    return { player, state, redirected: redirect !== undefined };
  };
  /** A navigation request from the player: the next launch, or null when none was delivered. */
  const navigate = async (player: PlayerHandle, identifier: string, request?: string) => {
    const response = await fetch(`${player.contentOrigin}/player-api/${player.launchId}/navigate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: player.token,
        lessonKey: lessons.get(identifier)!.lessonKey,
        ...(request ? { request } : {}),
      }),
    });
    if (response.status !== 200) return null;
    const next = (await response.json()) as { launchId: string; token: string };
    const handle = { ...player, ...next };
    return { player: handle, state: await stateOf(handle) };
  };
  const identifierOf = (state: State) => state.siblings.find((s) => s.current)!.identifier;
  const finish = async (player: PlayerHandle, cmi: Record<string, string>) =>
    expect((await playerApi(player).commit(1, cmi, true)).status).toBe(200);

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const deps = { db: t.db, storage: localContentStorage(t.config) };
    const into = (course: string) => ({ lmsKey: lms.lmsKey, curriculum: 'Cases', course });
    const imports = [
      await importScormPackage(deps, await invisibleWrapperPackage(), into('Invisible')),
      await importScormPackage(deps, await fiveYearLimitPackage(), into('Limits')),
      await importScormPackage(deps, await randomSelectionPackage(), into('Random')),
      await importScormPackage(deps, await noScoreRollupPackage(), into('Weightless')),
    ];
    const curriculumKey = imports[0]!.curriculum!.curriculumKey;
    const { assignmentKey } = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey,
      startDate: t.clock.now(),
    });
    for (const lesson of imports.flatMap((imported) => imported.lessons)) {
      lessons.set(lesson.identifier, { curriculumKey, lessonKey: lesson.lessonKey, assignmentKey });
      lessonNames.set(lesson.identifier, lesson.name);
    }
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it("invisible wrapper with choice: the wrapper's isvisible='false' is its own, every lesson is listed and launchable", async () => {
    expect(await locksOf('Invisible')).toEqual({
      'Wrapped one': null,
      'Wrapped two': null,
      'Wrapped three': null,
    });
    expect(
      (await pilot.call(prelaunchPath(lessons.get('wrap-two')!), { method: 'POST' })).status,
    ).toBe(200);
    const two = await open('wrap-two');
    expect(two.redirected).toBe(false);
    expect(two.state.lessonName).toBe('Wrapped two');
    expect(two.state.sequencing?.choice).toBe(true);
    const offered = two.state.siblings
      .filter((s) => s.launchable && !s.current && !s.hidden)
      .map((s) => s.identifier);
    expect(offered.sort()).toEqual(['wrap-one', 'wrap-three']);
    const three = await navigate(two.player, 'wrap-three');
    expect(three?.state.lessonName).toBe('Wrapped three');
  });

  it('duration limits of five years and of one year six months block nothing; cmi.max_time_allowed reads each back', async () => {
    expect(await locksOf('Limits')).toEqual({ 'Five years': null, 'Year and a half': null });
    const five = await open('limit-five-years');
    expect(five.redirected).toBe(false);
    expect(five.state.lessonName).toBe('Five years');
    expect(five.state.cmi['cmi.max_time_allowed']).toBe('P5Y');
    const next = await navigate(five.player, 'limit-five-years', 'continue');
    expect(next?.state.lessonName).toBe('Year and a half');
    expect(next?.state.cmi['cmi.max_time_allowed']).toBe('P1Y6M');
  });

  it('random selection of 2 of 4: an attempt delivers two tests and lists only those; a new attempt may draw others', async () => {
    const draws = new Set<string>();
    // Six pairs can be drawn: eight attempts all drawing the same one would happen about 4 times
    // in a million runs.
    for (let attempt = 1; attempt <= 8 && draws.size < 2; attempt += 1) {
      const locks = await locksOf('Random');
      // Before an attempt draws, the pool offers its one entry (what a start delivers).
      if (attempt === 1) {
        expect(Object.values(locks).filter((lock) => lock === null)).toHaveLength(1);
      }
      const entry = Object.entries(locks).find(([, lock]) => lock === null)![0];
      const identifier = [...lessonNames].find(([, name]) => name === entry)![0];
      const first = await open(identifier);
      const delivered = [identifierOf(first.state)];
      const listed = first.state.siblings.filter((s) => !s.hidden).map((s) => s.identifier);
      expect(listed).toHaveLength(2);
      expect(listed).toContain(delivered[0]);
      // The two tests not drawn are refused at the panel; the other drawn one is delivered.
      for (const id of POOL.filter((id) => !listed.includes(id))) {
        expect((await pilot.call(prelaunchPath(lessons.get(id)!), { method: 'POST' })).status).toBe(
          403,
        );
      }
      await finish(first.player, { 'cmi.completion_status': 'completed' });
      const other = listed.find((id) => id !== delivered[0])!;
      const second = await navigate(first.player, other);
      expect(second).not.toBeNull();
      delivered.push(identifierOf(second!.state));
      await finish(second!.player, { 'cmi.completion_status': 'completed' });
      // exitAll ends the attempt; the next launch starts a new one.
      expect(await navigate(second!.player, delivered[1]!, 'exitAll')).toBeNull();
      expect(new Set(delivered).size).toBe(2);
      expect(delivered.every((id) => POOL.includes(id))).toBe(true);
      expect(listed.sort()).toEqual([...delivered].sort());
      draws.add([...delivered].sort().join(' '));
    }
    expect(draws.size).toBe(2);
    const attempts = await t.db
      .selectFrom('sequencingState as ss')
      .innerJoin('course as c', 'c.courseKey', 'ss.courseKey')
      .select('ss.attempt')
      .where('c.name', '=', 'Random')
      .orderBy('ss.attempt', 'desc')
      .executeTakeFirstOrThrow();
    expect(attempts.attempt).toBeGreaterThan(1);
  });

  it('every objectiveMeasureWeight 0: the course rolls up completed and satisfied with no measure (null, not 0)', async () => {
    const passed = {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.9',
    };
    const one = await open('weightless-one');
    await finish(one.player, passed);
    const two = await navigate(one.player, 'weightless-one', 'continue');
    expect(two?.state.lessonName).toBe('Weightless two');
    await finish(two!.player, passed);
    expect(await navigate(two!.player, 'weightless-two', 'exitAll')).toBeNull();
    const course = await courseOf('Weightless');
    expect(course.elementSequencingRollup).toEqual({
      completed: true,
      satisfied: true,
      measure: null,
    });
    const row = await t.db
      .selectFrom('sequencingState as ss')
      .innerJoin('course as c', 'c.courseKey', 'ss.courseKey')
      .select(['ss.rollupCompleted', 'ss.rollupSatisfied', 'ss.rollupMeasure'])
      .where('c.name', '=', 'Weightless')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rollupCompleted: true, rollupSatisfied: true, rollupMeasure: null });
  });
});
