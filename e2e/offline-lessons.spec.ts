import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './chromium.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { content, openCurriculum, passSecurityAwarenessExam } from './support/player.js';
import { DEMO_PASSWORD } from './support/users.js';

// Lessons offline (docs/decisions/0024): a student makes a SCORM 1.2 and a SCORM 2004 lesson
// available on the device, goes offline, reloads, plays both to completion from the device, closes
// the browser and opens it again, goes online; the sync at start sends the queued commits and the
// Completion Report shows both complete.
//
// The panel and the content origin must be same-site (two names under one registrable domain, as
// production's second DNS name is): a browser partitions a cross-site frame's storage, or blocks
// it, so the bridge frame the panel opens and the lesson window would not share the stored
// lessons. The suite's own server (localhost and 127.0.0.1, two sites) cannot show this, so this
// journey starts a server of its own on two names of *.localhost (loopback in Chromium).

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT || 8191) + 23;
const panelOrigin = `http://panel.waypoint.localhost:${port}`;
const contentOrigin = `http://content.waypoint.localhost:${port}`;
const CURRICULUM = 'Security Awareness';
const READING = 'Access Control and ID';
const EXAM = 'Security Awareness Exam';

let dataDir = '';
let server: ChildProcess | null = null;
const profiles: string[] = [];
const browsers: BrowserContext[] = [];

/** The operator CLI on this journey's server. */
function cli(...args: string[]): void {
  execFileSync(process.execPath, [path.join(root, 'apps/server/dist/cli/main.js'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForServer(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/lms/now`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The offline journey server did not start.');
}

const lessonRow = (page: Page, name: string) =>
  page.locator(`[data-testid="lesson-row"][data-lesson="${name}"]`);
const offlineLine = (page: Page, name: string) =>
  lessonRow(page, name).getByTestId('offline-control');

async function openBrowser(
  profile: string,
  offline = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    offline,
    baseURL: panelOrigin,
    viewport: { width: 1280, height: 900 },
  });
  browsers.push(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Plays a stored lesson from the device: the lesson window opens the offline player. */
async function playOffline(page: Page, lesson: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await lessonRow(page, lesson)
    .getByRole('button', { name: `Play ${lesson}` })
    .click();
  const player = await popup;
  await expect(player).toHaveURL(
    new RegExp(`^${contentOrigin}/player/offline/play#[A-Za-z0-9_-]{43}$`),
  );
  return player;
}

async function savedOnDevice(player: Page): Promise<void> {
  await expect(
    player.getByRole('status').filter({ hasText: /saved on this device/i }),
  ).toBeVisible();
}

test.describe('lessons offline', () => {
  test.setTimeout(300_000);

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-e2e-offline-'));
    server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: panelOrigin,
        CONTENT_ORIGIN: contentOrigin,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await waitForServer(Date.now() + 200_000);
  });

  test.afterAll(async () => {
    await Promise.all(browsers.map((context) => context.close().catch(() => undefined)));
    server?.kill('SIGTERM');
    await Promise.all(
      [dataDir, ...profiles].map((dir) => rm(dir, { recursive: true, force: true })),
    );
  });

  test('a 1.2 and a 2004 lesson made available, played offline, synced at the next start', async () => {
    const login = `e2e-offline-${process.pid}-${Date.now().toString(36)}`;
    cli(
      'add-user',
      '--lms',
      'demo',
      '--login',
      login,
      '--email',
      `${login}@example.com`,
      '--name',
      'Test Student',
      '--password',
      DEMO_PASSWORD,
    );
    cli('assign', '--lms', 'demo', '--user', login, '--curriculum', CURRICULUM);
    const profile = await mkdtemp(path.join(os.tmpdir(), 'waypoint-e2e-offline-profile-'));
    profiles.push(profile);

    // Online: both lessons stored on the device, with their size.
    let { context, page } = await openBrowser(profile);
    await signIn(page, login, DEMO_PASSWORD);
    await expectSignedIn(page);
    await openCurriculum(page, CURRICULUM);
    for (const lesson of [READING, EXAM]) {
      await expect(offlineLine(page, lesson)).toHaveAttribute('data-state', 'not-stored');
      await page.getByRole('button', { name: `Make ${lesson} available offline` }).click();
      await expect(offlineLine(page, lesson)).toContainText(/Available offline · \d/, {
        timeout: 60_000,
      });
    }
    await expectAccessible(page);
    await screenshotBoth(page, 'offline-lessons-stored');
    // The panel's own service worker keeps its shell for the offline reload.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Offline: the page reloads from the device and both lessons play from it.
    await context.setOffline(true);
    await page.reload();
    await expect(offlineLine(page, READING)).toContainText('Available offline');
    let player = await playOffline(page, READING);
    const reading = content(player);
    await expect(reading.getByRole('heading', { name: READING })).toBeVisible();
    for (let next = 0; next < 3; next += 1) {
      await reading.getByRole('button', { name: 'Next' }).click();
    }
    await expect(reading.getByText(`You have completed ${READING}.`)).toBeVisible();
    await savedOnDevice(player);
    await player.close();

    player = await playOffline(page, EXAM);
    const check = content(player);
    await expect(check.getByRole('heading', { name: EXAM })).toBeVisible();
    await passSecurityAwarenessExam(check);
    await savedOnDevice(player);
    await player.close();

    // The browser closes and opens again, online: its session cookie is gone, so the student
    // signs in again; the progress waited on the device, and the sync at start sends it. Course
    // details and the report show both lessons complete.
    await context.close();
    // It opens offline first: the content service worker's Background Sync would race the
    // panel's sync at start with the device's true clock (a worker has no test clock), so its
    // requests are refused before the connection returns and the panel's sync sends them.
    ({ context, page } = await openBrowser(profile, true));
    await context.route(`${contentOrigin}/player-api/offline/*/sync`, (route) =>
      route.request().serviceWorker() ? route.abort() : route.fallback(),
    );
    // This device's clock is three hours ahead of the server's when it syncs (at the signed-in
    // panel's start): the completions are dated at the sync and flagged (§8's offline-completion
    // tooltip), and the student is told, on every page until dismissed.
    await context.clock.setFixedTime(Date.now() + 3 * 60 * 60_000);
    await context.setOffline(false);
    await signIn(page, login, DEMO_PASSWORD);
    await expectSignedIn(page);
    await openCurriculum(page, CURRICULUM);
    const notices = page.getByRole('region', { name: 'While you were offline' });
    await expect(notices).toContainText('Completion date adjusted', { timeout: 30_000 });
    // The content service worker may still have sent a lesson first with the true clock: the
    // lessons the panel's sync dated are those its notices name.
    const said = (await notices.textContent()) ?? '';
    const dated = [READING, EXAM].filter((lesson) => said.includes(lesson));
    expect(dated.length).toBeGreaterThan(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'offline-lessons-synced');
    await expect(lessonRow(page, READING)).toHaveAttribute('data-status', 'complete', {
      timeout: 30_000,
    });
    await expect(lessonRow(page, EXAM)).toHaveAttribute('data-status', 'complete');
    await expect(offlineLine(page, READING)).not.toContainText('Progress waiting to sync');
    await notices.getByRole('button', { name: /Dismiss/ }).click();
    await expect(notices).toBeHidden();
    await page.goto('/report');
    for (const lesson of [READING, EXAM]) {
      const row = page
        .getByTestId('most-recent-row')
        .filter({ has: page.getByRole('rowheader', { name: lesson }) });
      await expect(row.getByTestId('lesson-status')).toHaveText('Complete');
      if (!dated.includes(lesson)) continue;
      // §8's offline-completion tooltip on a completion dated at the sync.
      const flag = row.getByTestId('offline-completion');
      await expect(flag).toBeVisible();
      await flag.hover();
      await expect(page.getByRole('tooltip')).toContainText('completed offline on the mobile app', {
        timeout: 15_000,
      });
      await page.mouse.move(0, 0);
    }
    await context.close();
  });
});
