import { defineConfig } from 'vitest/config';
import os from 'node:os';
import path from 'node:path';

const domainSource = path.resolve(import.meta.dirname, 'packages/domain/src');
const alias = [
  { find: /^@waypoint\/domain$/, replacement: path.join(domainSource, 'index.ts') },
  {
    find: /^@waypoint\/domain\/contract$/,
    replacement: path.join(domainSource, 'contract/index.ts'),
  },
];

// Server integration tests always run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const serverProject = (database: 'pglite' | 'postgres') => ({
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
});

export default defineConfig({
  test: {
    // Server tests spend much of their time waiting on scrypt and the database, not on this
    // process: run at least two files at once even on a two-core machine.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
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
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
