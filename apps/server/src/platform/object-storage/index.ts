import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { localObjectStorage } from './local.js';
import { s3ObjectStorage } from './s3.js';
import { parseStorageUrl } from './storage-url.js';

/**
 * Files by key (ADR 0017): SCORM package files (`content/<folder>/...`), document uploads
 * (`documents/...`) and library media (`library/...`), kept in a local folder under DATA_DIR by
 * default or in an S3-compatible bucket (STORAGE_URL) when several server instances share them.
 * Keys are checked by keys.ts before any backend sees them.
 */

export { checkKey, checkPrefix, joinKey, InvalidObjectKeyError } from './keys.js';

export interface ObjectInfo {
  key: string;
  size: number;
  /** A strong validator in quotes, as HTTP sends it. */
  etag: string;
  lastModified: Date;
  /** The type given at put time; null where the backend keeps none (the local folder). */
  contentType: string | null;
}

/** Inclusive byte offsets, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectBody {
  info: ObjectInfo;
  /** The whole object, or only `range` when one was asked for. */
  body: Readable;
  range: ByteRange | null;
}

export interface PutOptions {
  contentType?: string;
  /** The byte count of a stream body (S3 needs it up front; a stream without one is buffered). */
  size?: number;
}

export interface ObjectStorage {
  /** 'local' or 's3', for logs and the readiness check. */
  readonly kind: 'local' | 's3';
  /** Stores the object whole or not at all (a reader never sees half of it). */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void>;
  /** The object (or a byte range of it); null when there is none. */
  get(key: string, options?: { range?: ByteRange }): Promise<ObjectBody | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes one object; nothing happens when it is absent. */
  delete(key: string): Promise<void>;
  /** Deletes every object under a folder prefix (ending in '/'); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every key under a folder prefix (ending in '/'), sorted. */
  list(prefix: string): Promise<string[]>;
}

// One backend per configuration: an S3 client keeps its connection pool, so every caller that
// opens the storage for the same config shares it.
const opened = new WeakMap<object, ObjectStorage>();

/** The storage STORAGE_URL names, or the local folder under DATA_DIR when it is unset. */
export function openObjectStorage(
  config: Pick<Config, 'dataDir'> & { storageUrl?: string | null },
): ObjectStorage {
  const known = opened.get(config);
  if (known) return known;
  const storage = config.storageUrl
    ? s3ObjectStorage(parseStorageUrl(config.storageUrl))
    : localObjectStorage(config.dataDir);
  opened.set(config, storage);
  return storage;
}

/** Reads a whole object into memory (for small objects: document uploads, certificate images). */
export async function readObject(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
