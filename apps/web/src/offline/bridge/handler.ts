/**
 * The bridge's answers to the panel (bridge-protocol.ts, docs/decisions/0024): store, list, remove
 * and sync the lessons kept on this device. Requests are checked for shape first; every failure
 * is answered 'error' with a message the panel can show as it is.
 */
import type { BridgeMessage, BridgeRequest, StoredLesson } from '../bridge-protocol';
import type { OfflineDb } from '../db';
import {
  listLessons,
  removeLesson,
  StoreError,
  storedLessonOf,
  storeLesson,
  type StoreDeps,
} from '../package-store';
import { syncGrants, type FetchLike, type GrantSyncResult } from '../sync';

export interface BridgeDeps {
  db: OfflineDb;
  caches: CacheStorage;
  fetch?: FetchLike;
  now?: () => number;
  freeBytes?: StoreDeps['freeBytes'];
  /** After the panel's sync: the page retries later what could not be sent. */
  afterSync?: (results: GrantSyncResult[]) => void;
}

const isText = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** The request, when it is one of the protocol's; null otherwise. */
export function parseBridgeRequest(value: unknown): BridgeRequest | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  if (!isText(r.id, 100)) return null;
  switch (r.type) {
    case 'store':
      return isText(r.grantId) && isText(r.token) && isText(r.owner)
        ? { type: 'store', id: r.id, grantId: r.grantId, token: r.token, owner: r.owner }
        : null;
    case 'list':
      return isText(r.owner) ? { type: 'list', id: r.id, owner: r.owner } : null;
    case 'remove':
      return isText(r.grantId) ? { type: 'remove', id: r.id, grantId: r.grantId } : null;
    case 'sync':
      return isText(r.owner) ? { type: 'sync', id: r.id, owner: r.owner } : null;
    default:
      return null;
  }
}

const UNEXPECTED = 'The lessons stored on this device could not be read or changed.';

/** Handles one request, posting its progress and its answer. */
export async function handleBridgeRequest(
  deps: BridgeDeps,
  request: BridgeRequest,
  post: (message: BridgeMessage) => void,
): Promise<void> {
  const { db } = deps;
  try {
    switch (request.type) {
      case 'store': {
        const grant = await storeLesson(deps, {
          grantId: request.grantId,
          token: request.token,
          owner: request.owner,
          onProgress: throttled((loadedBytes, totalBytes) =>
            post({
              type: 'progress',
              id: request.id,
              grantId: request.grantId,
              loadedBytes,
              totalBytes,
            }),
          ),
        });
        post({ type: 'stored', id: request.id, lesson: await storedLessonOf(db, grant) });
        return;
      }
      case 'list':
        post({ type: 'list', id: request.id, lessons: await listLessons(db, request.owner) });
        return;
      case 'remove': {
        const grant = await db.get('grants', request.grantId);
        if (!grant) {
          post({ type: 'removed', id: request.id, grantId: request.grantId });
          return;
        }
        await removeLesson(deps, request.grantId);
        post({ type: 'removed', id: request.id, grantId: request.grantId });
        return;
      }
      case 'sync': {
        // The student asked: refused openings and halted grants are tried again too.
        const results = await syncGrants(
          { db, fetch: deps.fetch, now: deps.now },
          { owner: request.owner, retryRefused: true },
        );
        deps.afterSync?.(results);
        const lessons: StoredLesson[] = await listLessons(db, request.owner);
        const notices = results.flatMap((result) =>
          result.notices.map(({ kind, lessonName, message }) => ({ kind, lessonName, message })),
        );
        post({ type: 'synced', id: request.id, lessons, notices });
        return;
      }
    }
  } catch (error) {
    const message = error instanceof StoreError ? error.message : UNEXPECTED;
    if (!(error instanceof StoreError)) console.error('Waypoint offline bridge:', error);
    post({ type: 'error', id: request.id, message });
  }
}

/** Progress at most every 100 ms, and always the last (all bytes loaded). */
function throttled(
  report: (loaded: number, total: number) => void,
): (loaded: number, total: number) => void {
  let last = 0;
  return (loaded, total) => {
    const now = Date.now();
    if (loaded >= total || loaded === 0 || now - last >= 100) {
      last = now;
      report(loaded, total);
    }
  };
}
