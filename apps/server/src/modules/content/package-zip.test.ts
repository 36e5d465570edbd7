import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PackageRefusedError } from './errors.js';
import { openPackageZip, PACKAGE_LIMITS, unsafeEntryPath } from './package-zip.js';
import { brokenPackages, buildZip, type BrokenPackage } from '../../test/test-packages.js';

// Packages are written by anyone (ADR 0007): a broken one (a path with `..`, an absolute path or
// a symlink, too many entries, too large uncompressed) is refused with a message that says which,
// and nothing of it is left behind.

let dir: string;
let broken: BrokenPackage[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-zip-'));
  broken = (await brokenPackages()).filter((item) => item.stage === 'zip');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every path under a folder, files and folders, relative and sorted. */
async function tree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  return entries.map((entry) => entry.split(path.sep).join('/')).sort();
}

describe('openPackageZip and extractTo', () => {
  it('extracts every file with its relative path, and folders', async () => {
    const zip = await buildZip([
      { name: 'imsmanifest.xml', data: '<manifest/>' },
      { name: 'a/b/c.html', data: 'deep' },
      { name: 'stored.txt', data: 'not deflated', compress: false },
      { name: 'empty/', directory: true },
    ]);
    const archive = await openPackageZip(zip);
    expect(archive.fileNames).toEqual(['imsmanifest.xml', 'a/b/c.html', 'stored.txt']);
    expect(archive.hasFile('a/b/c.html')).toBe(true);
    expect(archive.hasFile('a/b')).toBe(false);
    const target = await mkdtemp(path.join(dir, 'good-'));
    const bytes = await archive.extractTo(target);
    archive.close();
    expect(bytes).toBe('<manifest/>'.length + 'deep'.length + 'not deflated'.length);
    expect(await tree(target)).toEqual([
      'a',
      'a/b',
      'a/b/c.html',
      'empty',
      'imsmanifest.xml',
      'stored.txt',
    ]);
    expect(await readFile(path.join(target, 'a/b/c.html'), 'utf8')).toBe('deep');
    expect((await lstat(path.join(target, 'empty'))).isDirectory()).toBe(true);
  });

  it('reads a zip from a file path as well as from bytes', async () => {
    const file = path.join(dir, 'package.zip');
    await writeFile(file, await buildZip({ 'x.txt': 'from disk' }));
    const archive = await openPackageZip(file);
    expect((await archive.readFile('x.txt', 100, 'x.txt')).toString()).toBe('from disk');
    archive.close();
  });

  it('refuses a file over the size given to readFile, counting inflated bytes', async () => {
    const archive = await openPackageZip(await buildZip({ 'big.txt': 'y'.repeat(5000) }));
    await expect(archive.readFile('big.txt', 4096, 'big.txt')).rejects.toThrow(
      'big.txt is larger than 4096 bytes.',
    );
    archive.close();
  });

  it('refuses an entry named twice', async () => {
    const zip = await buildZip([
      { name: 'a.html', data: 'one' },
      { name: 'a.html', data: 'two' },
    ]);
    await expect(openPackageZip(zip)).rejects.toThrow("entry 'a.html' appears more than once");
  });

  it('refuses an entry that is both a file and a folder', async () => {
    const zip = await buildZip([
      { name: 'a', data: 'file' },
      { name: 'a/b.html', data: 'inside' },
    ]);
    await expect(openPackageZip(zip)).rejects.toThrow("entry 'a' is both a file and a folder");
  });
});

describe('refused zips: a message that says which, and nothing written', () => {
  it('has a case for every zip-level rule', () => {
    expect(broken.map((item) => item.case)).toEqual([
      'not a zip',
      "a path with '..'",
      'an absolute path',
      'a drive letter',
      'a backslash',
      'a symbolic link',
      'an encrypted entry',
      'more than 10,000 entries',
      'more than 1 GiB uncompressed (declared)',
      'a zip bomb (inflates to more than it declares)',
      'more inflated bytes than the total limit',
    ]);
  });

  it.each([
    "a path with '..'",
    'an absolute path',
    'a drive letter',
    'a backslash',
    'a symbolic link',
    'an encrypted entry',
    'more than 10,000 entries',
    'more than 1 GiB uncompressed (declared)',
    'a zip bomb (inflates to more than it declares)',
    'more inflated bytes than the total limit',
    'not a zip',
  ])('%s', async (name) => {
    const item = broken.find((candidate) => candidate.case === name)!;
    const target = await mkdtemp(path.join(dir, 'refused-'));
    const attempt = async () => {
      const archive = await openPackageZip(item.zip, { ...PACKAGE_LIMITS, ...item.limits });
      try {
        await archive.extractTo(target);
      } finally {
        archive.close();
      }
    };
    const error = await attempt().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PackageRefusedError);
    expect((error as Error).message).toMatch(item.message);
    expect((error as Error).message).toMatch(
      /^The package was refused: .* Nothing was imported\.$/s,
    );
    // Refused before extraction, or (inflating bombs) with only the entries before it written.
    const written = await tree(target);
    expect(written.filter((file) => /evil|link|secret|bomb|huge|big/.test(file))).toEqual([]);
  });
});

describe('unsafeEntryPath', () => {
  it.each([
    ['lesson/index.html', null],
    ['a b/c%20d.html', null],
    ['./index.html', null],
    ['', 'has an empty path'],
    ['../x', "has a '..' segment in its path"],
    ['a/../../x', "has a '..' segment in its path"],
    ['a/..', "has a '..' segment in its path"],
    ['/etc/passwd', 'has an absolute path'],
    ['c:/windows/x', 'has a drive letter in its path'],
    ['a\\b', 'has a backslash in its path'],
    ['a\u0000b', 'has control characters in its path'],
  ])('%j -> %j', (name, problem) => {
    expect(unsafeEntryPath(name)).toBe(problem);
  });
});
