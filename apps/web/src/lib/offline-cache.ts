/**
 * The student's last read data kept on the device (docs/decisions/0024 "Offline panel"): the
 * TanStack Query cache persisted to IndexedDB (idb-keyval) by the official persister, one entry
 * per LMS + user, busted by the app version, 30 days at most. Only the student's read queries of
 * KEPT_QUERIES are kept: never a session id, a token, a signed address or an answer.
 *
 * Loaded lazily by the signed-in shell (app/use-offline-cache.ts), so the login page never loads
 * it; sign-out clears it (lib/store.ts clearSession), and another student signing in on the same
 * device removes every entry but their own.
 */
import { dehydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClient,
  persistQueryClientSave,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, keys, set } from 'idb-keyval';
import { version } from '../../package.json';
import { markKeptData } from './offline-kept';

/** How long kept data may be shown offline. */
export const OFFLINE_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A new version of the panel drops what an older one kept (its data shapes may differ): the web
 * app's package version, and the shape of what is kept here (raise it when KEPT_QUERIES changes).
 */
export const OFFLINE_CACHE_BUSTER = `${version}/1`;

/** The few calls the cache makes of its storage (IndexedDB in the app, a Map in tests). */
export interface KeptStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

/** The panel's IndexedDB store: database 'waypoint-offline', object store 'query-cache'. */
export function indexedDbStore(): KeptStore {
  const store = createStore('waypoint-offline', 'query-cache');
  return {
    get: (key) => get<string>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: async () => (await keys(store)).map(String),
    clear: () => clear(store),
  };
}

/** The storage key of one student's kept cache. */
export const offlineCacheKey = (owner: string) => `panel:${owner}`;

/**
 * The queries kept offline, by the leading parts of their key (api/query-keys.ts): the dashboard
 * widgets and calendar, the progress report and everything under 'progress' (course details, due
 * lists, the Completion Report and its trees, attempts, the evaluations list), the report's
 * organisation data, the library's course list, the document list and counts, the reminder
 * preference and the app-download links. Not kept: the calendar feed address (a secret), the
 * student picker (other people), certificates, comments, document and evaluation forms, library
 * media (signed addresses).
 */
export const KEPT_QUERIES: readonly (readonly string[])[] = [
  ['progress'],
  ['widgets', 'list'],
  ['widgets', 'calendarMonths'],
  ['widgets', 'calendarData'],
  ['reports', 'organization'],
  ['library', 'courses'],
  ['documents', 'counts'],
  ['documents', 'list'],
  ['reminders'],
  ['appDownloadLinks'],
];

/** True when a query of this key is kept offline. */
export function isKeptQuery(queryKey: QueryKey): boolean {
  return KEPT_QUERIES.some((prefix) => prefix.every((part, index) => queryKey[index] === part));
}

/** A query is written to the device when it is kept and holds data fetched from the server. */
export function shouldKeepQuery(query: Query): boolean {
  return query.state.status === 'success' && isKeptQuery(query.queryKey);
}

interface Running {
  owner: string;
  stop: () => void;
}

let running: Running | null = null;

export interface StartOptions {
  queryClient: QueryClient;
  /** The signed-in student ('lmsKey:userKey', lib/offline-kept.ts). */
  owner: string;
  /** Who is signed in now: nothing is written for anyone else (a write due after sign-out). */
  currentOwner: () => string | null;
  store?: KeptStore;
}

/**
 * Restores the student's kept queries into the client and keeps them up to date from then on.
 * Resolves once restored. Entries of any other student on the device are removed first.
 */
export async function startOfflineCache(options: StartOptions): Promise<void> {
  const { queryClient, owner, currentOwner } = options;
  const store = options.store ?? indexedDbStore();
  if (running?.owner === owner) return;
  running?.stop();
  const key = offlineCacheKey(owner);
  for (const other of await store.keys()) {
    if (other !== key) await store.del(other);
  }
  const persister = createAsyncStoragePersister({
    key,
    throttleTime: 1000,
    storage: {
      getItem: (name) => store.get(name),
      setItem: async (name, value) => {
        if (name !== key || offlineCacheKey(currentOwner() ?? '') !== key) return;
        await store.set(name, value);
        markKeptData(owner);
      },
      removeItem: (name) => store.del(name),
    },
  });
  const persistence = {
    queryClient,
    persister,
    buster: OFFLINE_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldKeepQuery },
  };
  const [unsubscribe, restored] = persistQueryClient({
    ...persistence,
    maxAge: OFFLINE_CACHE_MAX_AGE_MS,
  });
  // Leaving the page within the persister's throttle would lose its last write: write it now,
  // past the throttle, in the persister's own format.
  const flush = () => {
    if (offlineCacheKey(currentOwner() ?? '') !== key) return;
    const client: PersistedClient = {
      buster: OFFLINE_CACHE_BUSTER,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, persistence.dehydrateOptions),
    };
    void store.set(key, JSON.stringify(client)).catch(() => undefined);
  };
  window.addEventListener('pagehide', flush);
  const stop = () => {
    window.removeEventListener('pagehide', flush);
    unsubscribe();
  };
  running = { owner, stop };
  await restored;
  // The persister writes on the cache's changes from now on: what arrived before (a page whose
  // data came while the restore ran) is written once here.
  if (running?.owner === owner) await persistQueryClientSave(persistence);
}

/** Stops keeping data and removes every kept entry (sign-out). */
export async function clearOfflineCache(store: KeptStore = indexedDbStore()): Promise<void> {
  running?.stop();
  running = null;
  await store.clear();
}
