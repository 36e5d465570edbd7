/**
 * The content origin's service worker (`/content-sw.js`, scope `/`; docs/decisions/0024). It
 * touches only what lessons kept on this device need and passes everything else to the network:
 * - the offline shell (the player page at /player/offline/play, the bridge page, their chunks),
 *   stored at install in a cache named after the build's shell, the older ones deleted once it
 *   is active; answered from that cache first (the bridge page from the network first);
 * - `/content/offline/{grantId}/...`: the stored package files from the grant's cache, ranges
 *   included; a file not stored goes to the network (which wants the grant's token);
 * - Background Sync ('waypoint-offline-sync'): the same sync as the pages (sync.ts).
 */
import { openOfflineDb, type OfflineDb } from '../db';
import { BACKGROUND_SYNC_TAG, needsRetry, syncGrants } from '../sync';
import { answerFromStored, offlineFileGrant } from './serve-file';

declare const __OFFLINE_SHELL_URLS__: string[];
declare const __OFFLINE_SHELL_VERSION__: string;

// The worker's own global scope (TypeScript's DOM library has no service worker types).
interface ExtendableEventLike extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(answer: Response | Promise<Response>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: ExtendableEventLike) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const SHELL_PREFIX = 'waypoint-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${__OFFLINE_SHELL_VERSION__}`;
const PLAY_PAGE = '/player/offline/play';
const BRIDGE_PAGE = '/player/offline';

let dbPromise: Promise<OfflineDb> | null = null;
const database = () => (dbPromise ??= openOfflineDb());

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // All or nothing: a worker without its whole shell is not installed.
      await cache.addAll(
        __OFFLINE_SHELL_URLS__.map((url) => new Request(url, { cache: 'reload' })),
      );
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      }
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  const path = url.pathname.replace(/\/$/, '') || '/';
  if (path === PLAY_PAGE) {
    event.respondWith(shellFirst(PLAY_PAGE, request));
  } else if (path === BRIDGE_PAGE) {
    event.respondWith(networkFirst(BRIDGE_PAGE, request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(shellFirst(url.pathname, request));
  } else {
    const grantId = offlineFileGrant(url.pathname);
    if (grantId) event.respondWith(storedFile(grantId, url, request));
  }
});

scope.addEventListener('sync', (event) => {
  if (event.tag !== BACKGROUND_SYNC_TAG) return;
  event.waitUntil(
    (async () => {
      const results = await syncGrants({ db: await database() });
      // A rejected promise asks the browser to try again later.
      if (needsRetry(results)) throw new Error('Waypoint offline: the server was not reached.');
    })(),
  );
});

async function shellFirst(key: string, request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const stored = await cache.match(key, { ignoreSearch: true });
  return stored ?? fetch(request);
}

async function networkFirst(key: string, request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const stored = await (await caches.open(SHELL_CACHE)).match(key, { ignoreSearch: true });
    if (stored) return stored;
    throw error;
  }
}

async function storedFile(grantId: string, url: URL, request: Request): Promise<Response> {
  try {
    const grant = await (await database()).get('grants', grantId);
    if (grant) {
      const cache = await caches.open(grant.cacheName);
      const stored = await cache.match(url.origin + url.pathname);
      if (stored) return answerFromStored(stored, request.headers.get('range'));
    }
  } catch (error) {
    console.error('Waypoint offline: a stored file could not be read.', error);
  }
  return fetch(request);
}
