import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * The installed panel's files (docs/decisions/0024 "Install and app links"), from a web folder laid
 * out as `vite build` with vite-plugin-pwa writes it: the manifest and the service worker with its
 * Workbox chunk at the root, on the panel's origin only, revalidated on every use (no-cache), and a
 * CSP that lets the page register the worker and read the manifest.
 */
const MANIFEST = JSON.stringify({ name: 'Waypoint', start_url: '/dashboard' });
const WORKER = "importScripts('/workbox-abc123.js');\nself.addEventListener('fetch', () => {});\n";

describe('install files', () => {
  let t: TestApp;
  let webDir: string;
  let contentBase: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'waypoint-web-install-'));
    await mkdir(path.join(webDir, 'icons'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Waypoint</title>');
    await writeFile(path.join(webDir, 'manifest.webmanifest'), MANIFEST);
    await writeFile(path.join(webDir, 'sw.js'), WORKER);
    await writeFile(path.join(webDir, 'workbox-abc123.js'), '/* workbox */');
    await writeFile(path.join(webDir, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await createTestApp({ config: { webDir } });
    // The test app's content origin is the other loopback name (content-origin.ts).
    contentBase = `http://localhost:${new URL(t.baseUrl).port}`;
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it.each([
    ['/manifest.webmanifest', 'application/manifest+json', MANIFEST],
    ['/sw.js', 'application/javascript', WORKER],
    ['/workbox-abc123.js', 'application/javascript', '/* workbox */'],
  ])('serves %s as %s, revalidated on every use', async (file, type, text) => {
    const response = await fetch(`${t.baseUrl}${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    // A worker or manifest held in the HTTP cache would keep an old panel installed.
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(await response.text()).toBe(text);
  });

  it('serves the icons as PNG', async () => {
    const response = await fetch(`${t.baseUrl}/icons/icon-192.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it("answers a missing worker 404, not with the panel's page", async () => {
    const response = await fetch(`${t.baseUrl}/content-sw-missing.js`);
    expect(response.status).toBe(404);
  });

  it("lets the panel's pages register the worker and read the manifest (CSP)", async () => {
    const page = await fetch(`${t.baseUrl}/login`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it('serves no panel worker on the content origin: it sends the browser to the panel', async () => {
    const response = await fetch(`${contentBase}/sw.js`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${t.config.publicUrl}/sw.js`);
  });
});
