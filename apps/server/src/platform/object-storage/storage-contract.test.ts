import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { openObjectStorage, readObject, type ObjectStorage } from './index.js';
import { ConfigError, loadConfig } from '../../config.js';
import { parseStorageUrl } from './storage-url.js';

// ADR 0017: both backends keep the same contract, so every case runs on each.
let s3: TestS3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server(vi.stubEnv);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-storage-'));
});

afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const text = async (found: { body: Readable } | null) => {
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const backends: [string, () => ObjectStorage][] = [
  ['local folder', () => openObjectStorage({ dataDir, storageUrl: null })],
  ['S3 (s3rver)', () => openObjectStorage({ dataDir, storageUrl: s3.storageUrl('contract') })],
];

describe.each(backends)('object storage contract: %s', (name, open) => {
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = open();
    expect(storage.kind).toBe(name.startsWith('S3') ? 's3' : 'local');
  });

  it('puts a buffer and gets it back with size, ETag and last-modified', async () => {
    const before = Date.now() - 2000;
    await storage.put('docs/a.txt', Buffer.from('hello world'), { contentType: 'text/plain' });
    const found = await storage.get('docs/a.txt');
    expect(found?.info).toMatchObject({ key: 'docs/a.txt', size: 11, etag: expect.any(String) });
    expect(found?.info.etag).toMatch(/^"[^"]+"$/);
    expect(found!.info.lastModified.getTime()).toBeGreaterThanOrEqual(before);
    expect(found?.range).toBeNull();
    expect(await text(found)).toBe('hello world');
  });

  it('puts a stream, with or without its size', async () => {
    const parts = () => Readable.from([Buffer.from('abc'), Buffer.from('def')]);
    await storage.put('docs/sized.bin', parts(), { size: 6 });
    await storage.put('docs/unsized.bin', parts());
    expect(await readObject(storage, 'docs/sized.bin')).toEqual(Buffer.from('abcdef'));
    expect(await readObject(storage, 'docs/unsized.bin')).toEqual(Buffer.from('abcdef'));
  });

  it('gets a byte range, reporting the whole size', async () => {
    await storage.put('docs/range.txt', Buffer.from('0123456789'));
    const found = await storage.get('docs/range.txt', { range: { start: 2, end: 5 } });
    expect(found?.range).toEqual({ start: 2, end: 5 });
    expect(found?.info.size).toBe(10);
    expect(await text(found)).toBe('2345');
    const last = await storage.get('docs/range.txt', { range: { start: 9, end: 9 } });
    expect(await text(last)).toBe('9');
  });

  it('refuses a range outside the object', async () => {
    await storage.put('docs/short.txt', Buffer.from('abc'));
    await expect(storage.get('docs/short.txt', { range: { start: 2, end: 3 } })).rejects.toThrow(
      RangeError,
    );
    await expect(storage.get('docs/short.txt', { range: { start: 2, end: 1 } })).rejects.toThrow(
      RangeError,
    );
  });

  it('changes the ETag when the content changes, and head agrees with get', async () => {
    await storage.put('docs/etag.txt', Buffer.from('first'));
    const first = await storage.head('docs/etag.txt');
    await storage.put('docs/etag.txt', Buffer.from('second!'));
    const second = await storage.head('docs/etag.txt');
    expect(second?.size).toBe(7);
    expect(second?.etag).not.toBe(first?.etag);
    const got = await storage.get('docs/etag.txt');
    await text(got);
    expect(got?.info.etag).toBe(second?.etag);
    expect(await readObject(storage, 'docs/etag.txt')).toEqual(Buffer.from('second!'));
  });

  it('answers null for a missing key, and deleting one is no error', async () => {
    expect(await storage.get('docs/missing.txt')).toBeNull();
    expect(await storage.get('docs/missing.txt', { range: { start: 0, end: 0 } })).toBeNull();
    expect(await storage.head('docs/missing.txt')).toBeNull();
    expect(await storage.head('docs')).toBeNull();
    await storage.delete('docs/missing.txt');
  });

  it('deletes one object', async () => {
    await storage.put('gone/one.txt', Buffer.from('1'));
    await storage.put('gone/deep/two.txt', Buffer.from('2'));
    await storage.delete('gone/one.txt');
    expect(await storage.head('gone/one.txt')).toBeNull();
    expect(await storage.list('gone/')).toEqual(['gone/deep/two.txt']);
    await storage.delete('gone/deep/two.txt');
    expect(await storage.list('gone/')).toEqual([]);
  });

  it('lists and deletes by folder prefix, never touching a neighbour with a longer name', async () => {
    await storage.put('pkg/p1/index.html', Buffer.from('<p>1</p>'));
    await storage.put('pkg/p1/media/clip.bin', Buffer.from('clip'));
    await storage.put('pkg/p10/index.html', Buffer.from('<p>10</p>'));
    expect(await storage.list('pkg/p1/')).toEqual(['pkg/p1/index.html', 'pkg/p1/media/clip.bin']);
    expect(await storage.list('pkg/')).toEqual([
      'pkg/p1/index.html',
      'pkg/p1/media/clip.bin',
      'pkg/p10/index.html',
    ]);
    expect(await storage.deletePrefix('pkg/p1/')).toBe(2);
    expect(await storage.list('pkg/')).toEqual(['pkg/p10/index.html']);
    expect(await storage.deletePrefix('pkg/none/')).toBe(0);
    expect(await storage.list('pkg/none/')).toEqual([]);
  });

  it('keeps keys with spaces and other characters as they are', async () => {
    await storage.put('odd/a file (1)+ü.txt', Buffer.from('odd'));
    expect(await storage.list('odd/')).toEqual(['odd/a file (1)+ü.txt']);
    expect(await readObject(storage, 'odd/a file (1)+ü.txt')).toEqual(Buffer.from('odd'));
  });

  it.each([
    '../escape.txt',
    'docs/../../escape.txt',
    'docs/./a.txt',
    '/absolute.txt',
    'docs//a.txt',
    'docs/a\\b.txt',
    'docs/a\u0000.txt',
    '.incoming/x',
    '',
  ])('refuses the key %j for every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid object key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid object key/);
    await expect(storage.head(key)).rejects.toThrow(/Invalid object key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid object key/);
  });

  it('refuses a prefix that is not a whole folder', async () => {
    await expect(storage.list('pkg/p1')).rejects.toThrow(/must end in '\/'/);
    await expect(storage.deletePrefix('pkg/p1')).rejects.toThrow(/must end in '\/'/);
    await expect(storage.deletePrefix('../')).rejects.toThrow(/Invalid object key/);
  });
});

describe('the local folder backend', () => {
  it('keeps objects as files under DATA_DIR and nothing half-written', async () => {
    const storage = openObjectStorage({ dataDir, storageUrl: null });
    await storage.put('content/pkg-local/index.html', Buffer.from('<p>hi</p>'));
    expect(await readdir(path.join(dataDir, 'content/pkg-local'))).toEqual(['index.html']);
    expect(await readdir(path.join(dataDir, '.incoming'))).toEqual([]);
    // Deleting the last object of a folder leaves no empty folders behind.
    await storage.delete('content/pkg-local/index.html');
    expect(await readdir(dataDir)).not.toContain('content');
  });
});

describe('STORAGE_URL', () => {
  it.each([
    ['s3://bucket-a', { bucket: 'bucket-a', prefix: '', endpoint: null }],
    [
      's3://bucket-a/waypoint/prod/?endpoint=http://127.0.0.1:9000',
      { bucket: 'bucket-a', prefix: 'waypoint/prod/', endpoint: 'http://127.0.0.1:9000' },
    ],
  ])('reads %s', (raw, expected) => {
    const region = expected.endpoint ? 'us-east-1' : 'eu-west-1';
    const url = expected.endpoint ? raw : `${raw}?region=eu-west-1`;
    expect(parseStorageUrl(url)).toEqual({ ...expected, region });
  });

  it.each([
    ['not a url', /not a valid URL/],
    ['https://bucket/x', /must start with s3:\/\//],
    ['s3://Bad_Bucket?region=x', /not a valid S3 bucket name/],
    ['s3://key:secret@bucket?region=x', /must not carry credentials/],
    ['s3://bucket', /needs region=/],
    ['s3://bucket?endpoint=ftp://x', /endpoint must be an http/],
    ['s3://bucket?region=x&colour=red', /unknown parameter 'colour'/],
  ])('refuses %s', (raw, message) => {
    expect(() => parseStorageUrl(raw)).toThrow(message);
  });

  it('is checked at start: unset is the local folder, a bad one stops the server', () => {
    expect(loadConfig({}).storageUrl).toBeNull();
    const url = 's3://bucket/p?endpoint=http://127.0.0.1:9000';
    expect(loadConfig({ STORAGE_URL: url }).storageUrl).toBe(url);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket' })).toThrow(/STORAGE_URL needs region/);
  });
});
