/**
 * No import cycles in apps/ and packages/, type imports included (docs/architecture.md, "No
 * cycles"). A cycle of type imports is still a cycle for a reader: neither file can be understood
 * alone. madge reads every import; the lint's import-x/no-cycle skipped type imports and was the
 * slowest rule, so this test replaced it.
 */
import madge from 'madge';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
// The TypeScript parser madge uses warns once per `import()` type about a renamed AST property;
// nothing here reads it (this file runs in a worker of its own).
process.noDeprecation = true;

/** The import graph of `folders` (repository-relative paths). */
async function graphOf(folders: string[]) {
  const graph = await madge(
    folders.map((folder) => path.join(repoRoot, folder)),
    {
      baseDir: repoRoot,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: path.join(repoRoot, 'tsconfig.json'),
      excludeRegExp: [/[\\/]node_modules[\\/]/, /[\\/]dist[\\/]/],
      detectiveOptions: {
        ts: { skipTypeImports: false },
        tsx: { skipTypeImports: false },
      },
    },
  );
  return graph;
}

describe('import cycles (type imports included)', () => {
  it('apps/ and packages/ have none', async () => {
    const graph = await graphOf(['apps', 'packages']);
    // Every source file was read (an unresolved import would hide its cycles).
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(500);
    expect(graph.circular()).toEqual([]);
  });

  it('a cycle of type imports alone is found', async () => {
    expect((await graphOf(['tooling/fixtures/type-cycle'])).circular()).toEqual([
      ['tooling/fixtures/type-cycle/held.ts', 'tooling/fixtures/type-cycle/holder.ts'],
    ]);
  });
});
