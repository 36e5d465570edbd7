import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelShell } from './panel-shell';

/**
 * The panel's app shell (docs/decisions/0024), from a real Vite build of a small app laid out like
 * the panel: index.html's entry with a lazily loaded page and styles, and a player page of its own
 * that shares one module with the panel and lazily loads a runtime only it uses.
 */
describe('panelShell', () => {
  let root: string;
  let output: Rolldown.OutputBundle;
  const shell = panelShell();

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'waypoint-panel-shell-'));
    const files: Record<string, string> = {
      'index.html':
        '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><script type="module" src="/main.ts"></script></body></html>',
      'player.html':
        '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><script type="module" src="/player.ts"></script></body></html>',
      'main.ts':
        "import './main.css';\nimport { shared } from './shared.ts';\nshared('panel');\nvoid import('./page.ts');\n",
      'main.css': 'body { margin: 0; }',
      'page.ts': "import './page.css';\nexport const page = 'page';\n",
      'page.css': '.page { color: teal; }',
      'shared.ts': 'export const shared = (name: string) => `${name}:${Math.random()}`;\n',
      'player.ts':
        "import { shared } from './shared.ts';\nshared('player');\nvoid import('./runtime.ts');\n",
      'runtime.ts': 'export const runtime = Math.random();\n',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, name), text);
    const result = await build({
      root,
      logLevel: 'silent',
      configFile: false,
      build: {
        write: false,
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: { index: path.join(root, 'index.html'), player: path.join(root, 'player.html') },
        },
      },
      plugins: [shell.plugin],
    });
    const [first] = Array.isArray(result) ? result : [result];
    output = Object.fromEntries(
      (first as Rolldown.RolldownOutput).output.map((item) => [item.fileName, item]),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const filesOf = (name: string) =>
    Object.keys(output).filter((fileName) => fileName.startsWith(`assets/${name}-`));

  it("holds the panel's entry, its lazy page, their styles, and what it shares with the player", () => {
    // The bundler puts the shared module in a chunk both pages import (with its preload helper).
    const expected = ['index', 'page', 'preload-helper'].flatMap(filesOf);
    expect(expected).toHaveLength(5);
    for (const file of expected) expect(shell.has(file), file).toBe(true);
  });

  it("leaves out the player's entry and the runtime only the player loads", () => {
    const playerOnly = ['player', 'runtime'].flatMap(filesOf);
    expect(playerOnly.length).toBeGreaterThanOrEqual(2);
    for (const file of playerOnly) expect(shell.has(file), file).toBe(false);
  });

  it("keeps the manifest's link on the panel's page only (the content origin's pages drop it)", () => {
    const html = (name: string) => String((output[name] as Rolldown.OutputAsset).source);
    expect(html('index.html')).toContain('rel="manifest"');
    expect(html('player.html')).not.toContain('rel="manifest"');
  });
});
