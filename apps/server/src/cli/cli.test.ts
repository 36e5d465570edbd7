import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPackage12 } from '../test/test-packages.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const cliMain = path.join(repoRoot, 'apps/server/src/cli/main.ts');
// Each run starts tsx and opens (or first creates) the embedded database: seconds, more on a busy machine.
const CHILD_TIMEOUT = 90_000;

// The child always uses its own PGlite folder, so one run (in the PGlite project) is enough.
describe.skipIf(process.env.WAYPOINT_TEST_DB === 'postgres')(
  'npm run waypoint (a child process, no server running)',
  () => {
    let dataDir: string;

    /** Runs the CLI as `npm run waypoint` does, on the temp DATA_DIR with its own PGlite database. */
    const waypoint = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
        delete env.DATABASE_URL;
        execFile(
          tsx,
          // As `npm run waypoint`: the workspace packages' sources, so no build is needed first.
          ['--conditions=source', cliMain, ...args],
          { cwd: repoRoot, env, timeout: CHILD_TIMEOUT },
          (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
            resolve({ code, stdout, stderr });
          },
        );
      });

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-cli-'));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it(
      'creates the database on first use and keeps what each run did',
      async () => {
        const created = await waypoint('create-lms', '--code', 'gamma', '--name', 'Gamma Airways');
        expect(created.stderr).toBe('');
        expect(created.code).toBe(0);
        expect(created.stdout).toContain("Created LMS 'gamma' (Gamma Airways)");

        const file = path.join(dataDir, 'users.csv');
        await writeFile(
          file,
          'login,email,given_name,family_name\nmia.lund,mia.lund@example.com,Mia,Lund\n',
        );
        expect((await waypoint('import-users', '--lms', 'gamma', file)).code).toBe(0);

        const listed = await waypoint('list-users', '--lms', 'gamma', '--json');
        expect(listed.code).toBe(0);
        const users = (JSON.parse(listed.stdout) as { users: { login: string; email: string }[] })
          .users;
        expect(users).toEqual([
          expect.objectContaining({ login: 'mia.lund', email: 'mia.lund@example.com' }),
        ]);
      },
      CHILD_TIMEOUT * 3,
    );

    // The operator commands (ADR 0003) publish a real course to a student without anyone
    // touching the database.
    it(
      'import-scorm then assign publish a package to a student; a refused package leaves nothing',
      async () => {
        expect(
          (await waypoint('create-lms', '--code', 'delta', '--name', 'Delta Training')).code,
        ).toBe(0);
        expect(
          (
            await waypoint(
              'add-user',
              '--lms',
              'delta',
              '--login',
              'sam.okafor',
              '--email',
              'sam.okafor@example.com',
              '--name',
              'Sam Okafor',
            )
          ).code,
        ).toBe(0);
        const zip = path.join(dataDir, 'ground-school.zip');
        await writeFile(zip, await goodPackage12());
        const imported = await waypoint(
          'import-scorm',
          zip,
          '--lms',
          'delta',
          '--curriculum',
          'Line Training',
        );
        expect(imported.stderr).toBe('');
        expect(imported.code).toBe(0);
        expect(imported.stdout).toMatch(
          /^Imported package \d+ 'Ground School' \(SCORM 1\.2, 4 files\) into curriculum 'Line Training' \(new\), course 'Ground School' \(new\):\n/,
        );
        expect(imported.stdout).toMatch(/\n {2}\d+ +Welcome aboard +Ground School +-\n/);
        expect(imported.stdout).toMatch(/\n {2}\d+ +Knowledge check +Ground School +75%\n/);
        const folders = await readdir(path.join(dataDir, 'content'));
        expect(folders).toEqual([expect.stringMatching(/^pkg-[0-9a-f]{16}$/)]);

        const broken = path.join(dataDir, 'broken.zip');
        await writeFile(broken, 'not a zip');
        const refused = await waypoint(
          'import-scorm',
          broken,
          '--lms',
          'delta',
          '--curriculum',
          'Broken',
        );
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('Error: The package was refused: it is not a zip file');
        expect(await readdir(path.join(dataDir, 'content'))).toEqual(folders);

        const assigned = await waypoint(
          'assign',
          '--lms',
          'delta',
          '--user',
          'sam.okafor',
          '--curriculum',
          'Line Training',
          '--due',
          '2099-03-31',
        );
        expect(assigned.stderr).toBe('');
        expect(assigned.code).toBe(0);
        expect(assigned.stdout).toMatch(
          /^Assigned curriculum 'Line Training' to 'sam.okafor': assignment \d+, due 2099-03-31 \(end of the day, UTC\)\.\n$/,
        );
      },
      CHILD_TIMEOUT * 5,
    );

    it(
      'exits 2 on a usage error and 1 when the command fails, with a clear message',
      async () => {
        const usage = await waypoint('add-user', '--lms', 'gamma', '--login', 'x');
        expect(usage.code).toBe(2);
        expect(usage.stderr).toContain("required option '--email <address>' not specified");
        const failed = await waypoint('list-users', '--lms', 'nowhere');
        expect(failed.code).toBe(1);
        expect(failed.stderr).toContain("No LMS with code 'nowhere'");
      },
      CHILD_TIMEOUT * 2,
    );
  },
);
