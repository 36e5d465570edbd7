/**
 * The content origin's IndexedDB store of lessons made available offline (docs/decisions/0024):
 * `grants` (one record per stored lesson: its token, owner, package, the state its next offline
 * attempt starts from, and what the last syncs said) and `queue` (commits made offline, not yet
 * acknowledged by the server). A queue entry's key is (grantId, opening, seq): the device's
 * openings of a lesson in the order they began (a counter kept on the grant, not the clock, which
 * may go back), and each opening's commits in seq order, so a cursor over a grant's range reads
 * them in exactly the order they must be sent.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type {
  CmiValues,
  OfflinePackage,
  OfflineStart,
  ScormVersion,
} from '@waypoint/domain/contract';
import type { SyncNotice } from './bridge-protocol';

export const OFFLINE_DB_NAME = 'waypoint-offline';
export const OFFLINE_DB_VERSION = 1;

/** A notice with when it was made (the panel shows the newest first). */
export interface StoredNotice extends SyncNotice {
  instant: number;
  /** The opening it is about, when it is about one. */
  localId?: string;
}

export interface GrantRecord {
  grantId: string;
  /** The grant's token: the Bearer of its package and files, and the sync body's token. */
  token: string;
  /** Who the lesson belongs to (the panel's name for the student): lists never mix two. */
  owner: string;
  package: OfflinePackage;
  /** What the next offline opening starts from: the server's, then each local commit applied. */
  start: OfflineStart;
  /** The Cache Storage cache that holds the package's files. */
  cacheName: string;
  /** Bytes stored in that cache. */
  bytes: number;
  storedInstant: number;
  /** ms since the epoch of the last sync the server answered; 0 when none. */
  syncedInstant: number;
  /** The next opening's number (the queue's order of openings). */
  nextOpening: number;
  /** Openings the server refused at sync: kept, not sent again by an automatic sync. */
  refused: Record<string, string>;
  /** The server no longer takes this grant's syncs (410) or its token (401, 403): not retried. */
  halted: string | null;
  notices: StoredNotice[];
}

export interface QueueEntry {
  grantId: string;
  /** The opening's place among the grant's openings on this device. */
  opening: number;
  localId: string;
  startedInstant: number;
  resumed: boolean;
  seq: number;
  final: boolean;
  cmi: CmiValues;
  /** The device's clock when the commit was made. */
  instant: number;
  /** The lesson's version (for the reader's convenience; the grant's package has it too). */
  version: ScormVersion;
}

export interface OfflineSchema extends DBSchema {
  grants: { key: string; value: GrantRecord; indexes: { owner: string } };
  queue: {
    key: [string, number, number];
    value: QueueEntry;
    indexes: { grant: string };
  };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

/** Opens (and creates or upgrades) the store. */
export function openOfflineDb(): Promise<OfflineDb> {
  return openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      const grants = db.createObjectStore('grants', { keyPath: 'grantId' });
      grants.createIndex('owner', 'owner');
      const queue = db.createObjectStore('queue', { keyPath: ['grantId', 'opening', 'seq'] });
      queue.createIndex('grant', 'grantId');
    },
  });
}

/** Every queue key of one grant, in send order. */
export const grantRange = (grantId: string): IDBKeyRange =>
  IDBKeyRange.bound([grantId, -Infinity, -Infinity], [grantId, Infinity, Infinity]);
