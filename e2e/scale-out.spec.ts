import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contentStorageOn } from '../apps/server/src/modules/content/storage.js';
import { openObjectStorage } from '../apps/server/src/platform/object-storage/index.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../apps/server/src/test/factories.js';
import { publishPackage } from '../apps/server/src/test/launch.js';
import { nginxInstalled, startNginx, type Nginx } from '../apps/server/src/test/nginx.js';
import { startS3Server, type TestS3Server } from '../apps/server/src/test/s3-server.js';
import {
  createDurableDatabase,
  freePort,
  startServerProcess,
  type DurableDatabase,
  type ServerProcess,
} from '../apps/server/src/test/server-process.js';
import { exitLessonsPackage12 } from '../apps/server/src/test/test-packages.js';
import { expectSignedIn, signIn } from './support/panel.js';
import { content, openCurriculum, play } from './support/player.js';

// Several instances behind a load balancer (docs/deployment, ADR 0018), in a browser: two real
// servers on one PostgreSQL behind nginx with the deployment guide's configuration, their files
// (the lesson the browser loads) in one S3-compatible bucket. The lesson's
// commits are pinned to instance A and the panel's report to B (the test-only header nginx.ts
// adds); then A is killed with SIGKILL with the lesson open, and the lesson goes on through B.
// Needs PostgreSQL (TEST_DATABASE_URL, as CI sets it) and nginx; skipped without them.

const expect = baseExpect.configure({ timeout: 20_000 });
const serverUrl = process.env.TEST_DATABASE_URL;
const nginxPort = Number(process.env.E2E_PORT || 8191) + 17;
const panelUrl = `http://localhost:${nginxPort}`;

test.describe('two instances behind nginx', () => {
  test.skip(!serverUrl || !nginxInstalled, 'needs TEST_DATABASE_URL and nginx');
  test.use({ baseURL: panelUrl });
  test.setTimeout(300_000);

  let database: DurableDatabase;
  const dirs: string[] = [];
  let servers: ServerProcess[] = [];
  let nginx: Nginx;
  let s3: TestS3Server;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    database = await createDurableDatabase({ kind: 'postgres', serverUrl: serverUrl! });
    for (const name of ['a', 'b'])
      dirs.push(await mkdtemp(path.join(os.tmpdir(), `waypoint-e2e-scale-${name}-`)));
    // Both keep their files in one S3-compatible bucket (ADR 0017); the servers inherit the
    // credentials the test S3 server sets.
    s3 = await startS3Server((name, value) => (process.env[name] = value));
    const storageUrl = s3.storageUrl('e2e-scale-out');
    const ports = [await freePort(), await freePort()];
    const env = {
      STORAGE_URL: storageUrl,
      ...database.env,
      PUBLIC_URL: panelUrl,
      TRUST_PROXY: '127.0.0.1',
      HOST: '127.0.0.1',
    };
    servers = await Promise.all(
      ports.map((port, i) =>
        startServerProcess({ dataDir: dirs[i]!, port, env, startTimeoutMs: 180_000 }),
      ),
    );
    nginx = await startNginx({
      port: nginxPort,
      instances: { a: `127.0.0.1:${ports[0]}`, b: `127.0.0.1:${ports[1]}` },
    });
    const handle = await database.open();
    try {
      const { db } = handle;
      const lms = await buildLms(db, { lmsCode: 'fleet' });
      const user = await buildUser(db, lms.lmsKey, { userId: 'cadet' });
      await publishPackage(
        { db, storage: contentStorageOn(openObjectStorage({ dataDir: dirs[0]!, storageUrl })) },
        await exitLessonsPackage12(),
        { lmsKey: lms.lmsKey, userKey: user.userKey, curriculum: 'Line Checks' },
      );
    } finally {
      await handle.close();
    }
  });

  test.afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) await server.stop();
    await database?.drop();
    await s3?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** Sends matching requests to one instance (nginx.ts's test-only header), or stops pinning them. */
  const pin = async (page: Page, pattern: string, instance: 'a' | 'b') =>
    page.context().route(pattern, (route) =>
      route.continue({
        headers: { ...route.request().headers(), 'x-waypoint-instance': instance },
      }),
    );

  test('commit through A, report through B; A killed mid-lesson, the lesson goes on through B', async ({
    page,
  }) => {
    await signIn(page, 'cadet', TEST_PASSWORD);
    await expectSignedIn(page);

    await pin(page, '**/player-api/*/commit', 'a');
    await pin(page, '**/lms/api/progressreport/**', 'b');
    await openCurriculum(page, 'Line Checks');
    const player = await play(page, 'Bookmarked pages');
    const sco = content(player);
    await expect(sco.getByText('Starting at page 1')).toBeVisible();
    await sco.getByRole('button', { name: 'Next page' }).click();
    await expect(sco.getByText('Page 2 of 5')).toBeVisible();
    await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();

    // A dies with the lesson open; commits are no longer pinned, and nginx finds only B.
    await servers[0]!.kill();
    await page.context().unroute('**/player-api/*/commit');
    await sco.getByRole('button', { name: 'Next page' }).click();
    await sco.getByRole('button', { name: 'Next page' }).click();
    await expect(sco.getByText('Page 4 of 5')).toBeVisible();
    await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
    const closed = player.waitForEvent('close');
    await player.getByRole('button', { name: 'Exit lesson' }).click();
    await closed;

    // The report (through B) and a relaunch show everything the lesson saved, on A and on B.
    const row = page.locator('[data-testid="lesson-row"][data-lesson="Bookmarked pages"]');
    await expect(row).toHaveAttribute('data-status', 'started');
    const again = await play(page, 'Bookmarked pages');
    await expect(
      content(again).getByText('Resumed at page 4 (suspended in beforeunload at page 4)'),
    ).toBeVisible();
  });
});
