import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.js';
import {
  joinKey,
  openObjectStorage,
  type ObjectStorage,
} from '../../platform/object-storage/index.js';
import { typeOfPath } from '../../platform/object-storage/http.js';

/**
 * Where package files live (ADR 0017): a package is the objects under `content/<folder>/` in the
 * object storage (the local folder DATA_DIR/content/<folder> by default, or an S3 bucket). The
 * folder name is chosen by the importer.
 */
export interface ContentStorage {
  readonly objects: ObjectStorage;
  /** The key of one file of a package; throws on a path that could leave the package. */
  fileKey(folder: string, relativePath: string): string;
  /**
   * Runs `write` on an empty temporary folder, then stores every file it wrote as an object under
   * `content/<folder>/`. On any failure the objects already stored are deleted: nothing is left.
   */
  savePackage(folder: string, write: (dir: string) => Promise<void>): Promise<void>;
  /** Deletes a package's objects (nothing happens when there are none). */
  removePackage(folder: string): Promise<void>;
}

/** A new random package folder name: 'pkg-' and 16 hex digits. */
export function newPackageFolder(): string {
  return `pkg-${randomBytes(8).toString('hex')}`;
}

// Folder names come from newPackageFolder or the database; anything else could reach other keys.
const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function checkFolder(folder: string): string {
  if (!FOLDER_NAME.test(folder)) throw new Error(`Invalid package folder name '${folder}'.`);
  return folder;
}

const prefixOf = (folder: string) => `content/${checkFolder(folder)}/`;

/** Uploads at once: enough to hide an S3 round trip, few enough for a small server. */
const PARALLEL_PUTS = 8;

/** Every file below `dir`, as '/'-separated paths relative to it. */
async function filesBelow(dir: string, relative = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesBelow(dir, child)));
    else if (entry.isFile()) found.push(child);
  }
  return found;
}

/** The package storage on a given object storage (tests wrap one to fail midway). */
export function contentStorageOn(objects: ObjectStorage): ContentStorage {
  const fileKey = (folder: string, relativePath: string) =>
    joinKey(prefixOf(folder).slice(0, -1), relativePath);

  async function storeAll(staging: string, folder: string): Promise<void> {
    const files = await filesBelow(staging);
    let next = 0;
    let failure: { error: unknown } | null = null;
    // Each worker takes the next file until none is left or one has failed; all of them finish
    // before the caller cleans up, so no upload lands after the prefix is deleted.
    const worker = async () => {
      while (failure === null && next < files.length) {
        const relative = files[next++]!;
        try {
          const source = path.join(staging, relative);
          const { size } = await stat(source);
          await objects.put(fileKey(folder, relative), createReadStream(source), {
            size,
            contentType: typeOfPath(relative),
          });
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PUTS, files.length) }, worker));
    if (failure !== null) throw (failure as { error: unknown }).error;
  }

  return {
    objects,
    fileKey,

    async savePackage(folder, write) {
      const prefix = prefixOf(folder);
      if ((await objects.list(prefix)).length > 0) {
        throw new Error(`Package folder '${folder}' already exists.`);
      }
      const staging = await mkdtemp(path.join(os.tmpdir(), 'waypoint-package-'));
      try {
        await write(staging);
        await storeAll(staging, folder);
      } catch (error) {
        await objects.deletePrefix(prefix);
        throw error;
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },

    async removePackage(folder) {
      await objects.deletePrefix(prefixOf(folder));
    },
  };
}

/** The package storage in the local folder `${config.dataDir}/content`, whatever STORAGE_URL says. */
export function localContentStorage(config: Pick<Config, 'dataDir'>): ContentStorage {
  return contentStorageOn(openObjectStorage({ dataDir: config.dataDir, storageUrl: null }));
}
