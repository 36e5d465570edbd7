import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readObject } from '../../platform/object-storage/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { testOperatorDeps } from '../../test/operator-cli.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { cookieHeader, signIn, type Browser } from '../../test/sign-in.js';
import { runOperatorCommand } from '../operator/service.js';

// Library media are the objects library/<folder>/file (ADR 0017) on either backend: stored by
// library-add-file, served from the content origin with validators and ranges, deleted by
// library-remove; a file stored before, at content/<folder>/file, is still served.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server(vi.stubEnv);
});
afterAll(async () => {
  await s3.close();
  vi.unstubAllEnvs();
});

const backends: [string, () => string | null][] = [
  ['local folder', () => null],
  ['S3 (s3rver)', () => s3.storageUrl('library')],
];

describe.each(backends)('library media on the object storage: %s', (_name, storageUrl) => {
  let t: TestApp;
  let reader: Browser;
  const run = (name: string, input: unknown, upload?: Buffer) =>
    runOperatorCommand(
      testOperatorDeps(t.db, t.config, t.clock, t.app.deps),
      name,
      input,
      upload,
    ) as Promise<Record<string, unknown>>;
  /** The content-origin address a file item's link redirects the reader's browser to. */
  const fileAddress = async (name: string) => {
    const response = await reader.call(
      `/lms/api/library/${reader.lmsKey}/LIBRARY_MEDIA/${reader.userKey}`,
    );
    const item = ((await response.json()) as { name: string; link: string }[]).find(
      (media) => media.name === name,
    )!;
    const redirect = await fetch(`${t.baseUrl}${item.link}`, {
      redirect: 'manual',
      headers: { cookie: cookieHeader({ ...reader.jar, sessionID: reader.sessionId }) },
    });
    expect(redirect.status).toBe(303);
    return redirect.headers.get('location')!;
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { storageUrl: storageUrl() } });
    const lms = await buildLms(t.db, { lmsCode: 'media-air' });
    await buildUser(t.db, lms.lmsKey, { userId: 'reader' });
    reader = await signIn(t, 'reader');
  });
  afterAll(() => t.close());

  it('stores, serves (whole, by range, 304) and removes a media file', async () => {
    const objects = t.app.deps.storage;
    const added = await run(
      'library-add-file',
      { lms: 'media-air', name: 'FCOM', fileName: 'fcom.pdf' },
      PDF,
    );
    const [key, ...others] = await objects.list('library/');
    expect(others).toEqual([]);
    expect(key).toMatch(/^library\/lib-[0-9a-f]{16}\/file$/);
    expect(await readObject(objects, key!)).toEqual(PDF);

    const address = await fileAddress('FCOM');
    const whole = await fetch(address);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(PDF);
    const part = await fetch(address, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${PDF.length}`);
    expect(await part.text()).toBe('%PDF-1.4');
    const again = await fetch(address, {
      headers: { 'if-none-match': whole.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    await run('library-remove', { lms: 'media-air', media: added.libraryKey });
    expect(await objects.list('library/')).toEqual([]);
  });

  it('still serves and removes a file stored at its earlier key, content/<folder>/file', async () => {
    const objects = t.app.deps.storage;
    const added = await run(
      'library-add-file',
      { lms: 'media-air', name: 'Old Manual', fileName: 'old.pdf' },
      PDF,
    );
    const [key] = await objects.list('library/');
    const earlier = key!.replace(/^library\//, 'content/');
    await objects.put(earlier, PDF, { contentType: 'application/pdf' });
    await objects.delete(key!);

    const file = await fetch(await fileAddress('Old Manual'));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    await run('library-remove', { lms: 'media-air', media: added.libraryKey });
    expect(await objects.list('content/')).toEqual([]);
  });

  it('answers 404 when the object is gone, without the download headers', async () => {
    const objects = t.app.deps.storage;
    await run('library-add-file', { lms: 'media-air', name: 'Lost', fileName: 'lost.pdf' }, PDF);
    const [key] = await objects.list('library/');
    await objects.delete(key!);
    const file = await fetch(await fileAddress('Lost'));
    expect(file.status).toBe(404);
    expect(file.headers.get('content-disposition')).toBeNull();
  });
});
