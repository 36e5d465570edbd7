import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openObjectStorage, type ObjectStorage } from '../../platform/object-storage/index.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { documentFileStoreOn } from './file-store.js';

// A document upload is the object documents/doc-<hex> (ADR 0017), on either backend.

let s3: TestS3Server;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server(vi.stubEnv);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-documents-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const backends: [string, () => ObjectStorage][] = [
  ['local folder', () => openObjectStorage({ dataDir, storageUrl: null })],
  ['S3 (s3rver)', () => openObjectStorage({ dataDir, storageUrl: s3.storageUrl('documents') })],
];

describe.each(backends)('document files on the object storage: %s', (name, open) => {
  it('saves under a new name, reads it back and removes it', async () => {
    const objects = open();
    const store = documentFileStoreOn(objects);
    const stored = await store.save(Buffer.from('%PDF-1.4 licence'));
    expect(stored).toMatch(/^doc-[0-9a-f]{32}$/);
    expect(await objects.list('documents/')).toEqual([`documents/${stored}`]);
    expect(await store.read(stored)).toEqual(Buffer.from('%PDF-1.4 licence'));
    if (name === 'local folder') {
      // Where uploads always lived, so an upgraded install keeps them.
      expect(await readFile(path.join(dataDir, 'documents', stored), 'utf8')).toBe(
        '%PDF-1.4 licence',
      );
    }
    await store.remove(stored);
    await store.remove(stored);
    expect(await objects.list('documents/')).toEqual([]);
    await expect(store.read(stored)).rejects.toThrow(`Stored document '${stored}' is missing.`);
  });

  it('refuses a name it did not make', async () => {
    const store = documentFileStoreOn(open());
    for (const bad of ['../etc/passwd', 'doc-xyz', `doc-${'0'.repeat(32)}/x`]) {
      await expect(store.read(bad)).rejects.toThrow('Invalid stored document name');
      await expect(store.remove(bad)).rejects.toThrow('Invalid stored document name');
    }
  });
});
