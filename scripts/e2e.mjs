// Runs the Playwright end-to-end suite in Debian's Chromium against a freshly built server.
// Without a system Chromium a developer's `npm test` skips this part with a notice; CI fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `End-to-end tests need Chromium at ${chromium} (apt-get install -y chromium).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Skipping them.`);
  process.exit(0);
}
const run = (command, args) => {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npm', ['run', 'build']);
// The lesson-player journeys import the demo packages' zips through the operator CLI.
run('npm', ['run', 'build:demo-content']);
run('npx', [
  'playwright',
  'test',
  '--config',
  'e2e/playwright.config.ts',
  ...process.argv.slice(2),
]);
