/**
 * Sync at every start (docs/decisions/0024): when the signed-in panel starts online, and each time
 * it comes back online, the content origin's bridge sends the owner's queued offline commits to
 * the server, in order. What the sync found (a refusal by the launch rules, a conflict with
 * another device, a clock ahead of the server, an expired copy) comes back as notices the student
 * must see; then the progress queries reload, so the report shows the synced results.
 */
import type { QueryClient } from '@tanstack/react-query';
import { reloadProgress } from '../../api/use-progress';
import { bridgeFor } from './bridge-client';
import { rememberedContentOrigin } from './content-origin';
import { setDeviceLessons } from './use-offline-lessons';
import type { SyncNotice } from '../../offline/bridge-protocol';

/** One sync per owner at a time (a start and an 'online' event may come together). */
const running = new Map<string, Promise<readonly SyncNotice[] | null>>();

/**
 * Syncs the owner's lessons on this device; null when none was ever stored here (no content
 * origin known: no frame is opened) or when the bridge could not sync (it keeps everything and
 * the next start tries again).
 */
export function syncOfflineLessons(
  queryClient: QueryClient,
  owner: string,
): Promise<readonly SyncNotice[] | null> {
  let sync = running.get(owner);
  if (!sync) {
    sync = runSync(queryClient, owner).finally(() => running.delete(owner));
    running.set(owner, sync);
  }
  return sync;
}

async function runSync(
  queryClient: QueryClient,
  owner: string,
): Promise<readonly SyncNotice[] | null> {
  const contentOrigin = await rememberedContentOrigin();
  if (!contentOrigin) return null;
  let result;
  try {
    result = await bridgeFor(contentOrigin).sync(owner);
  } catch (error) {
    console.warn('Offline lessons did not sync', error);
    return null;
  }
  setDeviceLessons(queryClient, owner, () => ({ contentOrigin, lessons: result.lessons }));
  await reloadProgress(queryClient);
  // A sync the content service worker ran by itself (Background Sync, with no page open) left
  // its notices with the lessons: they are shown too, never lost.
  return mergeNotices(
    result.notices,
    result.lessons.flatMap((lesson) => lesson.notices),
  );
}

/** One notice, whichever sync answered it. */
const noticeKey = (notice: SyncNotice) =>
  `${notice.kind}\u0000${notice.lessonName}\u0000${notice.message}`;

/** Adds notices not shown yet (the same notice from two syncs shows once). */
export function mergeNotices(shown: readonly SyncNotice[], next: readonly SyncNotice[]) {
  const seen = new Set(shown.map(noticeKey));
  const added = next.filter((notice) => {
    const k = noticeKey(notice);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return added.length === 0 ? shown : [...shown, ...added];
}

type Listener = () => void;
const listeners = new Set<Listener>();
type Shown = { owner: string; list: readonly SyncNotice[] };

/** Kept for the tab (sessionStorage): a reload, or an address typed in, does not hide them. */
const SHOWN_KEY = 'waypoint.offlineSyncNotices';

function loadShown(): Shown {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(SHOWN_KEY);
    const parsed = raw ? (JSON.parse(raw) as Shown) : null;
    if (parsed && typeof parsed.owner === 'string' && Array.isArray(parsed.list)) return parsed;
  } catch {
    // Unreadable or refused storage: nothing was kept.
  }
  return { owner: '', list: [] };
}

function saveShown(value: Shown): void {
  try {
    if (value.list.length > 0) sessionStorage.setItem(SHOWN_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(SHOWN_KEY);
  } catch {
    // Refused storage: the notices still show on this page.
  }
}

let shown: Shown = loadShown();
const dismissed = new Set<string>();
const EMPTY: readonly SyncNotice[] = [];

/**
 * The notices shown until the student dismisses them, whichever page is open (a page change or a
 * reload does not hide them); one owner's at a time.
 */
export const syncNotices = {
  get(owner: string | null): readonly SyncNotice[] {
    return owner !== null && shown.owner === owner ? shown.list : EMPTY;
  },
  add(owner: string, found: readonly SyncNotice[]): void {
    const fresh = found.filter((notice) => !dismissed.has(noticeKey(notice)));
    const list = mergeNotices(shown.owner === owner ? shown.list : [], fresh);
    if (shown.owner === owner && list === shown.list) return;
    shown = { owner, list };
    saveShown(shown);
    for (const listener of [...listeners]) listener();
  },
  dismiss(): void {
    // Dismissed for this visit: a later sync answering the same notices does not bring them back.
    for (const notice of shown.list) dismissed.add(noticeKey(notice));
    shown = { owner: '', list: [] };
    saveShown(shown);
    for (const listener of [...listeners]) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Test helper: nothing shown, nothing dismissed. */
export function resetSyncNoticesForTests(): void {
  dismissed.clear();
  syncNotices.dismiss();
  dismissed.clear();
}
