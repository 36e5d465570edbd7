import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectInfo, ObjectStorage } from './types.js';
import { checkKey, checkPrefix } from './keys.js';

/**
 * The default backend (ADR 0017): one file per key under DATA_DIR, so `content/pkg-1/index.html`
 * is DATA_DIR/content/pkg-1/index.html, where packages and documents always lived. Writes go to
 * DATA_DIR/.incoming and are renamed into place (same file system, so atomic), which is also why
 * keys may not start with '.'. Files and folders are readable by this user only.
 */

const INCOMING = '.incoming';

const isMissing = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR');

/** A strong validator from size and modification time (a put always writes a new file). */
const etagOf = (size: number, mtimeMs: number) =>
  `"${size.toString(16)}-${Math.floor(mtimeMs * 1000).toString(16)}"`;

export function checkRange(range: ByteRange, size: number): ByteRange {
  if (
    !Number.isSafeInteger(range.start) ||
    !Number.isSafeInteger(range.end) ||
    range.start < 0 ||
    range.start > range.end ||
    range.end >= size
  ) {
    throw new RangeError(`Byte range ${range.start}-${range.end} is outside 0-${size - 1}.`);
  }
  return range;
}

export function localObjectStorage(dataDir: string): ObjectStorage {
  const root = path.resolve(dataDir);
  const fileOf = (key: string): string => {
    const file = path.resolve(root, checkKey(key));
    // checkKey refuses '..' already; this keeps the rule visible where the path is made.
    if (!file.startsWith(root + path.sep)) throw new Error(`Object key '${key}' leaves the root.`);
    return file;
  };
  const folderOf = (prefix: string) => fileOf(checkPrefix(prefix).slice(0, -1));

  async function walk(folder: string, keyPrefix: string, into: string[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${key}/`, into);
      else if (entry.isFile()) into.push(key);
    }
  }

  /** Folders exist only for their objects (as on S3): removes the ones left empty, upwards. */
  async function pruneEmpty(from: string): Promise<void> {
    for (let folder = from; folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
      try {
        await rmdir(folder);
      } catch {
        return;
      }
    }
  }

  const storage: ObjectStorage = {
    kind: 'local',

    async put(key, body: Buffer | Readable) {
      const file = fileOf(key);
      const incoming = path.join(root, INCOMING);
      await mkdir(incoming, { recursive: true, mode: 0o700 });
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = path.join(incoming, randomBytes(12).toString('hex'));
      try {
        const handle = await open(temporary, 'wx', 0o600);
        try {
          if (Buffer.isBuffer(body)) await handle.writeFile(body);
          else for await (const chunk of body) await handle.write(chunk as Buffer);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key, options = {}) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        // The size and validator of the very file that is streamed (a put renames a new one in).
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        const info: ObjectInfo = {
          key,
          size: stats.size,
          etag: etagOf(stats.size, stats.mtimeMs),
          lastModified: stats.mtime,
          contentType: null,
        };
        const range = options.range ? checkRange(options.range, stats.size) : null;
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { info, body, range };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async head(key) {
      try {
        const stats = await stat(fileOf(key));
        if (!stats.isFile()) return null;
        return {
          key,
          size: stats.size,
          etag: etagOf(stats.size, stats.mtimeMs),
          lastModified: stats.mtime,
          contentType: null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        // A folder is not an object: there is nothing by that key to delete.
        if (error instanceof Error && 'code' in error && error.code === 'ERR_FS_EISDIR') return;
        throw error;
      }
      await pruneEmpty(path.dirname(file));
    },

    async deletePrefix(prefix) {
      const keys = await storage.list(prefix);
      const folder = folderOf(prefix);
      await rm(folder, { recursive: true, force: true });
      await pruneEmpty(path.dirname(folder));
      return keys.length;
    },

    async list(prefix) {
      const keys: string[] = [];
      await walk(folderOf(prefix), prefix, keys);
      return keys.sort();
    },
  };
  return storage;
}
