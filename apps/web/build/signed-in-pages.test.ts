import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPages } from './signed-in-pages';

/**
 * The build's signed-in pages (ADR 0012), from a real Vite build of a small app laid out like the
 * panel: an entry that lazily loads a layout and a page, which share a module and have styles.
 */
describe('signedInPages', () => {
  let root: string;
  let output: Rolldown.OutputBundle;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'waypoint-signed-in-pages-'));
    const files: Record<string, string> = {
      'index.html':
        '<!doctype html><html><head><title>Panel</title></head><body><script type="module" src="/main.ts"></script></body></html>',
      'main.ts': "import './main.css';\nvoid import('./layout.ts');\nvoid import('./page.ts');\n",
      'main.css': 'body { margin: 0; }',
      'layout.ts':
        "import './layout.css';\nimport { shared } from './shared.ts';\nexport const layout = shared('layout');\n",
      'layout.css': '.layout { color: navy; }',
      'page.ts':
        "import './page.css';\nimport { shared } from './shared.ts';\nexport const page = shared('page');\n",
      'page.css': '.page { color: teal; }',
      'shared.ts':
        "import './shared.css';\nexport const shared = (name: string) => `${name}:${Math.random()}`;\n",
      'shared.css': '.shared { color: gray; }',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, name), text);
    const result = await build({
      root,
      logLevel: 'silent',
      configFile: false,
      build: { write: false, modulePreload: { polyfill: false } },
      plugins: [
        signedInPages({
          layout: 'layout.ts',
          pages: { '/home': 'page.ts', '/home/item': 'page.ts' },
        }),
      ],
    });
    const [first] = Array.isArray(result) ? result : [result];
    output = Object.fromEntries(
      (first as Rolldown.RolldownOutput).output.map((item) => [item.fileName, item]),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const page = (fileName: string) => {
    const item = output[fileName];
    expect(item?.type, fileName).toBe('asset');
    return String((item as Rolldown.OutputAsset).source);
  };
  /** The chunk a module is in: its own (layout, page) or the one the bundler made for both (shared). */
  const fileOf = (name: string) =>
    Object.keys(output).find(
      (fileName) => fileName.startsWith(`assets/${name}-`) && fileName.endsWith('.js'),
    );

  it('writes one page per address, nested as the address is', () => {
    expect(page('signed-in/home.html')).toBe(page('signed-in/home/item.html'));
  });

  it("preloads the layout's and the page's chunks and what they import, each once", () => {
    const html = page('signed-in/home.html');
    const preloads = [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(preloads).toEqual(
      expect.arrayContaining([fileOf('layout'), fileOf('page'), fileOf('shared')]),
    );
    expect(new Set(preloads).size).toBe(preloads.length);
  });

  it('links the styles in the order loading the chunks would, an import before its importer', () => {
    const html = page('signed-in/home.html');
    const styles = [
      ...html.matchAll(/rel="stylesheet" crossorigin href="\/assets\/([a-z]+)-/g),
    ].map((match) => match[1]);
    // The entry's own (index) first, as index.html links it; then shared.css, which both the
    // layout and the page import, before either.
    expect(styles).toEqual(['index', 'shared', 'layout', 'page']);
  });

  it('keeps index.html as it is, and everything it links, in the same order', () => {
    const index = page('index.html');
    expect(index).not.toMatch(/layout|page-/);
    const signedIn = page('signed-in/home.html');
    expect(signedIn.startsWith(index.slice(0, index.indexOf('</head>')))).toBe(true);
  });
});
