import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CURRICULUM_DURATION_MS } from '@waypoint/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli, type CliIo } from '../../cli/program.js';
import { localRunner } from '../../cli/transport.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { systemClock } from '../../lib/clock.js';
import { createTestDatabase } from '../../test/database.js';
import { buildLms, buildUser } from '../../test/factories.js';
import {
  buildZip,
  goodPackage12,
  MANIFEST_2004_FULL,
  FILES_2004_FULL,
} from '../../test/test-packages.js';
import { createMailer } from '../email/mailer.js';
import { createInstanceState } from '../../instance-state.js';
import type { OperatorDeps } from './service.js';
import { openObjectStorage } from '../../platform/object-storage/index.js';

// The service must drop cached progress reports after it writes (report-cache.ts): the deps carry
// an instance state whose report cache records the calls.
const invalidateReports = vi.fn();

// The operator commands (ADR 0003) `npm run waypoint -- import-scorm <package.zip> --lms <code>
// --curriculum "<name>" [--course "<name>"]` (creates the curriculum and course when missing,
// adds one lesson per SCO, prints their keys) and `npm run waypoint -- assign --lms <code> --user
// <login ID> --curriculum "<name>" [--due YYYY-MM-DD]`: an operator publishes a real course to a
// student without touching the database.

describe('import-scorm and assign (service and CLI in-process, own database)', () => {
  let handle: DatabaseHandle;
  let deps: OperatorDeps;
  let dataDir: string;
  let userKey: number;
  const zips: Record<string, string> = {};

  const cli = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const code = await runCli(
      args,
      async () => ({ run: localRunner(deps), close: async () => undefined }),
      io,
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const json = async (...args: string[]) => {
    const result = await cli(...args, '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.out) as Record<string, unknown>;
  };
  const packageFolders = async () =>
    (await readdir(path.join(dataDir, 'content')).catch(() => [] as string[])).filter((name) =>
      name.startsWith('pkg-'),
    );
  const assignments = () =>
    handle.db
      .selectFrom('assignment')
      .select(['assignmentKey', 'startDate', 'durationMs', 'removedAt'])
      .where('userKey', '=', userKey)
      .orderBy('assignmentKey')
      .execute();

  beforeAll(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-content-commands-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    deps = {
      db: handle.db,
      mailer: createMailer(handle.db, { smtpUrl: null, mailFrom: config.mailFrom }),
      config,
      clock: systemClock,
      storage: openObjectStorage(config),
      state: createInstanceState(),
    };
    deps.state.reportCache.invalidate = invalidateReports;
    const lms = await buildLms(handle.db, { lmsCode: 'north' });
    userKey = (await buildUser(handle.db, lms.lmsKey, { userId: 'mia.lund' })).userKey;
    const write = async (name: string, bytes: Buffer) => {
      zips[name] = path.join(dataDir, name);
      await writeFile(zips[name], bytes);
    };
    await write('ground-school.zip', await goodPackage12());
    await write(
      'fuel.zip',
      await buildZip({ 'imsmanifest.xml': MANIFEST_2004_FULL, ...FILES_2004_FULL }),
    );
    await write('folder-zipped.zip', await buildZip({ 'course/imsmanifest.xml': '<manifest/>' }));
  });
  afterAll(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => vi.mocked(invalidateReports).mockClear());

  it('import-scorm makes the curriculum and course and prints the package key and each lesson key with its name', async () => {
    const result = await cli(
      'import-scorm',
      zips['ground-school.zip']!,
      '--lms',
      'north',
      '--curriculum',
      'Line Training',
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const pkg = await handle.db
      .selectFrom('contentPackage')
      .select(['packageKey', 'storageFolder'])
      .executeTakeFirstOrThrow();
    const lessons = await handle.db
      .selectFrom('lesson')
      .select(['lessonKey', 'name'])
      .orderBy('lessonKey')
      .execute();
    expect(lessons.map((lesson) => lesson.name)).toEqual(['Welcome aboard', 'Knowledge check']);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe(
      `Imported package ${pkg.packageKey} 'Ground School' (SCORM 1.2, 4 files) into curriculum 'Line Training' (new), course 'Ground School' (new):`,
    );
    expect(lines[1]).toMatch(/^ {2}LESSON +NAME +TOPIC +PASS$/);
    expect(lines[2]).toMatch(
      new RegExp(`^  ${lessons[0]!.lessonKey} +Welcome aboard +Ground School +-$`),
    );
    expect(lines[3]).toMatch(
      new RegExp(`^  ${lessons[1]!.lessonKey} +Knowledge check +Ground School +75%$`),
    );
    expect(lines[4]).toBe('2 lessons.');
    expect(await packageFolders()).toEqual([pkg.storageFolder]);
    // "import: invalidateReports() with no argument".
    expect(vi.mocked(invalidateReports).mock.calls).toEqual([[]]);
  });

  it('import-scorm --course and --json: into the existing curriculum, a new course', async () => {
    const result = await json(
      'import-scorm',
      zips['fuel.zip']!,
      '--lms',
      'north',
      '--curriculum',
      'line training',
      '--course',
      'Fuel',
    );
    expect(result).toMatchObject({
      lms: 'north',
      package: { title: 'Fuel Systems', scormVersion: '2004' },
      curriculum: { name: 'Line Training', created: false },
      course: { name: 'Fuel', created: true },
      lessons: [
        { name: 'Fuel basics', topic: 'Chapter 1', scorable: false },
        { name: 'Fuel quiz', topic: 'Chapter 1', scorable: true, minScorePass: 0.7 },
        { name: 'Final exam', topic: 'Fuel Systems', scorable: true, minScorePass: 0.85 },
      ],
    });
  });

  it.each([
    [
      'a refused package',
      () => ['import-scorm', zips['folder-zipped.zip']!, '--lms', 'north', '--curriculum', 'X'],
      1,
      "Error: The package was refused: there is no imsmanifest.xml at the root of the zip (there is 'course/imsmanifest.xml': zip the folder's contents, not the folder). Nothing was imported.",
    ],
    [
      'a zip that does not exist',
      () => ['import-scorm', 'nowhere.zip', '--lms', 'north', '--curriculum', 'X'],
      1,
      'Error: Cannot read nowhere.zip: ENOENT',
    ],
    [
      'an unknown LMS',
      () => ['import-scorm', zips['ground-school.zip']!, '--lms', 'nowhere', '--curriculum', 'X'],
      1,
      "Error: No LMS with code 'nowhere' (see list-lms).",
    ],
    [
      'an empty curriculum name',
      () => ['import-scorm', zips['ground-school.zip']!, '--lms', 'north', '--curriculum', ' '],
      2,
      'Error: curriculum name is empty',
    ],
    [
      'no --curriculum',
      () => ['import-scorm', zips['ground-school.zip']!, '--lms', 'north'],
      2,
      "error: required option '--curriculum <name>' not specified",
    ],
  ])('import-scorm refuses %s, keeping nothing', async (_case, args, code, message) => {
    const before = {
      folders: await packageFolders(),
      packages: (await handle.db.selectFrom('contentPackage').select('packageKey').execute())
        .length,
      curricula: (await handle.db.selectFrom('curriculum').select('curriculumKey').execute())
        .length,
    };
    const result = await cli(...args());
    expect(result.code).toBe(code);
    expect(result.err.split('\n')[0]).toBe(message);
    expect({
      folders: await packageFolders(),
      packages: (await handle.db.selectFrom('contentPackage').select('packageKey').execute())
        .length,
      curricula: (await handle.db.selectFrom('curriculum').select('curriculumKey').execute())
        .length,
    }).toEqual(before);
    expect(invalidateReports).not.toHaveBeenCalled();
  });

  it('assign without --due: starts now with the default (open-ended) duration and prints the key', async () => {
    const before = Date.now();
    const result = await cli(
      'assign',
      '--lms',
      'north',
      '--user',
      'MIA.LUND',
      '--curriculum',
      'Line Training',
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const [row] = await assignments();
    expect(result.out).toBe(
      `Assigned curriculum 'Line Training' to 'mia.lund': assignment ${row!.assignmentKey}, open-ended (no due date).`,
    );
    expect(row!.durationMs).toBe(DEFAULT_CURRICULUM_DURATION_MS);
    expect(new Date(row!.startDate).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(row!.startDate).getTime()).toBeLessThanOrEqual(Date.now());
    // "call invalidateReports(userKey) ... after writes".
    expect(vi.mocked(invalidateReports).mock.calls).toEqual([[userKey]]);
  });

  it('assign again with --due: the same assignment, due at the end of that day (UTC)', async () => {
    const [existing] = await assignments();
    const result = await json(
      'assign',
      '--lms',
      'north',
      '--user',
      'mia.lund',
      '--curriculum',
      'Line Training',
      '--due',
      '2099-12-31',
    );
    expect(result).toMatchObject({
      assignmentKey: existing!.assignmentKey,
      created: false,
      login: 'mia.lund',
      curriculum: { name: 'Line Training' },
      dueDate: '2099-12-31T23:59:59.999Z',
    });
    const rows = await assignments();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.startDate).getTime() + rows[0]!.durationMs).toBe(
      Date.parse('2099-12-31T23:59:59.999Z'),
    );
    const text = await cli(
      'assign',
      '--lms',
      'north',
      '--user',
      'mia.lund',
      '--curriculum',
      'Line Training',
      '--due',
      '2099-06-01',
    );
    expect(text.out).toBe(
      `'mia.lund' already had curriculum 'Line Training' (assignment ${existing!.assignmentKey}); it is now due 2099-06-01 (end of the day, UTC).`,
    );
  });

  it('assign after the assignment was removed makes a new one', async () => {
    await handle.db.updateTable('assignment').set({ removedAt: new Date() }).execute();
    const result = await json(
      'assign',
      '--lms',
      'north',
      '--user',
      'mia.lund',
      '--curriculum',
      'Line Training',
    );
    const rows = await assignments();
    expect(rows).toHaveLength(2);
    expect(result).toMatchObject({
      assignmentKey: rows[1]!.assignmentKey,
      created: true,
      dueDate: null,
    });
  });

  it.each([
    [
      'an unknown LMS',
      ['--lms', 'nowhere', '--user', 'mia.lund', '--curriculum', 'Line Training'],
      1,
      "Error: No LMS with code 'nowhere' (see list-lms).",
    ],
    [
      'an unknown user',
      ['--lms', 'north', '--user', 'ghost', '--curriculum', 'Line Training'],
      1,
      "Error: No user 'ghost' in LMS 'north'.",
    ],
    [
      'an unknown curriculum',
      ['--lms', 'north', '--user', 'mia.lund', '--curriculum', 'Nothing'],
      1,
      "Error: No curriculum named 'Nothing' in LMS 'north'.",
    ],
    [
      'a date that does not exist',
      [
        '--lms',
        'north',
        '--user',
        'mia.lund',
        '--curriculum',
        'Line Training',
        '--due',
        '2099-02-30',
      ],
      2,
      "Error: --due '2099-02-30' is not a date (YYYY-MM-DD).",
    ],
    [
      'a date in another format',
      [
        '--lms',
        'north',
        '--user',
        'mia.lund',
        '--curriculum',
        'Line Training',
        '--due',
        '31/12/2099',
      ],
      2,
      "Error: --due '31/12/2099' is not a date (YYYY-MM-DD).",
    ],
    [
      'a due date in the past',
      [
        '--lms',
        'north',
        '--user',
        'mia.lund',
        '--curriculum',
        'Line Training',
        '--due',
        '2001-01-01',
      ],
      2,
      'Error: --due 2001-01-01 is in the past.',
    ],
  ])('assign refuses %s, changing nothing', async (_case, args, code, message) => {
    const before = await assignments();
    const result = await cli('assign', ...args);
    expect(result.code).toBe(code);
    expect(result.err).toBe(message);
    expect(await assignments()).toEqual(before);
    expect(invalidateReports).not.toHaveBeenCalled();
  });
});
