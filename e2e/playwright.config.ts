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

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
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
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
