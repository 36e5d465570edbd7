import type { Config } from '../../config.js';
import { localObjectStorage } from './local.js';
import { s3ObjectStorage } from './s3.js';
import { parseStorageUrl } from './storage-url.js';
import type { ObjectStorage } from './types.js';

/**
 * Files by key (ADR 0017): SCORM package files (`content/<folder>/...`), document uploads
 * (`documents/...`) and library media (`library/...`), kept in a local folder under DATA_DIR by
 * default or in an S3-compatible bucket (STORAGE_URL) when several server instances share them.
 * Keys are checked by keys.ts before any backend sees them.
 */

export { checkKey, checkPrefix, joinKey, InvalidObjectKeyError } from './keys.js';

export type { ByteRange, ObjectBody, ObjectInfo, ObjectStorage, PutOptions } from './types.js';

/**
 * The storage STORAGE_URL names, or the local folder under DATA_DIR when it is unset. Opened once
 * per instance (buildApp, the CLI) and passed to whatever reads or writes files: an S3 client keeps
 * its connection pool (docs/decisions/0020).
 */
export function openObjectStorage(
  config: Pick<Config, 'dataDir'> & { storageUrl?: string | null },
): ObjectStorage {
  return config.storageUrl
    ? s3ObjectStorage(parseStorageUrl(config.storageUrl))
    : localObjectStorage(config.dataDir);
}

/** Reads a whole object into memory (for small objects: document uploads, certificate images). */
export async function readObject(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
