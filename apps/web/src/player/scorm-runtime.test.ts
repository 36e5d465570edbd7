import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPlayer } from './boot';
import { buildPlayerState, fakePlayerServer, TEST_TOKEN } from '../test/fake-player-server';
import type { PlayerSession } from './player-session';
import { createScormRuntime, loadScormApiClass } from './scorm-runtime';
import type { CmiValues, PlayerState, ScormVersion } from '@waypoint/domain/contract';

const INITIAL: Record<ScormVersion, CmiValues> = {
  '1.2': {
    'cmi.core.student_id': 'jdoe',
    'cmi.core.student_name': 'Doe, Jane',
    'cmi.core.entry': 'resume',
    'cmi.core.lesson_mode': 'normal',
    'cmi.core.credit': 'credit',
    'cmi.core.lesson_location': 'page-4',
    'cmi.core.lesson_status': 'incomplete',
    'cmi.core.score.raw': '40',
    'cmi.suspend_data': 'slides=1,2,3',
    'cmi.launch_data': 'mode=quiz',
    'cmi.student_data.mastery_score': '80',
  },
  '2004': {
    'cmi.learner_id': 'jdoe',
    'cmi.learner_name': 'Doe, Jane',
    'cmi.entry': 'resume',
    'cmi.mode': 'review',
    'cmi.credit': 'no-credit',
    'cmi.location': 'q3',
    'cmi.completion_status': 'incomplete',
    'cmi.success_status': 'unknown',
    'cmi.progress_measure': '0.5',
    'cmi.suspend_data': '{"answers":[1,2]}',
    'cmi.launch_data': 'level=2',
    'cmi.scaled_passing_score': '0.8',
    'cmi.completion_threshold': '0.9',
    'cmi.max_time_allowed': 'PT1H',
    'cmi.time_limit_action': 'exit,message',
  },
};

/** The SCO's view of the API: the global it finds by walking up from its frame. */
const sco = {
  '1.2': () => {
    const api = window.API!;
    return {
      init: () => api.LMSInitialize(''),
      get: (e: string) => api.LMSGetValue(e),
      set: (e: string, v: string) => api.LMSSetValue(e, v),
      commit: () => api.LMSCommit(''),
      finish: () => api.LMSFinish(''),
    };
  },
  '2004': () => {
    const api = window.API_1484_11!;
    return {
      init: () => api.Initialize(''),
      get: (e: string) => api.GetValue(e),
      set: (e: string, v: string) => api.SetValue(e, v),
      commit: () => api.Commit(''),
      finish: () => api.Terminate(''),
    };
  },
};

const sessions: PlayerSession[] = [];

async function start(state: PlayerState) {
  const server = fakePlayerServer(state);
  const result = await bootPlayer({
    launch: { launchId: state.launchId, token: TEST_TOKEN },
    fetch: server.fetch,
    sendBeacon: server.sendBeacon,
    session: { closeWindow: () => false, replaceLocation: vi.fn() },
  });
  if (result.kind !== 'ready') throw new Error(result.message);
  sessions.push(result.session);
  return { server, session: result.session };
}

afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
  delete window.API;
  delete window.API_1484_11;
});

describe('runtime glue: scorm-again as the runtime', () => {
  it.each([
    ['1.2', 'API', 'API_1484_11'],
    ['2004', 'API_1484_11', 'API'],
  ] as const)(
    'SCORM %s: the API is window.%s (and not window.%s)',
    async (version, name, other) => {
      await start(buildPlayerState({ scormVersion: version }));
      expect(window[name]).toBeDefined();
      expect(window[other]).toBeUndefined();
    },
  );

  it.each(['1.2', '2004'] as const)(
    'SCORM %s: "initial cmi is visible to the SCO via GetValue"',
    async (version) => {
      await start(buildPlayerState({ scormVersion: version, cmi: INITIAL[version] }));
      const api = sco[version]();
      expect(api.init()).toBe('true');
      const seen = Object.fromEntries(Object.keys(INITIAL[version]).map((e) => [e, api.get(e)]));
      expect(seen).toEqual(INITIAL[version]);
    },
  );

  it.each([
    ['1.2', 'cmi.core.lesson_location', 'page-9'],
    ['1.2', 'cmi.suspend_data', 'slides=1,2,3,4'],
    ['2004', 'cmi.location', 'q7'],
    ['2004', 'cmi.progress_measure', '0.75'],
  ] as const)(
    'SCORM %s: "a SetValue + Commit produces a commit with that element" (%s)',
    async (version, element, value) => {
      const { server } = await start(
        buildPlayerState({ scormVersion: version, cmi: INITIAL[version], lastSeq: 7 }),
      );
      const api = sco[version]();
      api.init();
      expect(api.set(element, value)).toBe('true');
      expect(api.commit()).toBe('true');
      await vi.waitFor(() => expect(server.commits()).toHaveLength(1));
      expect(server.commits()[0]).toEqual({
        token: TEST_TOKEN,
        seq: 8,
        final: false,
        cmi: { [element]: value },
      });
    },
  );

  it('reads the write-only elements (exit, session_time) without an error for the SCO', async () => {
    const { server } = await start(buildPlayerState({ scormVersion: '2004' }));
    const api = sco['2004']();
    api.init();
    api.set('cmi.exit', 'suspend');
    api.set('cmi.session_time', 'PT2M5S');
    api.commit();
    expect(window.API_1484_11!.GetLastError()).toBe('0');
    await vi.waitFor(() => expect(server.commits()).toHaveLength(1));
    expect(server.commits()[0]!.cmi).toEqual({
      'cmi.exit': 'suspend',
      'cmi.session_time': 'PT2M5S',
    });
  });

  it('sends only the stored elements of the contract list, and the objectives and interactions', async () => {
    const { server } = await start(buildPlayerState({ scormVersion: '1.2' }));
    const api = sco['1.2']();
    api.init();
    api.set('cmi.core.lesson_location', 'p1');
    api.set('cmi.comments', 'not stored by the server');
    api.set('cmi.interactions.0.id', 'q1');
    api.commit();
    await vi.waitFor(() => expect(server.commits()).toHaveLength(1));
    // Interactions are kept with the attempt (RTE 3.4.2.8); cmi.comments is not stored.
    expect(server.commits()[0]!.cmi).toEqual({
      'cmi.core.lesson_location': 'p1',
      'cmi.interactions.0.id': 'q1',
    });
  });

  it('LMSFinish sends final:true, with the status mastery_override sets (1.2)', async () => {
    const { server } = await start(buildPlayerState({ scormVersion: '1.2', cmi: INITIAL['1.2'] }));
    const api = sco['1.2']();
    api.init();
    api.set('cmi.core.score.raw', '85');
    api.set('cmi.core.lesson_status', 'completed');
    expect(api.finish()).toBe('true');
    await vi.waitFor(() => expect(server.commits()).toHaveLength(1));
    expect(server.commits()[0]).toMatchObject({
      final: true,
      cmi: { 'cmi.core.score.raw': '85', 'cmi.core.lesson_status': 'passed' },
    });
    expect(server.requests.at(-1)!.keepalive).toBe(true);
  });

  const fresh12 = {
    'cmi.core.entry': 'ab-initio',
    'cmi.core.lesson_mode': 'normal',
    'cmi.core.credit': 'credit',
  };
  it.each<[string, CmiValues, Array<[string, string]>, CmiValues]>([
    [
      "\"a status still 'not attempted' becomes 'completed'\" (a page turner: Initialize, Finish)",
      fresh12,
      [],
      { 'cmi.core.lesson_status': 'completed' },
    ],
    [
      "a resumed attempt stored as 'not attempted' completes too",
      { ...fresh12, 'cmi.core.entry': 'resume', 'cmi.core.lesson_status': 'not attempted' },
      [],
      { 'cmi.core.lesson_status': 'completed' },
    ],
    [
      '"with a mastery score and a raw score \'passed\'"',
      { ...fresh12, 'cmi.student_data.mastery_score': '80' },
      [['cmi.core.score.raw', '90']],
      { 'cmi.core.score.raw': '90', 'cmi.core.lesson_status': 'passed' },
    ],
    [
      '"... or \'failed\'"',
      { ...fresh12, 'cmi.student_data.mastery_score': '80' },
      [['cmi.core.score.raw', '50']],
      { 'cmi.core.score.raw': '50', 'cmi.core.lesson_status': 'failed' },
    ],
    [
      'a status the SCO set stays',
      fresh12,
      [['cmi.core.lesson_status', 'incomplete']],
      { 'cmi.core.lesson_status': 'incomplete' },
    ],
  ])('1.2 LMSFinish: %s; the final commit carries it', async (_rule, cmi, sets, sent) => {
    const { server } = await start(buildPlayerState({ scormVersion: '1.2', cmi }));
    const api = sco['1.2']();
    api.init();
    for (const [element, value] of sets) api.set(element, value);
    expect(api.finish()).toBe('true');
    await vi.waitFor(() => expect(server.commits()).toHaveLength(1));
    expect(server.commits()[0]).toMatchObject({ final: true, cmi: sent });
    expect(window.API!.LMSGetLastError()).toBe('0');
  });

  it("1.2 LMSFinish in browse mode: 'not attempted' becomes 'browsed'", async () => {
    const ApiClass = await loadScormApiClass('1.2');
    createScormRuntime({
      version: '1.2',
      ApiClass,
      cmi: { ...fresh12, 'cmi.core.lesson_mode': 'browse', 'cmi.core.credit': 'no-credit' },
      siblings: [],
    });
    const api = window.API!;
    api.LMSInitialize('');
    api.LMSFinish('');
    expect(api.cmi.core.lesson_status).toBe('browsed');
  });

  it('reports adl.nav.request as it was when the SCO terminated (2004)', async () => {
    const ApiClass = await loadScormApiClass('2004');
    const runtime = createScormRuntime({
      version: '2004',
      ApiClass,
      cmi: {},
      siblings: buildPlayerState().siblings,
    });
    const seen: string[] = [];
    runtime.onTerminate((request) => seen.push(request));
    const api = sco['2004']();
    api.init();
    api.set('adl.nav.request', '{target=item_2}choice');
    api.finish();
    expect(seen).toEqual(['{target=item_2}choice']);
  });

  it('a failing player listener never reaches the SCO', async () => {
    const ApiClass = await loadScormApiClass('1.2');
    const runtime = createScormRuntime({ version: '1.2', ApiClass, cmi: {}, siblings: [] });
    runtime.onChange(() => {
      throw new Error('boom');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = sco['1.2']();
    api.init();
    expect(api.set('cmi.core.lesson_location', 'p2')).toBe('true');
    expect(window.API!.LMSGetLastError()).toBe('0');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
