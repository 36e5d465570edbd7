/**
 * The content origin's service worker (docs/decisions/0024), built after the main build
 * (`npm run build`): one file, dist/content-sw.js (no hash: the server answers it at
 * /content-sw.js on the content origin, and a browser updates a worker by comparing its bytes).
 * The offline shell's file list, read from the main build's manifest, is compiled into it, so a
 * new build makes a new worker that stores the new shell.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { offlineShell, type ViteManifest } from './build/offline-shell.ts';

const dist = path.resolve(import.meta.dirname, 'dist');
const domainSource = path.resolve(import.meta.dirname, '../../packages/domain/src');

export default defineConfig((): UserConfig => {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as ViteManifest;
  const shell = offlineShell(manifest);
  return {
    publicDir: false,
    define: {
      __OFFLINE_SHELL_URLS__: JSON.stringify(shell.urls),
      __OFFLINE_SHELL_VERSION__: JSON.stringify(shell.version),
    },
    resolve: {
      alias: [
        { find: /^@waypoint\/domain$/, replacement: path.join(domainSource, 'index.ts') },
        {
          find: /^@waypoint\/domain\/contract$/,
          replacement: path.join(domainSource, 'contract/index.ts'),
        },
      ],
    },
    build: {
      outDir: dist,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: true,
      manifest: false,
      lib: {
        entry: path.resolve(import.meta.dirname, 'src/offline/sw/content-sw.ts'),
        formats: ['iife' as const],
        name: 'WaypointContentSw',
        fileName: () => 'content-sw.js',
      },
      rolldownOptions: {
        // As the main build: the contract's schema builders are pure, so unused schemas fall out.
        treeshake: {
          manualPureFunctions: ['Type', 'Text', 'EncodedText', 'errorResponses', 'defineCall'],
        },
        checks: { bundlerTimings: false },
      },
    },
  };
});
