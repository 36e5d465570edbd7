import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { launchLesson, singleScoManifest2004, zipOf } from '../../test/launch.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { signIn } from '../../test/sign-in.js';
import { importScormPackage } from '../content/import.service.js';
import { contentStorageOn } from '../content/storage.js';

// Package files come from the object storage with the same HTTP on either backend (ADR 0007,
// ADR 0017): type, ETag and Last-Modified, 304 for If-None-Match, 206 / 416 for ranges, the
// private caching header, and nothing outside the launch's own package.

const MEDIA = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

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
  ['S3 (s3rver)', () => s3.storageUrl('player')],
];

describe.each(backends)('package files from the object storage: %s', (_name, storageUrl) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { storageUrl: storageUrl() } });
    const lms = await buildLms(t.db);
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'reader' });
    const imported = await importScormPackage(
      { db: t.db, storage: contentStorageOn(t.app.deps.storage) },
      await zipOf({
        'imsmanifest.xml': singleScoManifest2004({ id: 'files', title: 'Files', lesson: 'Read' }),
        'index.html': '<p>hi</p>',
        'media/clip.bin': MEDIA,
        'notes/a file.txt': 'spaced',
      }),
      { lmsKey: lms.lmsKey, curriculum: 'Files' },
    );
    const assignment = await t.db
      .insertInto('assignment')
      .values({
        userKey: user.userKey,
        curriculumKey: imported.curriculum!.curriculumKey,
        startDate: t.clock.now(),
      })
      .returning('assignmentKey')
      .executeTakeFirstOrThrow();
    const player = await launchLesson(t.baseUrl, await signIn(t, 'reader'), {
      curriculumKey: imported.curriculum!.curriculumKey,
      lessonKey: imported.lessons[0]!.lessonKey,
      assignmentKey: assignment.assignmentKey,
    });
    base = `${player.contentOrigin}/content/${player.launchId}`;
  });
  afterAll(() => t.close());

  it('sends a file with its type, validators and the private caching header', async () => {
    const page = await fetch(`${base}/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-length')).toBe('9');
    expect(page.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(new Date(page.headers.get('last-modified')!).getTime()).not.toBeNaN();
    expect(page.headers.get('accept-ranges')).toBe('bytes');
    expect(page.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(await page.text()).toBe('<p>hi</p>');
    const spaced = await fetch(`${base}/notes/a%20file.txt`);
    expect(spaced.status).toBe(200);
    expect(await spaced.text()).toBe('spaced');
  });

  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    const etag = (await fetch(`${base}/media/clip.bin`)).headers.get('etag')!;
    const again = await fetch(`${base}/media/clip.bin`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(`${base}/media/clip.bin`, { headers: { 'if-none-match': '"old"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer())).toEqual(MEDIA);
  });

  it.each([
    ['bytes=10-19', 'bytes 10-19/1000', 10, 20],
    ['bytes=990-', 'bytes 990-999/1000', 990, 1000],
    ['bytes=-5', 'bytes 995-999/1000', 995, 1000],
    ['bytes=995-5000', 'bytes 995-999/1000', 995, 1000],
  ])('sends the range %s as 206 with Content-Range', async (range, contentRange, from, to) => {
    const part = await fetch(`${base}/media/clip.bin`, { headers: { range } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(contentRange);
    expect(part.headers.get('content-length')).toBe(String(to - from));
    expect(Buffer.from(await part.arrayBuffer())).toEqual(MEDIA.subarray(from, to));
  });

  it('answers 416 to a range past the end, and the whole file to a changed If-Range', async () => {
    const past = await fetch(`${base}/media/clip.bin`, { headers: { range: 'bytes=1000-1001' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    const changed = await fetch(`${base}/media/clip.bin`, {
      headers: { range: 'bytes=0-9', 'if-range': '"another"' },
    });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer())).toEqual(MEDIA);
  });

  it('finds nothing outside the package or missing, without the caching header', async () => {
    for (const path of ['/missing.html', '/..%2fimsmanifest.xml', '/media/', '/media/.%2e/x']) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBeNull();
    }
  });
});
