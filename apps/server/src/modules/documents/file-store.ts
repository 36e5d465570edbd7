import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import {
  openObjectStorage,
  readObject,
  type ObjectStorage,
} from '../../platform/object-storage/index.js';

/**
 * Where students' document files live (ADR 0017): one object each, `documents/<name>`, in the
 * object storage (DATA_DIR/documents by default, or the STORAGE_URL bucket). Names are chosen here
 * (never from the upload) and every write is whole or not at all (the storage's put).
 */
export interface DocumentFileStore {
  /** Writes the bytes under a new random name and returns that name. */
  save(bytes: Buffer): Promise<string>;
  read(name: string): Promise<Buffer>;
  /** Removes a file (nothing happens when it is absent). */
  remove(name: string): Promise<void>;
}

// Stored names come from save() or the database; anything else could reach other keys.
const STORED_NAME = /^doc-[0-9a-f]{32}$/;

function keyOf(name: string): string {
  if (!STORED_NAME.test(name)) throw new Error(`Invalid stored document name '${name}'.`);
  return `documents/${name}`;
}

/** The document store on a given object storage. */
export function documentFileStoreOn(objects: ObjectStorage): DocumentFileStore {
  return {
    async save(bytes) {
      const name = `doc-${randomBytes(16).toString('hex')}`;
      await objects.put(keyOf(name), bytes);
      return name;
    },
    async read(name) {
      const bytes = await readObject(objects, keyOf(name));
      if (!bytes) throw new Error(`Stored document '${name}' is missing.`);
      return bytes;
    },
    async remove(name) {
      await objects.delete(keyOf(name));
    },
  };
}

/** The document store in the local folder `${config.dataDir}/documents`, whatever STORAGE_URL says. */
export function localDocumentFileStore(config: Pick<Config, 'dataDir'>): DocumentFileStore {
  return documentFileStoreOn(openObjectStorage({ dataDir: config.dataDir, storageUrl: null }));
}
