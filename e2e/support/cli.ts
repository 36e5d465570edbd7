import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs the operator CLI (`npm run waypoint -- ... --json`) against the e2e server's data folder. */
export function waypoint<T>(...args: string[]): T {
  const dataDir = process.env.WAYPOINT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('WAYPOINT_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const output = execFileSync('npm', ['run', '--silent', 'waypoint', '--', ...args, '--json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const start = output.indexOf('{');
  return JSON.parse(start >= 0 ? output.slice(start) : output) as T;
}
