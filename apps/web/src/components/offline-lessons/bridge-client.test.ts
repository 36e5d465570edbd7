import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeRequest, StoredLesson } from '../../offline/bridge-protocol';
import { fakeBridge, type FakeBridge } from '../../test/fake-bridge';
import {
  BRIDGE_NO_ANSWER,
  BRIDGE_NOT_READY,
  BridgeClient,
  BridgeError,
  type StoreProgress,
} from './bridge-client';

const ORIGIN = 'http://127.0.0.1:4173';

const lesson = (overrides: Partial<StoredLesson> = {}): StoredLesson => ({
  grantId: 'g'.repeat(43),
  lessonKey: 7,
  lessonName: 'Briefing',
  courseName: 'Course',
  expiresInstant: 0,
  bytes: 12_000_000,
  storedInstant: 1,
  pendingCommits: 0,
  syncedInstant: 0,
  notices: [],
  ...overrides,
});

let bridge: FakeBridge | null = null;
let client: BridgeClient | null = null;

afterEach(() => {
  client?.dispose();
  bridge?.stop();
  client = null;
  bridge = null;
});

function setup(
  answer: Parameters<typeof fakeBridge>[1],
  options: { ready?: boolean; timeouts?: ConstructorParameters<typeof BridgeClient>[1] } = {},
) {
  bridge = fakeBridge(ORIGIN, answer, { ready: options.ready });
  client = new BridgeClient(`${ORIGIN}/player/offline#grant.token`, options.timeouts);
  return { bridge, client };
}

describe('the offline bridge client', () => {
  it('opens one hidden frame on the content origin (never the token) and lists after ready', async () => {
    const { bridge, client } = setup((request) =>
      request.type === 'list' ? [{ type: 'list', id: request.id, lessons: [lesson()] }] : undefined,
    );
    expect(await client.list('3:42')).toEqual([lesson()]);
    expect(await client.list('3:42')).toHaveLength(1);
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.src).toBe(`${ORIGIN}/player/offline`);
    expect(frames[0]?.hidden).toBe(true);
    expect(bridge.requests.map((r) => r.type)).toEqual(['list', 'list']);
    expect(bridge.requests[0]).toMatchObject({ type: 'list', owner: '3:42' });
  });

  it('matches answers by id, whatever their order', async () => {
    const held: BridgeRequest[] = [];
    const { bridge, client } = setup((request) => {
      held.push(request);
      return undefined;
    });
    const first = client.list('3:42');
    const second = client.list('3:43');
    await expect.poll(() => held.length).toBe(2);
    const [a, b] = held;
    bridge.post({ type: 'list', id: b?.id, lessons: [lesson({ lessonKey: 2 })] });
    bridge.post({ type: 'list', id: a?.id, lessons: [lesson({ lessonKey: 1 })] });
    expect((await first)[0]?.lessonKey).toBe(1);
    expect((await second)[0]?.lessonKey).toBe(2);
  });

  it('ignores messages from another origin or another window', async () => {
    const held: BridgeRequest[] = [];
    const { bridge, client } = setup((request) => {
      held.push(request);
      return undefined;
    });
    const listed = client.list('3:42');
    await expect.poll(() => held.length).toBe(1);
    const id = held[0]?.id;
    const forged = { type: 'list', id, lessons: [lesson({ lessonName: 'Forged' })] };
    bridge.post(forged, { origin: 'http://localhost:4173' });
    bridge.post(forged, { source: window });
    bridge.post({ type: 'list', id, lessons: [lesson()] });
    expect((await listed)[0]?.lessonName).toBe('Briefing');
  });

  it("rejects with the bridge's own message (a remove refused while commits wait)", async () => {
    const message = 'Briefing has progress not yet synced. Go online to sync it first.';
    const { client } = setup((request) => [{ type: 'error', id: request.id, message }]);
    const removing = client.remove('g'.repeat(43));
    await expect(removing).rejects.toBeInstanceOf(BridgeError);
    await expect(removing).rejects.toThrow(message);
  });

  it('reports store progress, and a progress report restarts the silence timer', async () => {
    vi.useFakeTimers();
    try {
      const progress: StoreProgress[] = [];
      const { bridge, client } = setup(() => undefined, { timeouts: { storeSilence: 100 } });
      const storing = client.store({ grantId: 'g'.repeat(43), token: 't', owner: '3:42' }, (p) =>
        progress.push(p),
      );
      await vi.advanceTimersByTimeAsync(0);
      const request = bridge.requests[0];
      expect(request).toMatchObject({ type: 'store', token: 't', owner: '3:42' });
      const id = request?.id;
      // 3 x 80 ms: longer than the silence allowed, but never silent that long.
      for (const loadedBytes of [1_000_000, 2_000_000, 3_000_000]) {
        await vi.advanceTimersByTimeAsync(80);
        bridge.post({ type: 'progress', id, grantId: 'g', loadedBytes, totalBytes: 12_000_000 });
      }
      bridge.post({ type: 'stored', id, lesson: lesson() });
      expect(await storing).toEqual(lesson());
      expect(progress.map((p) => p.loadedBytes)).toEqual([1_000_000, 2_000_000, 3_000_000]);

      // Silent past the limit: a clear error.
      const silent = client.store({ grantId: 'h'.repeat(43), token: 't', owner: '3:42' });
      const failed = expect(silent).rejects.toThrow(BRIDGE_NO_ANSWER);
      await vi.advanceTimersByTimeAsync(0);
      bridge.post({
        type: 'progress',
        id: bridge.requests[1]?.id,
        grantId: 'h',
        loadedBytes: 1,
        totalBytes: 2,
      });
      await vi.advanceTimersByTimeAsync(101);
      await failed;
    } finally {
      vi.useRealTimers();
    }
  });

  it('a request without an answer fails with a clear error', async () => {
    const { client } = setup(() => undefined, { timeouts: { request: 40 } });
    await expect(client.list('3:42')).rejects.toThrow(BRIDGE_NO_ANSWER);
  });

  it('a bridge page that never says ready fails, and the next request opens a new frame', async () => {
    const { client } = setup(() => undefined, { ready: false, timeouts: { ready: 40 } });
    await expect(client.list('3:42')).rejects.toThrow(BRIDGE_NOT_READY);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    const retry = client.list('3:42').catch((error: unknown) => error);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(await retry).toBeInstanceOf(BridgeError);
  });

  it('a sync answers the lessons and the notices', async () => {
    const notice = {
      kind: 'clock-ahead' as const,
      lessonName: 'Briefing',
      message: 'Dated at sync.',
    };
    const { client } = setup((request) => [
      { type: 'synced', id: request.id, lessons: [lesson()], notices: [notice] },
    ]);
    expect(await client.sync('3:42')).toEqual({ lessons: [lesson()], notices: [notice] });
  });
});
