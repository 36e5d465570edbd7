import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './chromium.js';
import { expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

// The installable panel (docs/decisions/0024 "Install and app links"): its manifest, the service
// worker that keeps the app shell, installability as Chromium judges it, a reload offline, and the
// App Download strip's Install. Chromium offers installation only to a profile of its own (an
// incognito-like context reports 'in-incognito'), so this spec opens a persistent one.
test.describe('installable panel', () => {
  let context: BrowserContext;
  let profile: string;

  test.beforeEach(async ({ baseURL }) => {
    profile = mkdtempSync(path.join(tmpdir(), 'waypoint-e2e-install-'));
    context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions,
      baseURL,
    });
  });
  test.afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('manifest, service worker, installability, offline reload and Install', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    // Counted from the first script on: the browser's offer comes once, soon after load.
    await page.addInitScript(() => {
      const counted = window as unknown as { installOffers: number };
      counted.installOffers = 0;
      window.addEventListener('beforeinstallprompt', () => (counted.installOffers += 1));
    });

    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({ name: 'Waypoint', display: 'standalone', theme_color: '#0b3d91' });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of body.icons) {
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
    }
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await page.goto('/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    // After a reload the worker controls the page.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/sw\.js$/,
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // The precache holds the shell and nothing of the API or the lesson player.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((url) => url.startsWith('/lms/'))).toBe(false);
    expect(cached.some((url) => /player/.test(url))).toBe(false);

    // Offline, a reload still shows the login page, from the precached shell.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Student Panel$/);
    await expect(page.getByLabel('Login ID')).toBeVisible();
    await context.setOffline(false);

    // Signed in, the App Download strip offers Install beside the LMS's links.
    const user = createUser();
    await signIn(page, user.login, user.password);
    await expectSignedIn(page);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { installOffers: number }).installOffers),
      )
      .toBeGreaterThan(0);
    const strip = page.getByRole('complementary', { name: 'App Download' });
    const install = strip.getByRole('button', { name: 'Install' });
    await expect(install).toBeVisible();
    await expect(strip).toContainText('Take your training with you, even offline.');
    await screenshotBoth(page, 'install-strip');
  });
});
