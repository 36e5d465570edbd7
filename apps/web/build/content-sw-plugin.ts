import path from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * Builds the content service worker (vite.content-sw.config.ts) after the main build has written
 * its files and manifest, whose offline shell the worker stores (docs/decisions/0024). Part of
 * `vite build`, so `npm run build` and `npm start` (with its --logLevel) build both.
 */
export function contentServiceWorker(): Plugin {
  let logLevel: 'info' | 'warn' | 'error' | 'silent' = 'info';
  let root = '';
  return {
    name: 'waypoint:content-sw',
    apply: 'build',
    configResolved(config) {
      logLevel = config.logLevel ?? 'info';
      root = config.root;
    },
    async closeBundle() {
      await build({
        configFile: path.join(root, 'vite.content-sw.config.ts'),
        logLevel,
      });
    },
  };
}
