/**
 * The player of a lesson stored on this device (docs/decisions/0024): the state the runtime
 * starts from, worked out on the device as the server would (opening.ts), and a PlayerApi whose
 * commits go to the durable queue (queue.ts) instead of the network: a commit is answered
 * applied only once its IndexedDB transaction has completed. Each opening is a launch of its own
 * for the server (a new localId, seq from 1).
 */
import type { StoredProgress } from '@waypoint/domain';
import type {
  CommitAnswer,
  CommitPayload,
  OfflineStart,
  PlayerState,
} from '@waypoint/domain/contract';
import { PlayerApiError, type PlayerApi } from '../player/player-api';
import { openOfflineDb, type GrantRecord, type OfflineDb } from './db';
import { applyOfflineCommit, openOffline, type OfflineOpening } from './opening';
import { appendCommit, beginOpening, GrantMissingError } from './queue';

/** A message the player shows instead of the lesson. */
export class OfflinePlayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OfflinePlayError';
  }
}

export const NOT_STORED_MESSAGE =
  'This lesson is not stored on this device. Make it available offline again from Waypoint.';
export const NO_STORAGE_MESSAGE =
  'This browser does not let the lesson player read what it stored on this device (private ' +
  'browsing or storage turned off). Open the lesson from Waypoint while online.';
export const expiredMessage = (expiresInstant: number): string =>
  `Offline access to this lesson ended on ${new Date(expiresInstant).toISOString().slice(0, 10)}. ` +
  'Connect to the internet and open it from Waypoint.';
export const NOT_SAVED_ON_DEVICE = 'This device could not store the progress.';
export const OFFLINE_NAVIGATION_MESSAGE = 'Other lessons cannot be opened from an offline lesson.';
export const OFFLINE_CLOSED_MESSAGE = 'This lesson was closed: open it again to go on.';

/** The heartbeat interval the offline player is given (its heartbeat does nothing). */
const OFFLINE_HEARTBEAT_SECONDS = 3600;

/** A random opening id (16-64 characters of base64url, the contract's localId). */
export function newLocalId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface OfflinePlayer {
  state: PlayerState;
  api: PlayerApi;
  opening: OfflineOpening;
  grant: GrantRecord;
  localId: string;
}

export interface OpenOfflineOptions {
  db?: OfflineDb;
  now?: () => number;
}

/** Opens a stored lesson; throws OfflinePlayError with the student's message when it cannot. */
export async function openOfflinePlayer(
  grantId: string,
  options: OpenOfflineOptions = {},
): Promise<OfflinePlayer> {
  const now = options.now ?? Date.now;
  let db: OfflineDb;
  try {
    db = options.db ?? (await openOfflineDb());
  } catch {
    throw new OfflinePlayError(NO_STORAGE_MESSAGE);
  }
  const stored = await db.get('grants', grantId);
  if (!stored) throw new OfflinePlayError(NOT_STORED_MESSAGE);
  // No new attempt after the grant's end; what was made before it still syncs.
  if (stored.package.expiresInstant <= now()) {
    throw new OfflinePlayError(expiredMessage(stored.package.expiresInstant));
  }
  let begun: Awaited<ReturnType<typeof beginOpening>>;
  try {
    begun = await beginOpening(db, grantId);
  } catch (error) {
    if (error instanceof GrantMissingError) throw new OfflinePlayError(NOT_STORED_MESSAGE);
    throw error;
  }
  const { grant, opening: openingNumber } = begun;
  const pkg = grant.package;
  const version = pkg.scormVersion;
  const start: OfflineStart = grant.start;
  const opening = openOffline(version, start);
  const localId = newLocalId();
  const startedInstant = now();
  const state: PlayerState = {
    launchId: localId,
    scormVersion: version,
    lessonName: pkg.lessonName,
    courseName: pkg.courseName,
    contentUrl: pkg.contentUrl,
    lastSeq: 0,
    preview: false,
    cmi: opening.cmi,
    siblings: [
      {
        lessonKey: pkg.lessonKey,
        identifier: '',
        name: pkg.lessonName,
        current: true,
        launchable: true,
      },
    ],
    ...(pkg.hideLmsUi && pkg.hideLmsUi.length > 0 ? { hideLmsUi: pkg.hideLmsUi } : {}),
    heartbeatSeconds: OFFLINE_HEARTBEAT_SECONDS,
    autocommitSeconds: pkg.autocommitSeconds > 0 ? pkg.autocommitSeconds : 30,
  };

  let current: StoredProgress = opening.stored;
  let lastSeq = 0;
  let closed = false;
  // One write at a time, in the order the commits were made.
  let chain: Promise<unknown> = Promise.resolve();

  const write = async (payload: CommitPayload): Promise<CommitAnswer> => {
    if (payload.seq <= lastSeq) return { applied: false, seq: lastSeq, closed };
    if (closed) throw new PlayerApiError(409, OFFLINE_CLOSED_MESSAGE);
    const instant = now();
    const applied = applyOfflineCommit(version, start, opening, current, payload, instant);
    if (!applied.ok) throw new PlayerApiError(400, applied.problems.join(' '));
    try {
      await appendCommit(
        db,
        {
          grantId,
          opening: openingNumber,
          localId,
          startedInstant,
          resumed: opening.entry === 'resume',
          seq: payload.seq,
          final: payload.final,
          cmi: payload.cmi,
          instant,
          version,
        },
        opening.records ? { ...start, stored: applied.stored } : null,
      );
    } catch (error) {
      if (error instanceof GrantMissingError) throw new PlayerApiError(409, NOT_STORED_MESSAGE);
      // Storage full or failing: retried by the commit queue, the data kept in the runtime.
      throw new PlayerApiError(507, NOT_SAVED_ON_DEVICE);
    }
    current = applied.stored;
    lastSeq = payload.seq;
    if (payload.final) closed = true;
    return { applied: true, seq: payload.seq, closed: payload.final };
  };

  const commit = (payload: CommitPayload): Promise<CommitAnswer> => {
    const next = chain.then(() => write(payload));
    chain = next.catch(() => undefined);
    return next;
  };

  const api: PlayerApi = {
    launchId: localId,
    getState: () => Promise.resolve(state),
    commit: (payload) => commit(payload),
    commitOnUnload(payload) {
      // The IndexedDB transaction starts now, while the page still exists.
      commit(payload).catch((error: unknown) => {
        console.error('Waypoint player: the closing commit could not be stored.', error);
      });
      return 'fetch';
    },
    heartbeat: () => Promise.resolve(),
    navigate: () => Promise.reject(new PlayerApiError(409, OFFLINE_NAVIGATION_MESSAGE)),
  };
  return { state, api, opening, grant, localId };
}
