import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootPlayer } from './boot';
import { buildPlayerState, fakePlayerServer, TEST_TOKEN } from '../test/fake-player-server';
import { FINAL_COMMIT_WAIT_MS, UNLOAD_WAIT_MS, type PlayerSession } from './player-session';
import type { PlayerSibling, PlayerState } from '@waypoint/domain/contract';

const sessions: PlayerSession[] = [];

async function start(state: PlayerState, closes = false) {
  const server = fakePlayerServer(state);
  const replaceLocation = vi.fn();
  const closeWindow = vi.fn(() => closes);
  const result = await bootPlayer({
    launch: { launchId: state.launchId, token: TEST_TOKEN },
    fetch: server.fetch,
    sendBeacon: server.sendBeacon,
    session: { replaceLocation, closeWindow },
  });
  if (result.kind !== 'ready') throw new Error(result.message);
  const { session } = result;
  sessions.push(session);
  const container = document.createElement('div');
  document.body.append(container);
  session.attachFrame(container);
  return { server, session, container, replaceLocation, closeWindow };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

const lessons: PlayerSibling[] = [
  { lessonKey: 11, identifier: 'item_1', name: 'Preflight', current: true, launchable: true },
  { lessonKey: 12, identifier: 'item_2', name: 'Taxi', current: false, launchable: true },
  { lessonKey: 13, identifier: 'item_3', name: 'Takeoff', current: false, launchable: false },
];

function pageHide(persisted = false) {
  const event = new Event('pagehide') as PageTransitionEvent;
  Object.defineProperty(event, 'persisted', { value: persisted });
  window.dispatchEvent(event);
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
  delete window.API;
  delete window.API_1484_11;
  document.body.innerHTML = '';
  setVisibility('visible');
  vi.useRealTimers();
});

describe('player session: commits and the heartbeat', () => {
  it('"an autocommit every state.autocommitSeconds when something changed"', async () => {
    const { server } = await start(buildPlayerState({ autocommitSeconds: 30 }));
    window.API!.LMSInitialize('');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.commits()).toHaveLength(0); // nothing changed
    window.API!.LMSSetValue('cmi.core.lesson_location', 'p3');
    expect(sessions[0]!.getSnapshot().save).toEqual({ kind: 'unsaved' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.commits()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.commits()).toEqual([
      { token: TEST_TOKEN, seq: 1, final: false, cmi: { 'cmi.core.lesson_location': 'p3' } },
    ]);
    expect(sessions[0]!.getSnapshot().save).toEqual({ kind: 'saved' });
  });

  it('"Heartbeat every state.heartbeatSeconds"; a 409 stops saving and shows it', async () => {
    const { server, session } = await start(buildPlayerState({ heartbeatSeconds: 60 }));
    await vi.advanceTimersByTimeAsync(60_000);
    const beats = () => server.requests.filter((r) => r.url.endsWith('/heartbeat'));
    expect(beats()).toHaveLength(1);
    expect(beats()[0]!.body).toEqual({ token: TEST_TOKEN });
    server.handlers.heartbeat = () => ({
      status: 409,
      body: { message: 'This lesson was opened on another device or browser.' },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(session.getSnapshot().save).toEqual({
      kind: 'failed',
      message: 'This lesson was opened on another device or browser.',
      stopped: true,
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(beats()).toHaveLength(2);
  });

  it('no heartbeat once the SCO has terminated (the final commit closed the launch)', async () => {
    const { server } = await start(buildPlayerState({ heartbeatSeconds: 60 }));
    window.API!.LMSInitialize('');
    window.API!.LMSFinish('');
    await vi.advanceTimersByTimeAsync(180_000);
    expect(server.requests.filter((r) => r.url.endsWith('/heartbeat'))).toHaveLength(0);
    expect(server.closed).toBe(true);
  });

  it('the browser coming back online retries at once', async () => {
    const { server } = await start(buildPlayerState());
    server.handlers.commit = () => ({ status: 0 });
    window.API!.LMSInitialize('');
    window.API!.LMSSetValue('cmi.suspend_data', 'abc');
    window.API!.LMSCommit('');
    await flush();
    expect(server.commits()).toHaveLength(1);
    server.handlers.commit = (body) => ({
      status: 200,
      body: { applied: true, seq: body.seq, closed: false },
    });
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(server.commits()).toHaveLength(2);
    expect(server.commits()[1]!.cmi).toEqual({ 'cmi.suspend_data': 'abc' });
  });
});

describe('player session: a window that closes (pagehide, visibilitychange)', () => {
  it('pagehide sends the final commit by beacon, with everything not yet acknowledged', async () => {
    const { server } = await start(buildPlayerState({ lastSeq: 3 }));
    window.API!.LMSInitialize('');
    window.API!.LMSSetValue('cmi.core.lesson_location', 'p7');
    pageHide();
    expect(await server.beaconBodies()).toEqual([
      { token: TEST_TOKEN, seq: 4, final: true, cmi: { 'cmi.core.lesson_location': 'p7' } },
    ]);
  });

  it("the SCO's own unload Terminate goes out before the final commit, not after it", async () => {
    const { server, container } = await start(buildPlayerState());
    window.API!.LMSInitialize('');
    const frame = container.querySelector('iframe')!;
    // A browser runs the frame's unload handlers when it is removed; jsdom does not, so the SCO's
    // typical unload handler is played here.
    vi.spyOn(frame, 'remove').mockImplementation(() => {
      window.API!.LMSSetValue('cmi.core.exit', 'suspend');
      window.API!.LMSSetValue('cmi.core.session_time', '00:05:00');
      window.API!.LMSFinish('');
      container.removeChild(frame);
    });
    pageHide();
    // One final commit, and it carries what the SCO set while unloading.
    expect(await server.beaconBodies()).toEqual([
      {
        token: TEST_TOKEN,
        seq: 1,
        final: true,
        cmi: {
          'cmi.core.exit': 'suspend',
          'cmi.core.session_time': '00:05:00',
          // 1.2 RTE: a SCO that finishes without a status has completed.
          'cmi.core.lesson_status': 'completed',
        },
      },
    ]);
  });

  it('pagehide sends nothing when the final commit was acknowledged', async () => {
    const { server } = await start(buildPlayerState());
    window.API!.LMSInitialize('');
    window.API!.LMSFinish('');
    await flush();
    pageHide();
    expect(server.beacons).toHaveLength(0);
  });

  it('a hidden tab beacons unsaved data but keeps the launch open (the tab may come back)', async () => {
    const { server } = await start(buildPlayerState());
    window.API!.LMSInitialize('');
    setVisibility('hidden');
    expect(server.beacons).toHaveLength(0); // nothing unsaved
    window.API!.LMSSetValue('cmi.suspend_data', 'page=4');
    setVisibility('hidden');
    expect(await server.beaconBodies()).toEqual([
      { token: TEST_TOKEN, seq: 1, final: false, cmi: { 'cmi.suspend_data': 'page=4' } },
    ]);
    setVisibility('visible');
    window.API!.LMSCommit('');
    await flush();
    // The fetch after it is not stale and the launch still takes commits.
    expect(server.commits()).toMatchObject([{ seq: 2, cmi: { 'cmi.suspend_data': 'page=4' } }]);
    expect(server.closed).toBe(false);
  });

  it('no extra beacon when the tab hides after the final commit went out', async () => {
    const { server } = await start(buildPlayerState());
    window.API!.LMSInitialize('');
    window.API!.LMSSetValue('cmi.core.exit', 'suspend');
    window.API!.LMSFinish(''); // final commit in flight (keepalive fetch)
    setVisibility('hidden');
    pageHide();
    await flush();
    expect(server.commits()).toMatchObject([{ seq: 1, final: true }]);
    // The pagehide safety net re-sends the final once (it could not know the fetch arrived).
    expect(await server.beaconBodies()).toMatchObject([{ seq: 2, final: true }]);
  });
});

describe('player session: Exit lesson and multi-SCO navigation', () => {
  it('"Exit lesson": final commit, then window.close(); if it cannot close, say so', async () => {
    const { server, session, container, closeWindow } = await start(buildPlayerState());
    window.API!.LMSInitialize('');
    window.API!.LMSSetValue('cmi.core.lesson_location', 'p2');
    await session.exit();
    expect(container.querySelector('iframe')).toBeNull();
    expect(server.commits()).toEqual([
      { token: TEST_TOKEN, seq: 1, final: true, cmi: { 'cmi.core.lesson_location': 'p2' } },
    ]);
    expect(closeWindow).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot()).toEqual({
      phase: { kind: 'closed' },
      save: { kind: 'saved' },
      navigation: null,
    });
  });

  it('"Exit lesson" unloads the SCO as leaving the page does: its frame goes to about:blank first, and what its beforeunload and unload set is in the final commit', async () => {
    const { server, session, container } = await start(buildPlayerState());
    window.API!.LMSInitialize('');
    window.API!.LMSSetValue('cmi.core.lesson_location', '3');
    const frame = container.querySelector('iframe')!;
    const setAttribute = frame.setAttribute.bind(frame);
    // jsdom runs no beforeunload or unload in the frame: the SCO's typical handlers are played
    // when the frame is sent away, before about:blank loads.
    vi.spyOn(frame, 'setAttribute').mockImplementation((name, value) => {
      if (name === 'src' && value === 'about:blank') {
        window.API!.LMSSetValue('cmi.core.exit', 'suspend'); // beforeunload
        window.API!.LMSFinish(''); // unload
      }
      setAttribute(name, value);
    });
    await session.exit();
    expect(frame.getAttribute('src')).toBe('about:blank');
    expect(container.querySelector('iframe')).toBeNull();
    expect(server.commits()).toEqual([
      {
        token: TEST_TOKEN,
        seq: 1,
        final: true,
        cmi: {
          'cmi.core.lesson_location': '3',
          'cmi.core.exit': 'suspend',
          'cmi.core.lesson_status': 'completed',
        },
      },
    ]);
  });

  it(`a frame that never reaches about:blank is removed after UNLOAD_WAIT_MS (${UNLOAD_WAIT_MS} ms), then the final commit goes`, async () => {
    const { server, session, container, closeWindow } = await start(buildPlayerState());
    window.API!.LMSInitialize('');
    const frame = container.querySelector('iframe')!;
    vi.spyOn(frame, 'setAttribute').mockImplementation(() => undefined); // never loads
    const exiting = session.exit();
    await vi.advanceTimersByTimeAsync(UNLOAD_WAIT_MS - 1);
    expect(container.querySelector('iframe')).not.toBeNull();
    expect(server.commits()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await exiting;
    expect(container.querySelector('iframe')).toBeNull();
    expect(server.commits()).toMatchObject([{ seq: 1, final: true }]);
    expect(closeWindow).toHaveBeenCalledTimes(1);
  });

  it(`a final commit not acknowledged within FINAL_COMMIT_WAIT_MS (${FINAL_COMMIT_WAIT_MS} ms): the window closes anyway, and its pagehide beacon carries the data`, async () => {
    const { server, session, closeWindow } = await start(buildPlayerState(), true);
    server.handlers.commit = () => ({ status: 0 }); // no connection: retried with backoff
    window.API!.LMSInitialize('');
    window.API!.LMSSetValue('cmi.suspend_data', 'page=4');
    const exiting = session.exit();
    await vi.advanceTimersByTimeAsync(FINAL_COMMIT_WAIT_MS - 1);
    expect(closeWindow).not.toHaveBeenCalled();
    expect(session.getSnapshot().phase).toEqual({ kind: 'leaving', to: 'exit' });
    await vi.advanceTimersByTimeAsync(1);
    await exiting;
    expect(closeWindow).toHaveBeenCalledTimes(1);
    pageHide(); // the window closing
    expect(await server.beaconBodies()).toMatchObject([
      { final: true, cmi: { 'cmi.suspend_data': 'page=4' } },
    ]);
  });

  it('Exit after the SCO finished sends no second final commit', async () => {
    const { server, session, closeWindow } = await start(buildPlayerState(), true);
    window.API!.LMSInitialize('');
    window.API!.LMSFinish('');
    await flush();
    await session.exit();
    expect(server.commits()).toHaveLength(1);
    expect(closeWindow).toHaveBeenCalled();
    expect(session.getSnapshot().save).toEqual({ kind: 'saved' });
  });

  it('"continue" after Terminate: final commit, POST navigate, then the next player address', async () => {
    const { server, replaceLocation } = await start(
      buildPlayerState({ scormVersion: '2004', siblings: lessons }),
    );
    const api = window.API_1484_11!;
    api.Initialize('');
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('adl.nav.request', 'continue');
    api.Terminate('');
    await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalled());
    expect(server.commits()).toEqual([
      { token: TEST_TOKEN, seq: 1, final: true, cmi: { 'cmi.completion_status': 'completed' } },
    ]);
    const navigate = server.requests.find((r) => r.url.endsWith('/navigate'))!;
    expect(navigate.body).toEqual({ token: TEST_TOKEN, lessonKey: 12 });
    expect(replaceLocation).toHaveBeenCalledWith('/player/L12#token12');
  });

  it('"exitAll" after Terminate closes like Exit lesson', async () => {
    const { closeWindow, server } = await start(buildPlayerState({ scormVersion: '2004' }));
    const api = window.API_1484_11!;
    api.Initialize('');
    api.SetValue('adl.nav.request', 'exitAll');
    api.Terminate('');
    await vi.waitFor(() => expect(closeWindow).toHaveBeenCalled());
    expect(server.commits()).toHaveLength(1);
  });

  it('a lesson the launch rules refuse (403) shows the server message', async () => {
    const { server, session, replaceLocation } = await start(
      buildPlayerState({ siblings: lessons }),
    );
    server.handlers.navigate = () => ({
      status: 403,
      body: { message: 'Complete "Preflight" before starting this lesson.' },
    });
    window.API!.LMSInitialize('');
    await session.goTo(lessons[1]!);
    expect(server.commits()).toMatchObject([{ final: true }]);
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(session.getSnapshot().phase).toEqual({
      kind: 'navigation-failed',
      message: 'Complete "Preflight" before starting this lesson.',
    });
  });

  it('2004 SCOs can ask whether continue / previous / a choice is valid', async () => {
    await start(buildPlayerState({ scormVersion: '2004', siblings: lessons }));
    const api = window.API_1484_11!;
    api.Initialize('');
    expect(api.GetValue('adl.nav.request_valid.continue')).toBe('true');
    expect(api.GetValue('adl.nav.request_valid.previous')).toBe('false');
    expect(api.GetValue('adl.nav.request_valid.choice.{target=item_2}')).toBe('true');
    expect(api.GetValue('adl.nav.request_valid.choice.{target=item_3}')).toBe('false');
  });
});
