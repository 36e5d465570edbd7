import type { Readable } from 'node:stream';

/** What every storage backend offers (ADR 0017); local.ts and s3.ts implement it. */

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
