import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Where students' document files live. The content storage (modules/content/storage.ts) keeps
 * whole package folders; documents need single files, so this small store sits beside it with the
 * same rules: a local folder under DATA_DIR, names chosen here (never from the upload), and every
 * write done whole or not at all.
 */
export interface DocumentFileStore {
  /** Writes the bytes under a new random name and returns that name. */
  save(bytes: Buffer): Promise<string>;
  read(name: string): Promise<Buffer>;
  /** Removes a file (nothing happens when it is absent). */
  remove(name: string): Promise<void>;
}

// Stored names come from save() or the database; anything else could leave the folder.
const STORED_NAME = /^doc-[0-9a-f]{32}$/;

function checkName(name: string): string {
  if (!STORED_NAME.test(name)) throw new Error(`Invalid stored document name '${name}'.`);
  return name;
}

/** The local-folder store, rooted at `${config.dataDir}/documents`. */
export function localDocumentFileStore(config: Pick<Config, 'dataDir'>): DocumentFileStore {
  const root = path.resolve(config.dataDir, 'documents');
  const fileOf = (name: string) => path.join(root, checkName(name));
  return {
    async save(bytes) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      const name = `doc-${randomBytes(16).toString('hex')}`;
      // Written beside its final place and renamed: a reader never sees half a file.
      const temporary = path.join(root, `.incoming-${randomBytes(8).toString('hex')}`);
      try {
        const handle = await open(temporary, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, fileOf(name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return name;
    },
    read: (name) => readFile(fileOf(name)),
    async remove(name) {
      await rm(fileOf(name), { force: true });
    },
  };
}
