import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * Delivery of the built staff console at /console/ (platform/console-app.ts): folders laid out as
 * `vite build` writes them, the console's beside the panel's, each page told apart by its text.
 */
const CONSOLE_PAGE = `<!doctype html><html><head><title>Waypoint console</title></head><body>${'<p>console</p>'.repeat(200)}</body></html>`;
const PANEL_PAGE = `<!doctype html><html><head><title>Waypoint</title></head><body>${'<p>panel</p>'.repeat(200)}</body></html>`;
const SCRIPT = `export const staff = ${JSON.stringify('console '.repeat(400))};\n`;

async function writeWithCopies(file: string, text: string) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

describe('staff console delivery', () => {
  let t: TestApp;
  let consoleDir: string;
  let webDir: string;

  beforeAll(async () => {
    consoleDir = await mkdtemp(path.join(tmpdir(), 'waypoint-console-'));
    webDir = await mkdtemp(path.join(tmpdir(), 'waypoint-web-'));
    await mkdir(path.join(consoleDir, 'assets'));
    await writeWithCopies(path.join(consoleDir, 'index.html'), CONSOLE_PAGE);
    await writeWithCopies(path.join(consoleDir, 'assets/index-Cn5le1.js'), SCRIPT);
    await writeWithCopies(path.join(webDir, 'index.html'), PANEL_PAGE);
    t = await createTestApp({ config: { consoleDir, webDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(consoleDir, { recursive: true, force: true });
    await rm(webDir, { recursive: true, force: true });
  });

  /** A raw request: Node's fetch would decompress the body and follow redirects. */
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

  it('serves the console page at /console/ and at every console address, not the panel', async () => {
    for (const address of [
      '/console/',
      '/console/login',
      '/console/people',
      '/console/people/42',
    ]) {
      const page = await get(`${t.baseUrl}${address}`);
      expect(page.status, address).toBe(200);
      expect(page.headers.get('content-type'), address).toMatch(/text\/html/);
      expect(page.headers.get('cache-control'), address).toBe('no-cache');
      expect(page.headers.get('etag'), address).toBeTruthy();
      expect(page.body.toString(), address).toBe(CONSOLE_PAGE);
    }
  });

  it('sends /console to /console/, keeping the query', async () => {
    const bare = await get(`${t.baseUrl}/console`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/console/');
    const query = await get(`${t.baseUrl}/console?lms=demo`);
    expect(query.headers.get('location')).toBe('/console/?lms=demo');
  });

  it('sends the page and hashed assets precompressed, assets cached for a year', async () => {
    const page = await get(`${t.baseUrl}/console/people`, { 'accept-encoding': 'br, gzip' });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(CONSOLE_PAGE);

    const asset = await get(`${t.baseUrl}/console/assets/index-Cn5le1.js`, {
      'accept-encoding': 'gzip, br',
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.body).toString()).toBe(SCRIPT);

    const revalidated = await get(`${t.baseUrl}/console/`, {
      'if-none-match': page.headers.get('etag') ?? '',
      'accept-encoding': 'br, gzip',
    });
    expect(revalidated.status).toBe(304);
  });

  it('answers 404 for a missing console file and for anything but GET or HEAD', async () => {
    const missing = await get(`${t.baseUrl}/console/assets/gone-123.js`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ statusCode: 404 });
    const post = await get(`${t.baseUrl}/console/people`, {}, 'POST');
    expect(post.status).toBe(404);
    const head = await get(`${t.baseUrl}/console/people`, {}, 'HEAD');
    expect(head.status).toBe(200);
  });

  it('leaves the panel its addresses, including ones that start like the console', async () => {
    for (const address of ['/dashboard', '/consoles', '/']) {
      const page = await get(`${t.baseUrl}${address}`);
      expect(page.status, address).toBe(200);
      expect(page.body.toString(), address).toBe(PANEL_PAGE);
    }
  });
});
