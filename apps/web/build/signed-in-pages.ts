import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** Where the signed-in pages go in the build, beside index.html; the server reads them there. */
const SIGNED_IN_PAGES_DIR = 'signed-in';

interface SignedInPagesOptions {
  /** The signed-in layout's module, relative to the app's root: every signed-in page renders it. */
  layout: string;
  /** Each signed-in address (a path of spec §2's route table) and the page module it renders. */
  pages: Record<string, string>;
}

/**
 * Writes, beside index.html, one page per signed-in address (signed-in/dashboard.html, ...): the
 * same page plus modulepreload and stylesheet links for the chunks of the signed-in layout and of
 * that address's page. The server sends it instead of index.html to a browser with a session
 * (ADR 0012), so the browser fetches and compiles those chunks alongside the entry instead of
 * discovering them only once the entry has run.
 */
export function signedInPages({ layout, pages }: SignedInPagesOptions): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'waypoint:signed-in-pages',
    apply: 'build',
    // After Vite has written index.html into the bundle; the compression plugin's hook runs later
    // still (in the manifest plugin's), so these pages get their .br and .gz copies too.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle');
      const html = String(index.source);
      const chunkOf = (module: string): Rolldown.OutputChunk => {
        const id = path.resolve(root, module);
        const chunk = Object.values(bundle).find(
          (item): item is Rolldown.OutputChunk =>
            item.type === 'chunk' && item.facadeModuleId === id,
        );
        return chunk ?? this.error(`${module} is not the entry of a chunk: is it lazily loaded?`);
      };
      for (const [address, page] of Object.entries(pages)) {
        const files = chunkFiles([chunkOf(layout), chunkOf(page)], bundle);
        this.emitFile({
          type: 'asset',
          fileName: `${SIGNED_IN_PAGES_DIR}${address}.html`,
          source: withPreloadLinks(html, files, base),
        });
      }
    },
  };
}

/**
 * The scripts and stylesheets the given chunks need, with what they import; stylesheets in the
 * order Vite's own preloading would add them (an import's before its importer's), so the cascade
 * is the same as when the chunks are loaded on demand.
 */
function chunkFiles(
  chunks: Rolldown.OutputChunk[],
  bundle: Rolldown.OutputBundle,
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
    for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
  };
  chunks.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The page with a link for each file it does not already link, before its </head>. */
function withPreloadLinks(
  html: string,
  { scripts, styles }: { scripts: string[]; styles: string[] },
  base: string,
): string {
  const linked = (file: string) => html.includes(`"${base}${file}"`);
  const links = [
    ...scripts
      .filter((file) => !linked(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...styles
      .filter((file) => !linked(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
  ];
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}
