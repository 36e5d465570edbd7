/**
 * Test helpers of the offline store (docs/decisions/0024): a fresh fake IndexedDB per test, a
 * grant record, a fake sync server that applies commits by the server's seq rule and records the
 * order it applied them in, and an in-memory Cache Storage.
 */
// Puts every IndexedDB global (IDBRequest, IDBKeyRange ...) on jsdom's window, as idb expects.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type {
  CmiValues,
  OfflinePackage,
  OfflineStart,
  OfflineSyncAnswer,
  OfflineSyncBody,
} from '@waypoint/domain/contract';
import type { GrantRecord } from './db';
import { EMPTY_PROGRESS } from './opening';

/** A new, empty IndexedDB for the next openOfflineDb (the store is per factory). */
export function freshIndexedDb(): IDBFactory {
  const factory = new IDBFactory();
  globalThis.indexedDB = factory;
  return factory;
}

export const GRANT_ID = 'G'.repeat(43);
export const OTHER_GRANT_ID = 'H'.repeat(43);

export function startOf(overrides: Partial<OfflineStart> = {}): OfflineStart {
  return {
    stored: { ...EMPTY_PROGRESS, cmi: {} },
    mode: 'normal',
    credit: true,
    learnerId: 'student',
    learnerName: 'Student, Sam',
    launchData: null,
    masteryScore: null,
    completionThreshold: null,
    maxTimeAllowed: null,
    timeLimitAction: null,
    objectiveIds: [],
    completionSetByContent: false,
    objectiveSetByContent: false,
    ...overrides,
  };
}

export function packageOf(overrides: Partial<OfflinePackage> = {}): OfflinePackage {
  const grantId = overrides.grantId ?? GRANT_ID;
  return {
    grantId,
    expiresInstant: Date.UTC(2100, 0, 1),
    lessonKey: 7,
    lessonName: 'Cabin safety',
    courseName: 'Safety',
    scormVersion: '1.2',
    contentUrl: `/content/offline/${grantId}/index.html`,
    files: [
      { path: 'index.html', size: 11 },
      { path: 'media/clip one.mp4', size: 2000 },
    ],
    totalBytes: 2011,
    start: startOf(),
    autocommitSeconds: 30,
    ...overrides,
  };
}

export function grantOf(overrides: Partial<GrantRecord> = {}): GrantRecord {
  const pkg = overrides.package ?? packageOf({ grantId: overrides.grantId ?? GRANT_ID });
  return {
    grantId: pkg.grantId,
    token: 'grant-token',
    owner: 'lms-1/user-2',
    package: pkg,
    start: pkg.start,
    cacheName: `waypoint-offline-${pkg.grantId}-1`,
    bytes: 2011,
    storedInstant: 1000,
    syncedInstant: 0,
    nextOpening: 1,
    refused: {},
    halted: null,
    notices: [],
    ...overrides,
  };
}

export interface AppliedCommit {
  localId: string;
  seq: number;
  cmi: CmiValues;
}

/**
 * A fake POST sync: each opening's commits are applied by the server's rule (seq <= lastSeq
 * acknowledged and ignored) and must come without a gap; `applied` is the order they were
 * applied in. `answer` may change what is answered (a refusal, a lost answer).
 */
export function fakeSyncServer(
  options: {
    start?: OfflineStart;
    onRequest?: (body: OfflineSyncBody, call: number) => Response | Error | null;
  } = {},
) {
  const lastSeq = new Map<string, number>();
  const applied: AppliedCommit[] = [];
  const bodies: OfflineSyncBody[] = [];
  const problems: string[] = [];
  const fetch = (input: string, init: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init.body)) as OfflineSyncBody;
    bodies.push(body);
    if (!input.endsWith(`/sync`)) problems.push(`unexpected address ${input}`);
    if (body.launches.length > 20) problems.push('more than 20 launches');
    for (const launch of body.launches) {
      if (launch.commits.length > 200) problems.push('more than 200 commits');
      for (const commit of launch.commits) {
        const last = lastSeq.get(launch.localId) ?? 0;
        if (commit.seq <= last) continue;
        if (commit.seq !== last + 1)
          problems.push(`${launch.localId}: ${commit.seq} after ${last}`);
        lastSeq.set(launch.localId, commit.seq);
        applied.push({ localId: launch.localId, seq: commit.seq, cmi: commit.cmi });
      }
    }
    const special = options.onRequest?.(body, bodies.length);
    if (special instanceof Error) return Promise.reject(special);
    if (special) return Promise.resolve(special);
    const answer: OfflineSyncAnswer = {
      launches: body.launches.map((launch) => ({
        localId: launch.localId,
        lastSeq: lastSeq.get(launch.localId) ?? 0,
        closed: launch.commits.some((c) => c.final),
      })),
      start: options.start ?? startOf(),
    };
    return Promise.resolve(Response.json(answer));
  };
  return { fetch, applied, bodies, problems, lastSeq };
}

/** An in-memory Cache Storage (enough of it for the package store and the worker's reads). */
export class MemoryCaches implements Pick<CacheStorage, 'open' | 'delete' | 'keys' | 'has'> {
  readonly stores = new Map<string, Map<string, Response>>();

  open(name: string): Promise<Cache> {
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    const entries = store;
    const key = (request: RequestInfo | URL) =>
      new URL(String(request instanceof Request ? request.url : request), 'http://content.test')
        .href;
    const cache = {
      put: (request: RequestInfo | URL, response: Response) => {
        entries.set(key(request), response);
        return Promise.resolve();
      },
      match: (request: RequestInfo | URL) => Promise.resolve(entries.get(key(request))?.clone()),
    };
    return Promise.resolve(cache as unknown as Cache);
  }

  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.stores.delete(name));
  }

  keys(): Promise<string[]> {
    return Promise.resolve([...this.stores.keys()]);
  }

  has(name: string): Promise<boolean> {
    return Promise.resolve(this.stores.has(name));
  }
}
