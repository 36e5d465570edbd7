import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * Delivery of the built web app (ADR 0012): what the browser receives over HTTP from a web folder
 * laid out as `vite build` writes it (each text asset with its .br and .gz copies).
 */
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><title>Waypoint</title></head><body>${'<p>panel</p>'.repeat(200)}</body></html>`;
const signedInPage = (name: string) =>
  `<!doctype html><html><head><link rel="modulepreload" href="/assets/${name}.js"></head><body>${'<p>panel</p>'.repeat(200)}</body></html>`;
const PLAYER = `<!doctype html><html><head><title>Player</title></head><body>${'<p>player</p>'.repeat(200)}</body></html>`;

async function writeWithCopies(file: string, text: string) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

describe('web app delivery', () => {
  let t: TestApp;
  let webDir: string;
  let contentBase: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'waypoint-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeWithCopies(path.join(webDir, 'index.html'), INDEX);
    await writeWithCopies(path.join(webDir, 'player.html'), PLAYER);
    await mkdir(path.join(webDir, 'signed-in/assignments'), { recursive: true });
    await writeWithCopies(path.join(webDir, 'signed-in/dashboard.html'), signedInPage('dashboard'));
    await writeWithCopies(
      path.join(webDir, 'signed-in/assignments/course.html'),
      signedInPage('course-details'),
    );
    await writeWithCopies(path.join(webDir, 'assets/index-AbC123.js'), SCRIPT);
    // Too small to be worth compressing: the build leaves it without copies.
    await writeFile(path.join(webDir, 'assets/tiny-XyZ789.css'), 'body{margin:0}');
    t = await createTestApp({ config: { webDir } });
    contentBase = `http://localhost:${new URL(t.baseUrl).port}`;
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  /** A raw request: Node's fetch would decompress the body and hide what went over the wire. */
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
      const outgoing = request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(response.headers as Record<string, string>),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });

  it('sends a hashed asset as brotli when accepted, gzip otherwise, raw to a client with neither', async () => {
    const url = `${t.baseUrl}/assets/index-AbC123.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const raw = await get(url, { 'accept-encoding': 'identity' });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(raw.body.toString()).toBe(SCRIPT);
  });

  it('caches hashed assets for a year (immutable) and revalidates the pages', async () => {
    const asset = await get(`${t.baseUrl}/assets/index-AbC123.js`, { 'accept-encoding': 'br' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const small = await get(`${t.baseUrl}/assets/tiny-XyZ789.css`, { 'accept-encoding': 'br' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    for (const page of ['/', '/login', '/assignments/course']) {
      const response = await get(`${t.baseUrl}${page}`, { 'accept-encoding': 'br' });
      expect(response.status, page).toBe(200);
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
      expect(response.headers.get('content-encoding'), page).toBe('br');
      expect(brotliDecompressSync(response.body).toString()).toBe(INDEX);
    }
  });

  it('answers a page revalidation with 304 while it is unchanged', async () => {
    const first = await get(`${t.baseUrl}/login`, { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get(`${t.baseUrl}/login`, {
      'accept-encoding': 'br',
      'if-none-match': etag!,
    });
    expect(again.status).toBe(304);
  });

  it('answers HEAD wherever GET works, with the same headers and no body', async () => {
    for (const page of ['/', '/dashboard', '/assets/index-AbC123.js']) {
      const response = await get(`${t.baseUrl}${page}`, { 'accept-encoding': 'br' }, 'HEAD');
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-encoding'), page).toBe('br');
      expect(response.body.length).toBe(0);
    }
    const api = await get(`${t.baseUrl}/lms/now`, {}, 'HEAD');
    expect(api.status).toBe(200);
    expect((await get(`${t.baseUrl}/assets/missing-000.js`, {}, 'HEAD')).status).toBe(404);
  });

  it('serves the player page no-cache with an ETag, compressed, with its own headers', async () => {
    const url = `${contentBase}/player/${'A'.repeat(43)}`;
    const response = await get(url, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toBeTruthy();
    expect(brotliDecompressSync(response.body).toString()).toBe(PLAYER);
  });

  describe("a browser with a session gets its address's signed-in page (ADR 0012)", () => {
    const page = async (address: string, cookie?: string) => {
      const headers: Record<string, string> = { 'accept-encoding': 'br' };
      if (cookie) headers.cookie = cookie;
      const response = await get(`${t.baseUrl}${address}`, headers);
      expect(response.status, address).toBe(200);
      expect(response.headers.get('cache-control'), address).toBe('no-cache');
      expect(response.headers.get('vary'), address).toMatch(/accept-encoding, cookie/i);
      return { ...response, html: brotliDecompressSync(response.body).toString() };
    };

    it.each([
      ['/dashboard', 'sessionID=s1', signedInPage('dashboard')],
      ['/Dashboard/', 'theme=dark; sessionID=s%2B1', signedInPage('dashboard')],
      ['/assignments/course?curriculum=12', 'sessionID=s1', signedInPage('course-details')],
      ['/dashboard', undefined, INDEX],
      ['/dashboard', 'sessionID=', INDEX],
      // The MFA marker is not a session: that browser is sent to the MFA screen (spec §4 step 1).
      ['/dashboard', 'sessionID=MFA', INDEX],
      ['/login', 'sessionID=s1', INDEX],
      // Addresses without a page of their own, one of them the pages' folder in the build.
      ['/report', 'sessionID=s1', INDEX],
      ['/dashboard/course/more', 'sessionID=s1', INDEX],
      ['/signed-in/dashboard', 'sessionID=s1', INDEX],
    ])('%s with cookie %s', async (address, cookie, expected) => {
      expect((await page(address, cookie)).html).toBe(expected);
    });

    it('revalidates each page against its own ETag, so one is never answered 304 for the other', async () => {
      const signedIn = await page('/dashboard', 'sessionID=s1');
      const signedOut = await page('/dashboard');
      expect(signedIn.headers.get('etag')).not.toBe(signedOut.headers.get('etag'));
      const again = await get(`${t.baseUrl}/dashboard`, {
        'accept-encoding': 'br',
        cookie: 'sessionID=s1',
        'if-none-match': signedOut.headers.get('etag')!,
      });
      expect(again.status).toBe(200);
      expect(brotliDecompressSync(again.body).toString()).toBe(signedInPage('dashboard'));
      const unchanged = await get(`${t.baseUrl}/dashboard`, {
        'accept-encoding': 'br',
        cookie: 'sessionID=s1',
        'if-none-match': signedIn.headers.get('etag')!,
      });
      expect(unchanged.status).toBe(304);
    });
  });
});
