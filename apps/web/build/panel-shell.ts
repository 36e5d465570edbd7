import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * The panel's app shell, as the panel's service worker precaches it (docs/decisions/0024 "Install
 * and app links"): every chunk, stylesheet and asset that index.html loads, at once or lazily, and
 * nothing that only the lesson player (player.html, on the content origin, ADR 0007) loads.
 */
export interface PanelShell {
  /** Collects the shell's files from the bundle; add it to the build's plugins. */
  plugin: Plugin;
  /** Whether a built file (a path in dist, 'assets/index-AbC.js') is part of the panel's shell. */
  has(file: string): boolean;
}

/** The files reachable from the panel's entry (index.html), in the bundle's own graph. */
export function shellFiles(root: string, bundle: Rolldown.OutputBundle): Set<string> {
  const indexHtml = path.resolve(root, 'index.html');
  const entry = Object.values(bundle).find(
    (item): item is Rolldown.OutputChunk =>
      item.type === 'chunk' && item.isEntry && item.facadeModuleId === indexHtml,
  );
  const files = new Set<string>();
  if (!entry) return files;
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const style of chunk.viteMetadata?.importedCss ?? []) files.add(style);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(entry);
  return files;
}

export function panelShell(): PanelShell {
  let root = '';
  let files = new Set<string>();
  return {
    plugin: {
      name: 'waypoint:panel-shell',
      apply: 'build',
      enforce: 'post',
      configResolved(config) {
        root = config.root;
      },
      generateBundle(_options, bundle) {
        files = shellFiles(root, bundle);
        if (files.size === 0) this.error('The panel entry (index.html) is not in the bundle.');
      },
      // vite-plugin-pwa adds the manifest's link to every page it builds; the lesson player's page
      // and the offline bridge are served on the content origin, which is no part of the
      // installed panel (its CSP would refuse the link).
      transformIndexHtml: {
        order: 'post',
        handler(html, context) {
          if (path.basename(context.filename) === 'index.html') return html;
          return html.replace(/<link rel="manifest"[^>]*>/g, '');
        },
      },
    },
    has: (file) => files.has(file),
  };
}
