/**
 * The kept query cache (ADR 0024 "Offline panel"): one entry per LMS + user, only the student's
 * read queries, nothing written for anyone but who is signed in, another student's entries
 * removed, everything removed at sign-out.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/query-keys';
import {
  clearOfflineCache,
  isKeptQuery,
  offlineCacheKey,
  startOfflineCache,
  type KeptStore,
} from './offline-cache';
import { forgetKeptData, hasKeptData } from './offline-kept';

/** A KeptStore over a Map, standing in for IndexedDB (jsdom has none). */
function mapStore(entries: Record<string, string> = {}): KeptStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    del: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
    clear: async () => map.clear(),
  };
}

const student = { lmsKey: 3, userKey: 42 } as const;
const OPTIONS = { showExpired: true, withFlaggedAssignments: true, showEmptyLeafs: false };
const REPORT = queryKeys.progress.report(3, 42, OPTIONS);
const FEED = queryKeys.widgets.calendarFeed(3, 42);

/** Waits for the persister's throttled write (1 s) to land. */
const written = (store: ReturnType<typeof mapStore>, key: string) =>
  vi.waitFor(() => expect(store.map.get(key)).toBeDefined(), { timeout: 3000 });

afterEach(async () => {
  await clearOfflineCache(mapStore());
  forgetKeptData();
});

describe('the kept query cache', () => {
  it.each([
    [queryKeys.progress.report(3, 42, OPTIONS), true],
    [queryKeys.reports.courseCompletion(3, 42), true],
    [queryKeys.reports.completionTrees(3, 42), true],
    [queryKeys.widgets.list(3, 42), true],
    [queryKeys.widgets.calendarData(3, 42, 42), true],
    [queryKeys.library.courses(3, 42), true],
    [queryKeys.documents.list(3, 42), true],
    // Secrets and other people: the calendar feed address, the picker, signed media links.
    [queryKeys.widgets.calendarFeed(3, 42), false],
    [queryKeys.widgets.pickerUsers(3), false],
    [queryKeys.library.media(3, 42), false],
    [queryKeys.certificates.data(3, 42, 1, 2, null), false],
    [queryKeys.comments.list(3, 1, 2, 42, ''), false],
    [queryKeys.evaluations.form(3, 42, 9), false],
  ])('keeps %j: %s', (key, kept) => expect(isKeptQuery(key)).toBe(kept));

  it("writes the student's read queries under their LMS + user, and restores them offline", async () => {
    const store = mapStore();
    const client = new QueryClient();
    client.setQueryData(REPORT, { progressReport: ['kept'] }, { updatedAt: 1_700_000_000_000 });
    client.setQueryData(FEED, { url: 'https://secret-feed' });
    const owner = `${student.lmsKey}:${student.userKey}`;
    await startOfflineCache({ queryClient: client, owner, currentOwner: () => owner, store });
    client.setQueryData(REPORT, { progressReport: ['kept'] }, { updatedAt: 1_700_000_000_000 });
    await written(store, offlineCacheKey('3:42'));
    const raw = store.map.get('panel:3:42')!;
    expect(raw).toContain('kept');
    expect(raw).not.toContain('secret-feed');
    expect(hasKeptData({ ...student } as never)).toBe(true);
    expect(hasKeptData({ lmsKey: 3, userKey: 43 } as never)).toBe(false);

    // A new page load: an empty client takes the kept data, with the time it was fetched.
    await clearOfflineCache(mapStore());
    const next = new QueryClient();
    await startOfflineCache({ queryClient: next, owner, currentOwner: () => owner, store });
    expect(next.getQueryData(REPORT)).toEqual({ progressReport: ['kept'] });
    expect(next.getQueryState(REPORT)?.dataUpdatedAt).toBe(1_700_000_000_000);
    expect(next.getQueryData(FEED)).toBeUndefined();
  });

  it("another student signing in on the device removes every entry but theirs, and never sees the other's", async () => {
    const store = mapStore({ 'panel:3:42': '{"kept":"old student"}' });
    const client = new QueryClient();
    await startOfflineCache({
      queryClient: client,
      owner: '3:77',
      currentOwner: () => '3:77',
      store,
    });
    expect([...store.map.keys()]).toEqual(['panel:3:77']);
    expect(store.map.get('panel:3:77')).not.toContain('old student');
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('writes what the client already holds when it starts (data that came during the restore)', async () => {
    const store = mapStore();
    const client = new QueryClient();
    client.setQueryData(REPORT, { progressReport: ['before the start'] });
    await startOfflineCache({
      queryClient: client,
      owner: '3:42',
      currentOwner: () => '3:42',
      store,
    });
    await written(store, 'panel:3:42');
    expect(store.map.get('panel:3:42')).toContain('before the start');
  });

  it('leaving the page writes at once, past the throttle', async () => {
    const store = mapStore();
    const client = new QueryClient();
    await startOfflineCache({
      queryClient: client,
      owner: '3:42',
      currentOwner: () => '3:42',
      store,
    });
    client.setQueryData(REPORT, { progressReport: ['just fetched'] });
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(store.map.get('panel:3:42')).toContain('just fetched'), {
      timeout: 200,
    });
  });

  it('writes nothing once the student is no longer signed in, and sign-out removes it all', async () => {
    const store = mapStore();
    const client = new QueryClient();
    let current: string | null = '3:42';
    await startOfflineCache({
      queryClient: client,
      owner: '3:42',
      currentOwner: () => current,
      store,
    });
    store.map.clear();
    current = null;
    client.setQueryData(REPORT, { progressReport: [] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(store.map.size).toBe(0);

    store.map.set('panel:3:42', '{}');
    await clearOfflineCache(store);
    expect(store.map.size).toBe(0);
  });
});
