/**
 * The import boundaries of docs/architecture.md are lint rules (eslint.config.js); this proves
 * each one fires. Probes are linted as virtual files inside the real folders (their imports
 * resolve to real files). Import cycles are tooling/import-cycles.test.ts's.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The rule ids (with messages) ESLint reports for code placed at filePath. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const ZONE = 'import-x/no-restricted-paths';
const RESTRICTED = 'no-restricted-imports';

describe('import boundaries (eslint.config.js)', () => {
  it('a web feature cannot import another feature, but may import shared code', async () => {
    expect(
      await problems(
        'apps/web/src/features/login/lint-probe.ts',
        "export { DashboardPage } from '../dashboard/dashboard-page';\n",
      ),
    ).toEqual([expect.stringContaining(`${ZONE}: `)]);
    expect(
      await problems(
        'apps/web/src/features/login/lint-probe.ts',
        "export { safeWebAddress } from '../../components/support-links';\nexport { emailError } from './email-rules';\n",
      ),
    ).toEqual([]);
  });

  it('shared web code cannot import a feature', async () => {
    expect(
      await problems(
        'apps/web/src/components/lint-probe.ts',
        "export { DashboardPage } from '../features/dashboard/dashboard-page';\n",
      ),
    ).toEqual([expect.stringContaining('Shared code must not import features')]);
  });

  it('the web app cannot import the server, nor the server the web app', async () => {
    expect(
      await problems(
        'apps/web/src/lib/lint-probe.ts',
        "export { loadConfig } from '../../../server/src/config.js';\n",
      ),
    ).toEqual([expect.stringContaining('The web app never imports the server')]);
    expect(
      await problems(
        'apps/server/src/lint-probe.ts',
        "export { paths } from '../../web/src/lib/paths';\n",
      ),
    ).toEqual([expect.stringContaining('The server never imports the web app')]);
  });

  it("the panel cannot import the staff console's rules or calls (its bundle)", async () => {
    for (const entry of ['@waypoint/domain/staff', '@waypoint/domain/console-contract']) {
      expect(
        await problems('apps/web/src/lib/lint-probe.ts', `export * from '${entry}';\n`),
      ).toEqual([expect.stringContaining("The panel never imports the staff console's rules")]);
    }
    expect(
      await problems(
        'apps/console/src/lib/lint-probe.ts',
        "export * from '@waypoint/domain/staff';\n",
      ),
    ).toEqual([]);
  });

  it('the domain package imports no I/O: not node:fs, not fastify, nothing from apps/', async () => {
    expect(
      await problems(
        'packages/domain/src/lint-probe.ts',
        "export { readFileSync } from 'node:fs';\n",
      ),
    ).toEqual([expect.stringContaining(`${RESTRICTED}: 'node:fs'`)]);
    expect(
      await problems(
        'packages/domain/src/contract/lint-probe.ts',
        "export { default as Fastify } from 'fastify';\n",
      ),
    ).toEqual([expect.stringContaining(`${RESTRICTED}: 'fastify'`)]);
    expect(
      await problems(
        'packages/domain/src/lint-probe.ts',
        "export { loadConfig } from '../../../apps/server/src/config.js';\n",
      ),
    ).toEqual([expect.stringContaining('imports nothing from apps/')]);
  });

  it('the UI package imports nothing from apps/; the console and the panel never import each other', async () => {
    expect(
      await problems(
        'packages/ui/src/lint-probe.ts',
        "export { paths } from '../../../apps/web/src/lib/paths';\n",
      ),
    ).toEqual([expect.stringContaining('The UI package (tokens and generic components) imports')]);
    expect(
      await problems(
        'apps/console/src/lib/lint-probe.ts',
        "export { paths } from '../../../web/src/lib/paths';\n",
      ),
    ).toEqual([expect.stringContaining('The console never imports the server or the panel')]);
    expect(
      await problems(
        'apps/web/src/lib/lint-probe.ts',
        "export { paths } from '../../../console/src/lib/paths';\n",
      ),
    ).toEqual([expect.stringContaining('The panel never imports the console')]);
    expect(
      await problems(
        'apps/console/src/components/lint-probe.ts',
        "export { LoginPage } from '../features/login/login-page';\n",
      ),
    ).toEqual([expect.stringContaining('Shared code must not import features')]);
    expect(
      await problems(
        'apps/console/src/features/home/lint-probe.ts',
        "export { LoginPage } from '../login/login-page';\nexport { Button } from '@waypoint/ui';\n",
      ),
    ).toEqual([expect.stringContaining(`${ZONE}: `)]);
  });

  it("screens never import the API client's raw request", async () => {
    for (const folder of [
      'web/src/features/login',
      'web/src/app',
      'web/src/components',
      'console/src/features/login',
      'console/src/app',
    ]) {
      const api = path.posix.join(folder.split('/src/')[0] ?? '', 'src/api/client');
      expect(
        await problems(
          `apps/${folder}/lint-probe.ts`,
          `export { request } from '${path.posix.relative(folder, api)}';\n`,
        ),
      ).toEqual([expect.stringContaining(`${RESTRICTED}: 'request' import`)]);
    }
  });
});
