/**
 * Storing a lesson's package on this device (docs/decisions/0024): the package description, then
 * every file with the grant's token into a Cache Storage cache of its own, counting bytes as they
 * arrive; then the grant's record in IndexedDB. All or nothing: on any failure the new cache is
 * deleted and a stored grant keeps the copy it had. A store of a stored grant refreshes it (a new
 * cache, the old one deleted after the record points at the new one).
 */
import {
  offlineContentCalls,
  offlineFilePath,
  type OfflinePackage,
} from '@waypoint/domain/contract';
import type { StoredLesson } from './bridge-protocol';
import { grantRange, type GrantRecord, type OfflineDb } from './db';
import { pendingCount } from './queue';
import type { FetchLike } from './sync';

export const CACHE_PREFIX = 'waypoint-offline-';

/** A failure the student is told about (the bridge answers it as 'error'). */
export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

export interface StoreDeps {
  db: OfflineDb;
  caches: CacheStorage;
  fetch?: FetchLike;
  now?: () => number;
  /** Free bytes on this origin; null when the browser does not say. */
  freeBytes?: () => Promise<number | null>;
}

export interface StoreRequest {
  grantId: string;
  token: string;
  owner: string;
  onProgress?: (loadedBytes: number, totalBytes: number) => void;
}

const GRANT_ID = /^[A-Za-z0-9_-]{43}$/;

const NETWORK_MESSAGE =
  'The lesson could not be downloaded: no connection to the server. Try again when online.';

/** What the browser says is left for this origin. */
export async function estimateFreeBytes(
  nav: Navigator | undefined = globalThis.navigator,
): Promise<number | null> {
  try {
    const estimate = await nav?.storage?.estimate();
    if (!estimate || estimate.quota === undefined) return null;
    return estimate.quota - (estimate.usage ?? 0);
  } catch {
    return null;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

async function failureOf(response: Response, what: string): Promise<StoreError> {
  let message = '';
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      message = body.message;
    }
  } catch {
    // Not JSON.
  }
  if (response.status === 410) {
    return new StoreError(message || 'Offline access to this lesson has ended.');
  }
  if (response.status === 401 || response.status === 403) {
    return new StoreError(
      message || 'Waypoint did not allow this download. Make the lesson available offline again.',
    );
  }
  return new StoreError(
    `${what} could not be downloaded: ${message || `the server answered ${response.status}`}.`,
  );
}

function isPackage(value: unknown, grantId: string): value is OfflinePackage {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    p.grantId === grantId &&
    (p.scormVersion === '1.2' || p.scormVersion === '2004') &&
    typeof p.contentUrl === 'string' &&
    typeof p.lessonName === 'string' &&
    typeof p.expiresInstant === 'number' &&
    Array.isArray(p.files) &&
    p.files.every(
      (f: unknown) =>
        !!f &&
        typeof f === 'object' &&
        typeof (f as { path?: unknown }).path === 'string' &&
        typeof (f as { size?: unknown }).size === 'number',
    ) &&
    !!p.start &&
    typeof p.start === 'object'
  );
}

/** Reads a body to the end, reporting each chunk's bytes. */
async function readCounting(
  response: Response,
  onBytes: (bytes: number) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onBytes(bytes.byteLength);
    return bytes;
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.byteLength;
    onBytes(value.byteLength);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** Runs the tasks at most `limit` at a time; the first failure stops the rest. */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Stores (or refreshes) a lesson on this device. */
export async function storeLesson(deps: StoreDeps, request: StoreRequest): Promise<GrantRecord> {
  const { db, caches } = deps;
  const { grantId, token, owner } = request;
  const now = deps.now ?? Date.now;
  const doFetch: FetchLike = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  if (!GRANT_ID.test(grantId) || token === '' || owner === '') {
    throw new StoreError('The lesson could not be stored: the request names no valid grant.');
  }
  const existing = await db.get('grants', grantId);
  if (existing && existing.owner !== owner) {
    throw new StoreError('This lesson is stored on this device for another student.');
  }
  const headers = { Authorization: `Bearer ${token}` };
  let response: Response;
  try {
    response = await doFetch(offlineContentCalls.package.path(grantId), {
      method: 'GET',
      headers: { ...headers, Accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    throw new StoreError(NETWORK_MESSAGE);
  }
  if (!response.ok) throw await failureOf(response, 'The lesson');
  const pkg: unknown = await response.json().catch(() => null);
  if (!isPackage(pkg, grantId)) {
    throw new StoreError('The lesson could not be stored: the server gave an unexpected answer.');
  }
  if (pkg.expiresInstant <= now()) throw new StoreError('Offline access to this lesson has ended.');
  const totalBytes = pkg.files.reduce((sum, file) => sum + file.size, 0);
  const free = await (deps.freeBytes ?? estimateFreeBytes)();
  if (free !== null && free < totalBytes) {
    throw new StoreError(
      `This device does not have room for the lesson: it needs ${megabytes(totalBytes)} and ` +
        `${megabytes(Math.max(0, free))} is free.`,
    );
  }
  const cacheName = `${CACHE_PREFIX}${grantId}-${now().toString(36)}`;
  const cache = await caches.open(cacheName);
  let loaded = 0;
  request.onProgress?.(0, totalBytes);
  try {
    await inPool(pkg.files, 4, async (file) => {
      const url = offlineFilePath(grantId, file.path);
      let fileResponse: Response;
      try {
        fileResponse = await doFetch(url, { method: 'GET', headers, cache: 'no-store' });
      } catch {
        throw new StoreError(NETWORK_MESSAGE);
      }
      if (!fileResponse.ok) throw await failureOf(fileResponse, `The file ${file.path}`);
      const body = await readCounting(fileResponse, (bytes) => {
        loaded += bytes;
        request.onProgress?.(loaded, Math.max(totalBytes, loaded));
      });
      const type = fileResponse.headers.get('content-type') ?? 'application/octet-stream';
      await cache.put(
        url,
        new Response(body, {
          headers: { 'Content-Type': type, 'Content-Length': String(body.byteLength) },
        }),
      );
    });
  } catch (error) {
    await caches.delete(cacheName);
    if (error instanceof StoreError) throw error;
    if (error instanceof DOMException && error.name === 'QuotaExceededError') {
      throw new StoreError('This device ran out of room while storing the lesson.');
    }
    throw new StoreError(NETWORK_MESSAGE);
  }
  const record = await saveRecord(db, { grantId, token, owner, pkg, cacheName, loaded, now });
  if (record.previousCache && record.previousCache !== cacheName) {
    await caches.delete(record.previousCache);
  }
  return record.grant;
}

async function saveRecord(
  db: OfflineDb,
  input: {
    grantId: string;
    token: string;
    owner: string;
    pkg: OfflinePackage;
    cacheName: string;
    loaded: number;
    now: () => number;
  },
): Promise<{ grant: GrantRecord; previousCache: string | null }> {
  const tx = db.transaction(['grants', 'queue'], 'readwrite');
  const previous = await tx.objectStore('grants').get(input.grantId);
  const waiting = previous ? await tx.objectStore('queue').count(grantRange(input.grantId)) : 0;
  const grant: GrantRecord = {
    grantId: input.grantId,
    token: input.token,
    owner: input.owner,
    package: input.pkg,
    // Commits waiting on the device are newer than the server's start: keep the device's.
    start: previous && waiting > 0 ? previous.start : input.pkg.start,
    cacheName: input.cacheName,
    bytes: input.loaded,
    storedInstant: input.now(),
    syncedInstant: previous?.syncedInstant ?? 0,
    nextOpening: previous?.nextOpening ?? 1,
    refused: previous?.refused ?? {},
    halted: null,
    notices: previous?.notices ?? [],
  };
  await tx.objectStore('grants').put(grant);
  await tx.done;
  return { grant, previousCache: previous?.cacheName ?? null };
}

/** The panel's view of a stored lesson. */
export async function storedLessonOf(db: OfflineDb, grant: GrantRecord): Promise<StoredLesson> {
  return {
    grantId: grant.grantId,
    lessonKey: grant.package.lessonKey,
    lessonName: grant.package.lessonName,
    courseName: grant.package.courseName,
    expiresInstant: grant.package.expiresInstant,
    bytes: grant.bytes,
    storedInstant: grant.storedInstant,
    pendingCommits: await pendingCount(db, grant.grantId),
    syncedInstant: grant.syncedInstant,
    notices: grant.notices.map(({ kind, lessonName, message }) => ({ kind, lessonName, message })),
  };
}

/** The owner's stored lessons, in the order they were stored. */
export async function listLessons(db: OfflineDb, owner: string): Promise<StoredLesson[]> {
  const grants = await db.getAllFromIndex('grants', 'owner', owner);
  grants.sort((a, b) => a.storedInstant - b.storedInstant);
  return Promise.all(grants.map((grant) => storedLessonOf(db, grant)));
}

export const pendingRemoveMessage = (pending: number): string =>
  `This lesson has ${pending} ${pending === 1 ? 'change' : 'changes'} made offline that ` +
  'Waypoint has not received yet. Connect to the internet and sync before removing it, so ' +
  'nothing is lost.';

/**
 * Removes a stored lesson: its files and its record. Refused while commits wait (data is never
 * lost); the record goes in a transaction that checks the queue again.
 */
export async function removeLesson(
  deps: Pick<StoreDeps, 'db' | 'caches'>,
  grantId: string,
): Promise<boolean> {
  const { db, caches } = deps;
  const tx = db.transaction(['grants', 'queue'], 'readwrite');
  const grant = await tx.objectStore('grants').get(grantId);
  const pending = await tx.objectStore('queue').count(grantRange(grantId));
  if (pending > 0) {
    await tx.done;
    throw new StoreError(pendingRemoveMessage(pending));
  }
  if (grant) await tx.objectStore('grants').delete(grantId);
  await tx.done;
  // Every cache of the grant (a refresh interrupted by a closed page may have left one).
  for (const name of await caches.keys()) {
    if (name.startsWith(`${CACHE_PREFIX}${grantId}-`)) await caches.delete(name);
  }
  return grant !== undefined;
}
