/**
 * Test support: a fake player API (fetch and sendBeacon) that answers like the contract says,
 * records every request, and lets a test change the answers. Not used by the page itself.
 */
import type { CommitPayload, PlayerState } from '@waypoint/domain/contract';

export const TEST_TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

export function buildPlayerState(fields: Partial<PlayerState> = {}): PlayerState {
  return {
    launchId: 'L1',
    scormVersion: '1.2',
    lessonName: 'Preflight checks',
    courseName: 'Private pilot ground school',
    contentUrl: '/content/L1/index.html?x=1',
    lastSeq: 0,
    preview: false,
    cmi: {},
    siblings: [
      {
        lessonKey: 11,
        identifier: 'item_1',
        name: 'Preflight checks',
        current: true,
        launchable: true,
      },
    ],
    heartbeatSeconds: 60,
    autocommitSeconds: 30,
    ...fields,
  };
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  keepalive: boolean;
}

export interface Reply {
  status: number;
  body?: unknown;
}

type CommitBody = CommitPayload & { token: string };

export function fakePlayerServer(state: PlayerState) {
  const requests: RecordedRequest[] = [];
  const beacons: { url: string; blob: Blob }[] = [];
  let lastSeq = state.lastSeq;
  let closed = false;
  const handlers: {
    state: () => Reply;
    commit: (body: CommitBody) => Reply;
    heartbeat: () => Reply;
    navigate: (body: { lessonKey: number }) => Reply;
  } = {
    state: () => ({ status: 200, body: state }),
    commit: (body) => {
      if (closed) return { status: 409, body: { message: 'This lesson window is closed.' } };
      const applied = body.seq > lastSeq;
      if (applied) lastSeq = body.seq;
      if (applied && body.final) closed = true;
      return { status: 200, body: { applied, seq: lastSeq, closed } };
    },
    heartbeat: () => ({ status: 200, body: { open: true } }),
    navigate: (body) => ({
      status: 200,
      body: { launchId: `L${body.lessonKey}`, token: `token${body.lessonKey}` },
    }),
  };

  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
      keepalive: init.keepalive === true,
    });
    const path = url.replace(/^\/player-api\/[^/]+\//, '');
    const reply =
      path === 'state'
        ? handlers.state()
        : path === 'commit'
          ? handlers.commit(body as CommitBody)
          : path === 'heartbeat'
            ? handlers.heartbeat()
            : path === 'navigate'
              ? handlers.navigate(body as { lessonKey: number })
              : { status: 404, body: { message: 'Not found.' } };
    if (reply.status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  const sendBeacon = (url: string, blob: Blob): boolean => {
    beacons.push({ url, blob });
    return true;
  };

  return {
    fetch,
    sendBeacon,
    requests,
    beacons,
    handlers,
    /** The commits received through fetch, in order. */
    commits: () =>
      requests.filter((r) => r.url.endsWith('/commit')).map((r) => r.body as CommitBody),
    /** The beacons' JSON bodies. */
    beaconBodies: async () =>
      Promise.all(beacons.map(async (b) => JSON.parse(await b.blob.text()) as CommitBody)),
    get lastSeq() {
      return lastSeq;
    },
    get closed() {
      return closed;
    },
  };
}
