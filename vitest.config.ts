import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = import.meta.dirname;
const domainSource = path.resolve(root, 'packages/domain/src');
const alias = [
  { find: /^@waypoint\/domain$/, replacement: path.join(domainSource, 'index.ts') },
  {
    find: /^@waypoint\/domain\/contract$/,
    replacement: path.join(domainSource, 'contract/index.ts'),
  },
  {
    find: /^@waypoint\/domain\/staff$/,
    replacement: path.join(domainSource, 'staff/index.ts'),
  },
  {
    find: /^@waypoint\/domain\/console-contract$/,
    replacement: path.join(domainSource, 'contract/console/index.ts'),
  },
  { find: /^@waypoint\/ui$/, replacement: path.resolve(root, 'packages/ui/src/index.ts') },
  { find: /^@waypoint\/ui\/(.+)$/, replacement: `${path.resolve(root, 'packages/ui/src')}/$1` },
];

/** The test files under `folder` (relative to the root) whose names match `name`. */
function testFiles(folder: string, name: RegExp): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

/**
 * A project whose files share their worker's modules (isolate: false): evaluating the same module
 * graph again for every file (the whole server) cost more than the tests themselves. Nothing a
 * test needs lives in a module: each server test builds its own app on its own database
 * (test/app.ts), and the domain's are pure functions. A file that replaces a module with vi.mock
 * does need a graph of its own, since a module an earlier file loaded would stay real: such files
 * (found by reading them, so a new one is never missed) run in a second, isolated project named
 * `<name>-isolated`. So do the bad-input suite's files (badInputSuite): they send megabytes of
 * generated input to every route. (A shared worker once died mid-file in the full run: it held
 * every app it had run, some 80 MB each, until the machine ran out, because prom-client's GC
 * observer kept each app's metrics registry; platform/metrics.ts now empties it on close.)
 */
function sharingModules(
  project: TestProjectInlineConfiguration & { test: { name: string } },
  folder: string,
  name: RegExp,
): TestProjectInlineConfiguration[] {
  const mocking = testFiles(folder, name).filter((file) =>
    /\bvi\.mock\(|\bbadInputSuite\(/.test(readFileSync(path.join(root, file), 'utf8')),
  );
  const shared = {
    ...project,
    test: { ...project.test, isolate: false, exclude: [...mocking, '**/node_modules/**'] },
  };
  if (mocking.length === 0) return [shared];
  const isolated = {
    ...project,
    test: { ...project.test, name: `${project.test.name}-isolated`, include: mocking },
  };
  return [shared, isolated];
}

// Server integration tests always run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const serverProject = (database: 'pglite' | 'postgres') =>
  sharingModules(
    {
      resolve: { alias },
      test: {
        name: `server-${database}`,
        include: ['apps/server/src/**/*.test.ts'],
        environment: 'node',
        env: { WAYPOINT_TEST_DB: database },
        setupFiles: ['apps/server/src/test/setup.ts'],
        ...(database === 'pglite' ? { globalSetup: ['apps/server/src/test/global-setup.ts'] } : {}),
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    },
    'apps/server/src',
    /\.test\.ts$/,
  );

export default defineConfig({
  test: {
    // Server tests spend much of their time waiting on scrypt and the database, not on this
    // process: run at least two files at once even on a two-core machine.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      ...sharingModules(
        {
          test: {
            name: 'domain',
            include: ['packages/domain/src/**/*.test.ts'],
            environment: 'node',
          },
        },
        'packages/domain/src',
        /\.test\.ts$/,
      ),
      {
        // Repository tooling: the lint boundaries of eslint.config.js, proven to fire, and the web
        // app's build plugins.
        test: {
          name: 'tooling',
          include: ['tooling/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      ...serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? serverProject('postgres') : []),
      {
        // Isolated: files sharing one jsdom and React's modules failed in some orders (a dialog's
        // state on <body>, router and store state), so each web file keeps a fresh one.
        resolve: { alias },
        test: {
          name: 'web',
          // The shared UI package's components are tested with the panel they came from.
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'packages/ui/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        // The staff console: isolated like the panel (a fresh jsdom and module graph per file).
        resolve: { alias },
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/console/src/test/setup.ts'],
          // A ceiling, not a timing: a console test walks a whole journey (lazy pages, several
          // screens), which passes 5 s when the suite's server tests load both cores.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
