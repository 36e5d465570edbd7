/**
 * The bridge's answers to the panel (docs/decisions/0024): store with progress then the lesson,
 * all or nothing (a failed file leaves nothing behind and a stored copy intact), a refresh, the
 * owner's list, a removal refused while commits wait, a sync with its notices, and requests of
 * any other shape ignored.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BridgeMessage } from '../bridge-protocol';
import { openOfflineDb, type OfflineDb } from '../db';
import { appendCommit, pendingCount } from '../queue';
import {
  fakeSyncServer,
  freshIndexedDb,
  GRANT_ID,
  grantOf,
  MemoryCaches,
  packageOf,
  startOf,
} from '../test-support';
import { handleBridgeRequest, parseBridgeRequest, type BridgeDeps } from './handler';

const OWNER = 'lms-1/user-2';
const FILES: Record<string, string> = {
  'index.html': '<p>hello</p>',
  'media/clip one.mp4': 'x'.repeat(2000),
};

let db: OfflineDb;
let caches: MemoryCaches;

beforeEach(async () => {
  freshIndexedDb();
  db = await openOfflineDb();
  caches = new MemoryCaches();
});

/** A fake content origin: the package and its files, for the right token only. */
function contentOrigin(options: { failFile?: string; pkg?: ReturnType<typeof packageOf> } = {}) {
  const requests: string[] = [];
  const pkg =
    options.pkg ??
    packageOf({
      files: Object.entries(FILES).map(([path, text]) => ({ path, size: text.length })),
    });
  const fetch = (input: string, init: RequestInit): Promise<Response> => {
    requests.push(input);
    const auth = new Headers(init.headers).get('authorization');
    if (auth !== 'Bearer grant-token') {
      return Promise.resolve(Response.json({ message: 'Not allowed.' }, { status: 401 }));
    }
    if (input === `/player-api/offline/${GRANT_ID}/package`)
      return Promise.resolve(Response.json(pkg));
    const prefix = `/content/offline/${GRANT_ID}/`;
    const path = decodeURIComponent(input.slice(prefix.length));
    if (path === options.failFile) return Promise.reject(new TypeError('Failed to fetch'));
    const text = FILES[path];
    if (text === undefined) return Promise.resolve(new Response('', { status: 404 }));
    const type = path.endsWith('.html') ? 'text/html' : 'video/mp4';
    return Promise.resolve(new Response(text, { headers: { 'content-type': type } }));
  };
  return { fetch, requests };
}

async function ask(deps: Partial<BridgeDeps>, request: unknown): Promise<BridgeMessage[]> {
  const messages: BridgeMessage[] = [];
  const parsed = parseBridgeRequest(request);
  if (!parsed) throw new Error('not a request');
  await handleBridgeRequest(
    {
      db,
      caches: caches as unknown as CacheStorage,
      freeBytes: () => Promise.resolve(null),
      ...deps,
    },
    parsed,
    (message) => messages.push(message),
  );
  return messages;
}

const store = { type: 'store', id: 'r1', grantId: GRANT_ID, token: 'grant-token', owner: OWNER };

describe('store', () => {
  it('downloads every file into the grant cache with progress, then answers the stored lesson', async () => {
    const origin = contentOrigin();
    const messages = await ask({ fetch: origin.fetch }, store);
    const progress = messages.filter((m) => m.type === 'progress');
    expect(progress.at(0)).toMatchObject({ loadedBytes: 0, totalBytes: 2012 });
    expect(progress.at(-1)).toMatchObject({ loadedBytes: 2012, totalBytes: 2012 });
    const stored = messages.at(-1);
    expect(stored).toMatchObject({
      type: 'stored',
      id: 'r1',
      lesson: { grantId: GRANT_ID, lessonName: 'Cabin safety', bytes: 2012, pendingCommits: 0 },
    });
    const grant = (await db.get('grants', GRANT_ID))!;
    const cache = await caches.open(grant.cacheName);
    const clip = await cache.match(`/content/offline/${GRANT_ID}/media/clip%20one.mp4`);
    expect(clip?.headers.get('content-type')).toBe('video/mp4');
    expect(await clip?.text()).toBe(FILES['media/clip one.mp4']);
  });

  it('removes what it stored and answers an error when a file fails, keeping an earlier copy', async () => {
    await ask({ fetch: contentOrigin().fetch }, store);
    const before = (await db.get('grants', GRANT_ID))!;
    const messages = await ask(
      { fetch: contentOrigin({ failFile: 'media/clip one.mp4' }).fetch },
      store,
    );
    expect(messages.at(-1)).toMatchObject({ type: 'error', id: 'r1', message: /no connection/ });
    expect([...caches.stores.keys()]).toEqual([before.cacheName]);
    expect((await db.get('grants', GRANT_ID))!.cacheName).toBe(before.cacheName);
  });

  it('refuses a lesson too big for the space left, storing nothing', async () => {
    const messages = await ask(
      { fetch: contentOrigin().fetch, freeBytes: () => Promise.resolve(1000) },
      store,
    );
    expect(messages.at(-1)).toMatchObject({ type: 'error', message: /does not have room/ });
    expect(caches.stores.size).toBe(0);
    expect(await db.get('grants', GRANT_ID)).toBeUndefined();
  });

  it("answers the server's refusal of the token", async () => {
    const messages = await ask({ fetch: contentOrigin().fetch }, { ...store, token: 'wrong' });
    expect(messages.at(-1)).toMatchObject({ type: 'error', message: 'Not allowed.' });
  });

  it('refreshes a stored lesson into a new cache, keeping the device start while commits wait', async () => {
    await ask({ fetch: contentOrigin().fetch, now: () => 1000 }, store);
    const first = (await db.get('grants', GRANT_ID))!;
    const local = startOf({ stored: { ...startOf().stored, attempts: 5 } });
    await appendCommit(
      db,
      {
        grantId: GRANT_ID,
        opening: 1,
        localId: 'l'.repeat(20),
        startedInstant: 1,
        resumed: false,
        seq: 1,
        final: false,
        cmi: {},
        instant: 1,
        version: '1.2',
      },
      local,
    );
    await ask({ fetch: contentOrigin().fetch, now: () => 2000 }, store);
    const second = (await db.get('grants', GRANT_ID))!;
    expect(second.cacheName).not.toBe(first.cacheName);
    expect([...caches.stores.keys()]).toEqual([second.cacheName]);
    expect(second.start.stored.attempts).toBe(5);
  });

  it('refuses a lesson stored for another student', async () => {
    await db.put('grants', grantOf({ owner: 'lms-1/user-3' }));
    const messages = await ask({ fetch: contentOrigin().fetch }, store);
    expect(messages.at(-1)).toMatchObject({ type: 'error', message: /another student/ });
  });
});

describe('list, remove and sync', () => {
  it("lists the owner's lessons only, with their pending commits", async () => {
    await db.put('grants', grantOf());
    await db.put('grants', grantOf({ grantId: 'H'.repeat(43), owner: 'someone-else' }));
    const [answer] = await ask({}, { type: 'list', id: 'l1', owner: OWNER });
    expect(answer).toMatchObject({
      type: 'list',
      lessons: [{ grantId: GRANT_ID, pendingCommits: 0 }],
    });
  });

  it('refuses to remove a lesson whose commits have not reached the server, then removes it once synced', async () => {
    await db.put('grants', grantOf());
    await (await caches.open(grantOf().cacheName)).put('/x', new Response('x'));
    await appendCommit(
      db,
      {
        grantId: GRANT_ID,
        opening: 1,
        localId: 'l'.repeat(20),
        startedInstant: 1,
        resumed: false,
        seq: 1,
        final: true,
        cmi: { 'cmi.core.lesson_status': 'passed' },
        instant: 1,
        version: '1.2',
      },
      null,
    );
    const [refused] = await ask({}, { type: 'remove', id: 'd1', grantId: GRANT_ID });
    expect(refused).toMatchObject({ type: 'error', message: /1 change made offline/ });
    expect(await db.get('grants', GRANT_ID)).toBeDefined();

    const server = fakeSyncServer({
      onRequest: (body) =>
        Response.json({
          launches: [
            { localId: body.launches[0]!.localId, lastSeq: 1, closed: true, clockAhead: true },
          ],
          start: startOf(),
        }),
    });
    const [synced] = await ask({ fetch: server.fetch }, { type: 'sync', id: 's1', owner: OWNER });
    expect(synced).toMatchObject({
      type: 'synced',
      lessons: [{ pendingCommits: 0, notices: [{ kind: 'clock-ahead' }] }],
      notices: [{ kind: 'clock-ahead', message: /ahead of the server/ }],
    });

    const [removed] = await ask({}, { type: 'remove', id: 'd2', grantId: GRANT_ID });
    expect(removed).toEqual({ type: 'removed', id: 'd2', grantId: GRANT_ID });
    expect(await db.get('grants', GRANT_ID)).toBeUndefined();
    expect(caches.stores.size).toBe(0);
  });

  it('keeps a refused opening on the device and reports it, without retrying it by itself', async () => {
    await db.put('grants', grantOf());
    const commit = {
      grantId: GRANT_ID,
      opening: 1,
      localId: 'r'.repeat(20),
      startedInstant: Date.UTC(2026, 10, 20),
      resumed: false,
      seq: 1,
      final: true,
      cmi: {},
      instant: 1,
      version: '1.2' as const,
    };
    await appendCommit(db, commit, null);
    const server = fakeSyncServer({
      onRequest: (body) =>
        Response.json({
          launches: [
            {
              localId: body.launches[0]!.localId,
              lastSeq: 0,
              closed: false,
              refused: 'The lesson is locked.',
            },
          ],
          start: startOf(),
        }),
    });
    const [synced] = await ask({ fetch: server.fetch }, { type: 'sync', id: 's1', owner: OWNER });
    expect(synced).toMatchObject({
      notices: [{ kind: 'refused', message: /on 2026-11-20: The lesson is locked\. It stays/ }],
    });
    expect(await pendingCount(db, GRANT_ID)).toBe(1);
    expect(server.bodies).toHaveLength(1);
    const { syncGrant } = await import('../sync');
    const automatic = await syncGrant({ db, fetch: server.fetch, locks: null }, GRANT_ID);
    expect(automatic.outcome).toBe('nothing');
    expect(server.bodies).toHaveLength(1);
  });

  it('stops syncing a grant the server answers 410, telling the student', async () => {
    await db.put('grants', grantOf());
    await appendCommit(
      db,
      {
        grantId: GRANT_ID,
        opening: 1,
        localId: 'e'.repeat(20),
        startedInstant: 1,
        resumed: false,
        seq: 1,
        final: false,
        cmi: {},
        instant: 1,
        version: '1.2',
      },
      null,
    );
    const server = fakeSyncServer({
      onRequest: () =>
        Response.json({ message: 'This offline lesson has expired.' }, { status: 410 }),
    });
    const [synced] = await ask({ fetch: server.fetch }, { type: 'sync', id: 's1', owner: OWNER });
    expect(synced).toMatchObject({
      notices: [
        { kind: 'expired', message: /has expired\. 1 change made offline could not be sent/ },
      ],
    });
    expect((await db.get('grants', GRANT_ID))!.halted).toMatch(/expired/);
  });
});

describe('parseBridgeRequest', () => {
  it.each([
    [null],
    ['store'],
    [{ type: 'store', id: 'a', grantId: GRANT_ID, owner: OWNER }],
    [{ type: 'list', owner: OWNER }],
    [{ type: 'drop', id: 'a' }],
    [{ type: 'remove', id: 'a', grantId: 7 }],
  ])('ignores %j', (value) => expect(parseBridgeRequest(value)).toBeNull());
});
