import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { PackageRefusedError } from './errors.js';

/** Every limit of a package import, in one place: packages are written by anyone (ADR 0007). */
export const PACKAGE_LIMITS = {
  /** Entries (files and folders) in one zip. */
  maxEntries: 10_000,
  /** Bytes of all files once inflated: counted as they inflate, not only as declared. */
  maxTotalBytes: 1024 ** 3,
  /** Bytes of imsmanifest.xml once inflated. */
  maxManifestBytes: 5 * 1024 * 1024,
  /** Bytes of an uploaded zip (operator API): no package within the other limits is larger. */
  maxZipBytes: 1024 ** 3 + 64 * 1024 * 1024,
};

export type PackageLimits = typeof PACKAGE_LIMITS;

const GIB = 1024 ** 3;
const MIB = 1024 * 1024;

/** "1 GiB", "5 MB", "2048 bytes": limits said the way the brief says them. */
export function formatBytes(bytes: number): string {
  if (bytes >= GIB && bytes % GIB === 0) return `${bytes / GIB} GiB`;
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MB`;
  return `${bytes} bytes`;
}

// Unix file type bits in the high 16 bits of externalFileAttributes.
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// General-purpose flag bits: 0 encrypted, 6 strong encryption, 13 encrypted central directory.
const ENCRYPTION_FLAGS = 0x0001 | 0x0040 | 0x2000;

/** Why an entry path is unsafe to extract, or null. Paths are checked as written in the zip. */
export function unsafeEntryPath(name: string): string | null {
  if (name === '') return 'has an empty path';
  if (name.includes('\\')) return 'has a backslash in its path';
  if (name.startsWith('/')) return 'has an absolute path';
  if (/^[a-zA-Z]:/.test(name)) return 'has a drive letter in its path';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'has control characters in its path';
  if (name.split('/').includes('..')) return "has a '..' segment in its path";
  return null;
}

/** What the player plays: said whenever a package of another e-learning format is refused. */
const PLAYED_FORMATS = 'Waypoint plays SCORM 1.2 and 2004';

/**
 * A zip with no imsmanifest.xml that is a package of another e-learning format, told by the file
 * each format's specification puts at the package root: cmi5 (cmi5.xml, the course structure),
 * xAPI / Tin Can (tincan.xml), AICC (the course structure files: a .crs with .au or .des). Also
 * looked for one folder down, for a folder zipped whole. The reason to refuse it with, or null when
 * it is none of them. Names are compared case-insensitively (AICC files are often upper case).
 */
export function otherPackageFormat(fileNames: readonly string[]): string | null {
  const near = fileNames.filter((name) => name.split('/').length <= 2);
  const named = (file: string) => near.find((name) => baseName(name) === file);
  const withExtension = (extension: string) =>
    near.filter((name) => baseName(name).endsWith(extension));
  const found = (format: string, file: string) =>
    `this is ${format} package (it has ${file}, not imsmanifest.xml); ${PLAYED_FORMATS}.`;
  const cmi5 = named('cmi5.xml');
  if (cmi5) return found('a cmi5', cmi5);
  const tincan = named('tincan.xml');
  if (tincan) return found('an xAPI (Tin Can)', tincan);
  const course = withExtension('.crs')[0];
  if (course && (withExtension('.au').length > 0 || withExtension('.des').length > 0)) {
    return found('an AICC', `the course structure file ${course}`);
  }
  return null;
}

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1).toLowerCase();

interface FileEntry {
  name: string;
  entry: Entry;
}

/** An opened, checked package zip: every entry passed the path, type and size rules. */
export interface PackageZip {
  /** File paths (no folders), as in the zip. */
  readonly fileNames: readonly string[];
  hasFile(name: string): boolean;
  /** Reads one file whole, refusing it beyond maxBytes (counted while inflating). */
  readFile(name: string, maxBytes: number, label: string): Promise<Buffer>;
  /** Writes every file and folder under `dir` with its relative path; returns the bytes written. */
  extractTo(dir: string): Promise<number>;
  close(): void;
}

const refuse = (reason: string) => new PackageRefusedError(reason);

async function openZip(source: Buffer | string): Promise<ZipFile> {
  // decodeStrings: false so that yauzl neither rewrites backslashes nor refuses names itself:
  // every path rule below is ours, with a message that names the entry.
  const options = {
    lazyEntries: true,
    validateEntrySizes: true,
    decodeStrings: false,
    autoClose: false,
  };
  try {
    return typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(source, options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      throw new PackageRefusedError(`cannot read ${String(source)} (${code}).`);
    }
    throw refuse(
      `it is not a zip file (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

/** Counts inflated bytes and fails the stream once they pass the limit (zip bombs). */
class ByteLimit extends Transform {
  constructor(
    private readonly budget: { left: number },
    private readonly onExceeded: () => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.budget.left -= chunk.length;
    if (this.budget.left < 0) return callback(this.onExceeded());
    callback(null, chunk);
  }
}

/** yauzl's own stream errors (size mismatches, bad data) become refusals that name the entry. */
function streamProblem(name: string, error: unknown): Error {
  if (error instanceof PackageRefusedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/too many bytes|too few bytes|size mismatch/.test(message)) {
    return refuse(`entry '${name}' does not inflate to the size it declares (${message}).`);
  }
  if ((error as NodeJS.ErrnoException).code?.startsWith('Z_') || /inflate|zlib/i.test(message)) {
    return refuse(`entry '${name}' is corrupt (${message}).`);
  }
  return error instanceof Error ? error : new Error(message);
}

/**
 * Opens a package zip (a Buffer or a file path) and checks every entry before anything is
 * extracted: count, paths ('..', absolute, drive letter, backslash), symlinks, encryption,
 * compression method, duplicates, and the declared total size. Throws PackageRefusedError.
 */
export async function openPackageZip(
  source: Buffer | string,
  limits: PackageLimits = PACKAGE_LIMITS,
): Promise<PackageZip> {
  const zip = await openZip(source);
  try {
    const files = await checkEntries(zip, limits);
    return packageZip(zip, files, limits);
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function checkEntries(zip: ZipFile, limits: PackageLimits) {
  if (zip.entryCount > limits.maxEntries) {
    throw refuse(`it has ${zip.entryCount} entries, more than the ${limits.maxEntries} allowed.`);
  }
  const files: FileEntry[] = [];
  const folders: FileEntry[] = [];
  const seen = new Set<string>();
  const folderPaths = new Set<string>();
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      // With decodeStrings off the raw name is a Buffer; decode it (CP437 or UTF-8 per the
      // flags and the Unicode path extra field) without yauzl's backslash rewriting.
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      const unsafe = unsafeEntryPath(name);
      if (unsafe) throw refuse(`entry '${name}' ${unsafe}.`);
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
        throw refuse(`entry '${name}' is a symbolic link.`);
      }
      if ((entry.generalPurposeBitFlag & ENCRYPTION_FLAGS) !== 0) {
        throw refuse(`entry '${name}' is encrypted.`);
      }
      const isFolder = name.endsWith('/');
      const key = isFolder ? name.slice(0, -1) : name;
      if (seen.has(key)) throw refuse(`entry '${key}' appears more than once.`);
      seen.add(key);
      if (isFolder) {
        folders.push({ name, entry });
        continue;
      }
      if (!entry.canDecodeFileData()) {
        throw refuse(
          `entry '${name}' uses compression method ${entry.compressionMethod} (only stored and deflated entries are read).`,
        );
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) {
        throw refuse(`it holds more than ${formatBytes(limits.maxTotalBytes)} uncompressed.`);
      }
      const parts = name.split('/');
      for (let i = 1; i < parts.length; i += 1) folderPaths.add(parts.slice(0, i).join('/'));
      files.push({ name, entry });
    }
  } catch (error) {
    if (error instanceof PackageRefusedError) throw error;
    throw refuse(
      `its central directory cannot be read (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  for (const file of files) {
    if (folderPaths.has(file.name)) {
      throw refuse(`entry '${file.name}' is both a file and a folder.`);
    }
  }
  return { files, folders };
}

function packageZip(
  zip: ZipFile,
  checked: { files: FileEntry[]; folders: FileEntry[] },
  limits: PackageLimits,
): PackageZip {
  const byName = new Map(checked.files.map((file) => [file.name, file]));

  const inflate = async (file: FileEntry): Promise<Readable> => {
    try {
      return await zip.openReadStreamPromise(file.entry);
    } catch (error) {
      throw streamProblem(file.name, error);
    }
  };

  return {
    fileNames: checked.files.map((file) => file.name),
    hasFile: (name) => byName.has(name),

    async readFile(name, maxBytes, label) {
      const file = byName.get(name);
      if (!file) throw new Error(`No entry '${name}' in the zip.`);
      const tooLarge = () => refuse(`${label} is larger than ${formatBytes(maxBytes)}.`);
      if (file.entry.uncompressedSize > maxBytes) throw tooLarge();
      const chunks: Buffer[] = [];
      const budget = { left: maxBytes };
      try {
        await pipeline(await inflate(file), new ByteLimit(budget, tooLarge), async (source) => {
          for await (const chunk of source) chunks.push(chunk as Buffer);
        });
      } catch (error) {
        throw streamProblem(name, error);
      }
      return Buffer.concat(chunks);
    },

    async extractTo(dir) {
      const root = path.resolve(dir);
      const budget = { left: limits.maxTotalBytes };
      const tooLarge = () =>
        refuse(`it inflates to more than ${formatBytes(limits.maxTotalBytes)}.`);
      const target = (name: string) => {
        const resolved = path.resolve(root, ...name.split('/').filter(Boolean));
        // Belt and braces after unsafeEntryPath: nothing is written outside the folder.
        const relative = path.relative(root, resolved);
        if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
          throw refuse(`entry '${name}' would be written outside the package folder.`);
        }
        return resolved;
      };
      for (const folder of checked.folders) await mkdir(target(folder.name), { recursive: true });
      for (const file of checked.files) {
        const destination = target(file.name);
        await mkdir(path.dirname(destination), { recursive: true });
        try {
          await pipeline(
            await inflate(file),
            new ByteLimit(budget, tooLarge),
            // 'wx': never follow or overwrite anything already there.
            createWriteStream(destination, { flags: 'wx' }),
          );
        } catch (error) {
          // No half-written file stays behind, even in a folder the caller keeps.
          await rm(destination, { force: true });
          throw streamProblem(file.name, error);
        }
      }
      return limits.maxTotalBytes - budget.left;
    },

    close: () => zip.close(),
  };
}
