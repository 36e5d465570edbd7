import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
// The e2e run builds the server first (scripts/e2e.mjs), so the compiled CLI is there: it starts in
// a fraction of the time `npm run waypoint` (npm, then tsx compiling the sources) takes.
const cliMain = path.join(root, 'apps/server/dist/cli/main.js');

/** Runs the operator CLI (`npm run waypoint -- ... --json`, compiled) against the e2e server's data folder. */
export function waypoint<T>(...args: string[]): T {
  const dataDir = process.env.WAYPOINT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('WAYPOINT_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const output = execFileSync(process.execPath, [cliMain, ...args, '--json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const start = output.indexOf('{');
  return JSON.parse(start >= 0 ? output.slice(start) : output) as T;
}
