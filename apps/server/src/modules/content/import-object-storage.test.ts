import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import {
  openObjectStorage,
  readObject,
  type ObjectStorage,
} from '../../platform/object-storage/index.js';
import { createTestDatabase } from '../../test/database.js';
import { buildLms } from '../../test/factories.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { buildZip, FILES_12_FULL, MANIFEST_12_FULL } from '../../test/test-packages.js';
import { importScormPackage } from './import.service.js';
import { contentStorageOn } from './storage.js';

// ADR 0017: an import writes its package as objects under content/<folder>/ on either backend,
// and an import that fails at any point (an upload midway, or the database step) leaves none.

let handle: DatabaseHandle;
let s3: TestS3Server;
let dataDir: string;
let lmsKey: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  s3 = await startS3Server(vi.stubEnv);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-import-objects-'));
  lmsKey = (await buildLms(handle.db, { lmsCode: 'objects-air' })).lmsKey;
});
afterAll(async () => {
  await handle.close();
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});
beforeEach(async () => {
  await handle.db.deleteFrom('curriculum').execute();
  await handle.db.deleteFrom('contentPackage').execute();
});

const packageZip = () => buildZip({ 'imsmanifest.xml': MANIFEST_12_FULL, ...FILES_12_FULL });
const packageRows = async () =>
  (await handle.db.selectFrom('contentPackage').select('storageFolder').execute()).length;

/** The same storage, except that the `failAt`-th upload fails (after the others began). */
function failingOn(objects: ObjectStorage, failAt: number) {
  let puts = 0;
  let stored = 0;
  const storage: ObjectStorage = {
    ...objects,
    async put(key, body, options) {
      puts += 1;
      if (puts === failAt) {
        if (!Buffer.isBuffer(body)) body.destroy();
        throw new Error('The storage went away midway.');
      }
      await objects.put(key, body, options);
      stored += 1;
    },
  };
  return { storage, stored: () => stored };
}

const backends: [string, () => ObjectStorage][] = [
  ['local folder', () => openObjectStorage({ dataDir, storageUrl: null })],
  ['S3 (s3rver)', () => openObjectStorage({ dataDir, storageUrl: s3.storageUrl('import') })],
];

describe.each(backends)('SCORM import on object storage: %s', (_name, open) => {
  let objects: ObjectStorage;
  beforeAll(() => {
    objects = open();
  });

  it('stores every package file under content/<folder>/, and removal deletes them all', async () => {
    const storage = contentStorageOn(objects);
    const result = await importScormPackage({ db: handle.db, storage }, await packageZip(), {
      lmsKey,
      curriculum: 'Objects',
    });
    const folder = result.package.folder;
    expect(await objects.list(`content/${folder}/`)).toEqual(
      ['imsmanifest.xml', ...Object.keys(FILES_12_FULL)]
        .map((file) => `content/${folder}/${file}`)
        .sort(),
    );
    expect(await readObject(objects, storage.fileKey(folder, 'imsmanifest.xml'))).toEqual(
      Buffer.from(MANIFEST_12_FULL),
    );
    await storage.removePackage(folder);
    expect(await objects.list('content/')).toEqual([]);
  });

  it('leaves no objects and no rows when an upload fails midway', async () => {
    const failing = failingOn(objects, 4);
    await expect(
      importScormPackage(
        { db: handle.db, storage: contentStorageOn(failing.storage) },
        await packageZip(),
        { lmsKey, curriculum: 'Objects' },
      ),
    ).rejects.toThrow('The storage went away midway.');
    // Some files had been stored before the failure: the cleanup, not luck, removed them.
    expect(failing.stored()).toBeGreaterThanOrEqual(2);
    expect(await objects.list('content/')).toEqual([]);
    expect(await packageRows()).toBe(0);
  });

  it('leaves no objects when the database step fails after every upload', async () => {
    const storage = contentStorageOn(objects);
    // No such LMS: the rows cannot be written, after the files were.
    await expect(
      importScormPackage({ db: handle.db, storage }, await packageZip(), {
        lmsKey: lmsKey + 1000,
        curriculum: 'Objects',
      }),
    ).rejects.toThrow();
    expect(await objects.list('content/')).toEqual([]);
    expect(await packageRows()).toBe(0);
  });

  it('refuses to save over an existing package folder, keeping its objects', async () => {
    const storage = contentStorageOn(objects);
    await objects.put('content/pkg-taken/index.html', Buffer.from('<p>kept</p>'));
    await expect(storage.savePackage('pkg-taken', async () => undefined)).rejects.toThrow(
      "Package folder 'pkg-taken' already exists.",
    );
    expect(await objects.list('content/pkg-taken/')).toEqual(['content/pkg-taken/index.html']);
    await storage.removePackage('pkg-taken');
  });
});
