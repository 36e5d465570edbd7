/**
 * The messages between the panel (its own origin) and the offline bridge page on the content
 * origin (`/player/offline`, in a hidden frame of the panel), docs/decisions/0024. Lessons made
 * available offline live on the content origin, where the player runs (its Cache Storage and
 * IndexedDB): the panel asks the bridge to store, list, remove and sync them. The bridge answers
 * only the panel's origin, and the panel only the content origin.
 */

/** A request from the panel; `id` pairs it with its answer. */
export type BridgeRequest =
  | {
      type: 'store';
      id: string;
      /** The grant the server made (offlineCalls.grant) and its token. */
      grantId: string;
      token: string;
      /** Who the lesson belongs to, so one device's store never mixes two students. */
      owner: string;
    }
  | { type: 'list'; id: string; owner: string }
  | { type: 'remove'; id: string; grantId: string }
  | { type: 'sync'; id: string; owner: string };

/** A lesson stored on this device, as the bridge reports it. */
export interface StoredLesson {
  grantId: string;
  lessonKey: number;
  lessonName: string;
  courseName: string;
  /** ms since the epoch. */
  expiresInstant: number;
  /** Bytes stored for its package. */
  bytes: number;
  /** ms since the epoch. */
  storedInstant: number;
  /** Commits made offline and not yet acknowledged by the server. */
  pendingCommits: number;
  /** ms since the epoch of the last successful sync, 0 when none. */
  syncedInstant: number;
  /** What the last sync said the student should know (a refusal, a conflict, a clock ahead). */
  notices: SyncNotice[];
}

/** Something a sync found that the student must see (never hidden, docs/decisions/0024). */
export interface SyncNotice {
  kind: 'refused' | 'conflict' | 'clock-ahead' | 'expired';
  lessonName: string;
  message: string;
}

/** An answer or a progress report from the bridge. */
export type BridgeMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: string; grantId: string; loadedBytes: number; totalBytes: number }
  | { type: 'stored'; id: string; lesson: StoredLesson }
  | { type: 'list'; id: string; lessons: StoredLesson[] }
  | { type: 'removed'; id: string; grantId: string }
  | { type: 'synced'; id: string; lessons: StoredLesson[]; notices: SyncNotice[] }
  | { type: 'error'; id: string; message: string };

/** The content origin's page that plays a stored lesson: `/player/offline/play#{grantId}`. */
export const offlinePlayPath = '/player/offline/play';
/** The bridge page. */
export const offlineBridgePath = '/player/offline';
