import { describe, expect, it, vi } from 'vitest';
import { buildPlayerState, fakePlayerServer, TEST_TOKEN } from '../test/fake-player-server';
import { BEACON_MAX_BYTES, createPlayerApi, PlayerApiError } from './player-api';

function apiFor(server: ReturnType<typeof fakePlayerServer>) {
  return createPlayerApi({
    launchId: 'L1',
    token: TEST_TOKEN,
    fetch: server.fetch,
    sendBeacon: server.sendBeacon,
  });
}

describe('player API client (player contract)', () => {
  it('GET state sends the token as "Authorization: Bearer {token}"', async () => {
    const server = fakePlayerServer(buildPlayerState({ lessonName: 'Weather' }));
    const state = await apiFor(server).getState();
    expect(state.lessonName).toBe('Weather');
    expect(server.requests[0]!.url).toBe('/player-api/L1/state');
    expect(server.requests[0]!.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('POST commit carries "{ token, seq, final, cmi }" in the JSON body', async () => {
    const server = fakePlayerServer(buildPlayerState());
    const answer = await apiFor(server).commit(
      { seq: 1, final: false, cmi: { 'cmi.core.lesson_location': 'p2' } },
      { keepalive: false },
    );
    expect(answer).toEqual({ applied: true, seq: 1, closed: false });
    expect(server.requests[0]).toMatchObject({
      url: '/player-api/L1/commit',
      method: 'POST',
      body: { token: TEST_TOKEN, seq: 1, final: false, cmi: { 'cmi.core.lesson_location': 'p2' } },
    });
    expect(server.requests[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it("errors carry the status and the server's human message; no answer is status 0", async () => {
    const server = fakePlayerServer(buildPlayerState());
    server.handlers.heartbeat = () => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Opened elsewhere.' },
    });
    const api = apiFor(server);
    await expect(api.heartbeat()).rejects.toEqual(new PlayerApiError(409, 'Opened elsewhere.'));
    server.handlers.heartbeat = () => ({ status: 0 });
    const error = await api.heartbeat().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, retryable: true });
  });

  it.each([
    [0, true],
    [500, true],
    [503, true],
    [429, true],
    [400, false],
    [401, false],
    [403, false],
    [409, false],
  ])('status %i is retryable: %s ("retry on network/5xx errors")', (status, retryable) => {
    expect(new PlayerApiError(status, 'x').retryable).toBe(retryable);
  });

  it("a commit answer that is not the contract's is a retryable fault, not a success", async () => {
    const server = fakePlayerServer(buildPlayerState());
    server.handlers.commit = () => ({ status: 200, body: { ok: true } });
    const error = await apiFor(server)
      .commit({ seq: 1, final: false, cmi: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true });
  });

  it('POST navigate sends { token, lessonKey } and returns the new launch', async () => {
    const server = fakePlayerServer(buildPlayerState());
    await expect(apiFor(server).navigate(12)).resolves.toEqual({
      launchId: 'L12',
      token: 'token12',
    });
    expect(server.requests[0]!.body).toEqual({ token: TEST_TOKEN, lessonKey: 12 });
  });
});

describe('the closing commit: "the pagehide beacon must stay under 64 KB"', () => {
  const payload = (suspendData: string) => ({
    seq: 3,
    final: true,
    cmi: { 'cmi.suspend_data': suspendData },
  });

  it('sends a beacon of JSON under 64 KB, as an application/json Blob', async () => {
    const server = fakePlayerServer(buildPlayerState());
    expect(apiFor(server).commitOnUnload(payload('x'.repeat(60_000)))).toBe('beacon');
    const { url, blob } = server.beacons[0]!;
    expect(url).toBe('/player-api/L1/commit');
    expect(blob.type).toBe('application/json');
    expect(blob.size).toBeLessThanOrEqual(BEACON_MAX_BYTES);
    expect(BEACON_MAX_BYTES).toBeLessThan(64 * 1024);
    expect(await server.beaconBodies()).toEqual([
      { token: TEST_TOKEN, ...payload('x'.repeat(60_000)) },
    ]);
  });

  it.each([
    ['over 64 KB of ASCII', 'x'.repeat(70_000)],
    // 33,000 characters, but 66,000 bytes in UTF-8: the limit counts encoded bytes.
    ['under 64 K characters but over 64 KB encoded', 'é'.repeat(33_000)],
  ])('%s is never dropped: it goes by an ordinary fetch at once', (_, suspendData) => {
    const server = fakePlayerServer(buildPlayerState());
    expect(apiFor(server).commitOnUnload(payload(suspendData))).toBe('fetch');
    expect(server.beacons).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ keepalive: false, body: payload(suspendData) });
  });

  it('falls back to fetch when the browser refuses the beacon', () => {
    const server = fakePlayerServer(buildPlayerState());
    const api = createPlayerApi({
      launchId: 'L1',
      token: TEST_TOKEN,
      fetch: server.fetch,
      sendBeacon: vi.fn(() => false),
    });
    expect(api.commitOnUnload(payload('small'))).toBe('fetch');
    expect(server.requests).toHaveLength(1);
  });

  it('a final fetch commit is keepalive only when it fits the same limit', async () => {
    const server = fakePlayerServer(buildPlayerState());
    const api = apiFor(server);
    await api.commit({ ...payload('x'.repeat(70_000)), final: false }, { keepalive: true });
    await api.commit({ ...payload('small'), seq: 4 }, { keepalive: true });
    expect(server.requests.map((r) => r.keepalive)).toEqual([false, true]);
  });
});

describe('a sequenced package state (SCORM 2004 SN)', () => {
  it('keeps state.sequencing with its redirect, and hidden siblings', async () => {
    const { parsePlayerState } = await import('./player-api');
    const state = parsePlayerState({
      launchId: 'x',
      scormVersion: '2004',
      lessonName: 'Exam',
      contentUrl: '',
      siblings: [
        { lessonKey: 1, identifier: 'a', name: 'A', current: true, launchable: true, hidden: true },
      ],
      sequencing: {
        continue: true,
        previous: false,
        choice: false,
        redirect: { launchId: 'y', token: 't' },
      },
    });
    expect(state.sequencing).toEqual({
      continue: true,
      previous: false,
      choice: false,
      redirect: { launchId: 'y', token: 't' },
    });
    expect(state.siblings[0]!.hidden).toBe(true);
  });

  it('keeps why Previous / Next are off, and the hideLMSUI values SCORM defines', async () => {
    const { parsePlayerState } = await import('./player-api');
    const state = parsePlayerState({
      launchId: 'x',
      scormVersion: '2004',
      lessonName: 'Tour',
      contentUrl: '',
      sequencing: { continue: false, previous: true, choice: false, continueRefused: 'Last.' },
      hideLmsUi: ['continue', 'exitAll', 'bogus', 3],
    });
    expect(state.sequencing).toEqual({
      continue: false,
      previous: true,
      choice: false,
      continueRefused: 'Last.',
    });
    expect(state.hideLmsUi).toEqual(['continue', 'exitAll']);
  });

  it("a commit answer carries the sequencer's new Previous / Next", async () => {
    const server = fakePlayerServer(buildPlayerState());
    server.handlers.commit = () => ({
      status: 200,
      body: {
        applied: true,
        seq: 1,
        closed: false,
        navigation: { continue: true, previous: false },
      },
    });
    const api = createPlayerApi({ launchId: 'L1', token: TEST_TOKEN, fetch: server.fetch });
    expect(await api.commit({ seq: 1, final: false, cmi: {} })).toEqual({
      applied: true,
      seq: 1,
      closed: false,
      navigation: { continue: true, previous: false },
    });
  });
});
