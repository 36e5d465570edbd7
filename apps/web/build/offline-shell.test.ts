import { describe, expect, it } from 'vitest';
import { offlineShell, type ViteManifest } from './offline-shell';

// A manifest shaped as Vite writes it: two pages sharing chunks, the player's SCORM runtimes as
// dynamic imports, a chunk imported twice, a stylesheet and a font.
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_panel.js'] },
  '_panel.js': { file: 'assets/panel-1.js' },
  'player.html': {
    file: 'assets/player-1.js',
    isEntry: true,
    imports: ['_react.js', '_shared.js'],
    dynamicImports: [
      'node_modules/scorm-again/dist/esm/scorm12.js',
      'src/offline/offline-player.ts',
    ],
    css: ['assets/player-1.css'],
  },
  'offline.html': { file: 'assets/offline-1.js', isEntry: true, imports: ['_shared.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_shared.js': { file: 'assets/shared-1.js', assets: ['assets/font-1.woff2'] },
  'node_modules/scorm-again/dist/esm/scorm12.js': {
    file: 'assets/scorm12-1.js',
    imports: ['_scorm-common.js'],
  },
  '_scorm-common.js': { file: 'assets/scorm-common-1.js' },
  'src/offline/offline-player.ts': { file: 'assets/offline-player-1.js', imports: ['_shared.js'] },
};

describe('offlineShell', () => {
  it('lists the two pages, then every file the player and bridge pages reach, and nothing of the panel', () => {
    const shell = offlineShell(manifest);
    expect(shell.urls).toEqual([
      '/player/offline/play',
      '/player/offline',
      '/assets/font-1.woff2',
      '/assets/offline-1.js',
      '/assets/offline-player-1.js',
      '/assets/player-1.css',
      '/assets/player-1.js',
      '/assets/react-1.js',
      '/assets/scorm-common-1.js',
      '/assets/scorm12-1.js',
      '/assets/shared-1.js',
    ]);
  });

  it('names a new version when a file changes', () => {
    const changed = { ...manifest, '_react.js': { file: 'assets/react-2.js' } };
    expect(offlineShell(changed).version).not.toBe(offlineShell(manifest).version);
    expect(offlineShell(manifest).version).toBe(offlineShell({ ...manifest }).version);
  });

  it('refuses a manifest without the offline page', () => {
    const { ['offline.html']: _removed, ...without } = manifest;
    expect(() => offlineShell(without)).toThrow(/offline.html/);
  });

  it('refuses an import the manifest does not have', () => {
    const broken = {
      ...manifest,
      '_react.js': { file: 'assets/react-1.js', imports: ['_gone.js'] },
    };
    expect(() => offlineShell(broken)).toThrow(/_gone.js/);
  });
});
