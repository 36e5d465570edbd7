import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './chromium.js';

// One server on a throwaway data folder, seeded with the demo training provider.
const port = Number(process.env.E2E_PORT || 8191);
// Set once in the runner and inherited by the workers, so the operator CLI the specs call (outbox,
// add-user) reaches the same server (e2e/support/cli.ts).
const dataDir = (process.env.WAYPOINT_E2E_DATA_DIR ??= path.join(
  os.tmpdir(),
  `waypoint-e2e-${process.pid}`,
));
// New password hashes at N=2^10 in the server and the operator CLI the specs run (inherited the
// same way): each journey adds users and signs in, and at the production cost every one of those
// hashes took about 0.4 s of CPU. What the cost is in production, lib/password.test.ts proves.
process.env.PASSWORD_COST_LOG2 ??= '10';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // The journeys mostly wait (on the browser, the server and the rules' own timers, such as the
  // 30 s between MFA resends): on two cores, two workers kept the CPU about half idle, so four run
  // side by side (`npm run test:e2e -- --workers=N` overrides). Files stay whole on one worker;
  // package-kinds.spec.ts spreads its own tests.
  workers: 4,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  // Each journey creates its own user through the operator CLI, which takes a few seconds.
  timeout: 120_000,
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `node apps/server/dist/main.js`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${port}/lms/now`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PASSWORD_COST_LOG2: process.env.PASSWORD_COST_LOG2,
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
