import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Where package files live (design brief: a small storage interface, local folder by default;
 * S3-compatible storage later). A package is one folder, named by the importer.
 */
export interface ContentStorage {
  /** The absolute local folder of a package, for serving its files. */
  packagePath(folder: string): string;
  /** Runs `write` on an empty temporary folder, then moves it into place whole (or not at all). */
  savePackage(folder: string, write: (dir: string) => Promise<void>): Promise<void>;
  /** Deletes a package's folder (nothing happens when it is absent). */
  removePackage(folder: string): Promise<void>;
}

/** A new random package folder name: 'pkg-' and 16 hex digits. */
export function newPackageFolder(): string {
  return `pkg-${randomBytes(8).toString('hex')}`;
}

// Folder names come from newPackageFolder or the database; anything else could leave the root.
const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function checkFolder(folder: string): string {
  if (!FOLDER_NAME.test(folder)) throw new Error(`Invalid package folder name '${folder}'.`);
  return folder;
}

/** Temporary folders start with a dot, so they never clash with (or look like) a package. */
const TEMP_PREFIX = '.incoming-';

/** The local-folder storage, rooted at `${config.dataDir}/content`. */
export function localContentStorage(config: Pick<Config, 'dataDir'>): ContentStorage {
  const root = path.resolve(config.dataDir, 'content');
  const packagePath = (folder: string) => path.join(root, checkFolder(folder));
  return {
    packagePath,

    async savePackage(folder, write) {
      const destination = packagePath(folder);
      await mkdir(root, { recursive: true });
      // Inside the root, so the final rename stays on one file system (atomic).
      const temporary = await mkdtemp(path.join(root, TEMP_PREFIX));
      try {
        await write(temporary);
        const exists = await stat(destination).then(
          () => true,
          () => false,
        );
        if (exists) throw new Error(`Package folder '${folder}' already exists.`);
        await rename(temporary, destination);
      } catch (error) {
        await rm(temporary, { recursive: true, force: true });
        throw error;
      }
    },

    async removePackage(folder) {
      await rm(packagePath(folder), { recursive: true, force: true });
    },
  };
}
