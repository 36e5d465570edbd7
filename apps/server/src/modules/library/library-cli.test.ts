import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../cli/program.js';
import { localRunner } from '../../cli/transport.js';
import { loadConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connection.js';
import { systemClock } from '../../lib/clock.js';
import { createTestDatabase } from '../../test/database.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { singleScoManifest2004, zipOf } from '../../test/launch.js';
import { createInstanceState } from '../../instance-state.js';
import { createMailer } from '../email/mailer.js';
import type { OperatorDeps } from '../operator/area-command.js';
import { openObjectStorage } from '../../platform/object-storage/index.js';

// The library and comments commands on the command line (own database): `library-add-scorm`,
// `library-add-link`, `library-add-file`, `library-limit`, `library-list`, `library-remove`,
// `student-group`, `comments-list`, `comments-delete`.

describe('library and comments commands (CLI in-process, own database)', () => {
  let handle: DatabaseHandle;
  let deps: OperatorDeps;
  let dataDir: string;
  const files: Record<string, string> = {};

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
  const json = async <T>(...args: string[]) => {
    const result = await cli(...args, '--json');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.out) as T;
  };
  const mediaFolders = async () =>
    (await readdir(path.join(dataDir, 'library')).catch(() => [] as string[])).filter((name) =>
      name.startsWith('lib-'),
    );

  beforeAll(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-library-commands-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    deps = {
      db: handle.db,
      mailer: createMailer(handle.db, { smtpUrl: null, mailFrom: config.mailFrom }),
      config,
      clock: systemClock,
      storage: openObjectStorage(config),
      state: createInstanceState(),
    };
    const lms = await buildLms(handle.db, { lmsCode: 'north' });
    await buildUser(handle.db, lms.lmsKey, { userId: 'mia.lund' });
    files.zip = path.join(dataDir, 'briefing.zip');
    await writeFile(
      files.zip,
      await zipOf({
        'imsmanifest.xml': singleScoManifest2004({ id: 'b', title: 'Briefing', lesson: 'Doors' }),
        'index.html': '<p>doors</p>',
      }),
    );
    files.pdf = path.join(dataDir, 'Quick Reference.pdf');
    await writeFile(files.pdf, '%PDF-1.4\n%%EOF\n');
  });
  afterAll(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('builds a library with groups, lists it, limits and removes items', async () => {
    const group = await json<{ group: string; created: boolean; members: string[] }>(
      'student-group',
      '--lms',
      'north',
      '--name',
      'Captains',
      '--add',
      'mia.lund',
    );
    expect(group).toMatchObject({ group: 'Captains', created: true, members: ['mia.lund'] });

    const scorm = await json<{ course: { courseKey: number }; lessons: unknown[] }>(
      'library-add-scorm',
      files.zip!,
      '--lms',
      'north',
      '--course',
      'Briefing',
      '--group',
      'Captains',
    );
    expect(scorm.lessons).toHaveLength(1);
    const file = await json<{ libraryKey: number; fileName: string; contentType: string }>(
      'library-add-file',
      files.pdf!,
      '--lms',
      'north',
    );
    expect(file).toMatchObject({ fileName: 'Quick Reference.pdf', contentType: 'application/pdf' });
    expect(await mediaFolders()).toHaveLength(1);
    await json(
      'library-add-link',
      '--lms',
      'north',
      '--name',
      'Regulations',
      '--link',
      'https://example.com/regs',
    );

    const listed = await cli('library-list', '--lms', 'north');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(
      `  ${scorm.course.courseKey}  Briefing  (curriculum 'Library'; for Captains)`,
    );
    expect(listed.out).toContain(
      `  ${file.libraryKey}  Quick Reference.pdf  file Quick Reference.pdf  (for everyone)`,
    );
    expect(listed.out).toMatch(
      / {2}\d+ {2}Regulations {2}https:\/\/example\.com\/regs {2}\(for everyone\)/,
    );

    await json(
      'library-limit',
      '--lms',
      'north',
      '--course',
      String(scorm.course.courseKey),
      '--everyone',
    );
    expect((await cli('library-list', '--lms', 'north')).out).toContain(
      `Briefing  (curriculum 'Library'; for everyone)`,
    );

    await json('library-remove', '--lms', 'north', '--media', String(file.libraryKey));
    expect(await mediaFolders()).toHaveLength(0);
  });

  it('refuses bad input with a clear message', async () => {
    const noGroup = await cli('library-limit', '--lms', 'north', '--media', '1');
    expect(noGroup.code).toBe(2);
    expect(noGroup.err).toBe('Error: Give --group <name> (repeatable) or --everyone.');
    const unknown = await cli(
      'library-add-link',
      '--lms',
      'north',
      '--name',
      'X',
      '--link',
      'https://x.example',
      '--group',
      'Pilots',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe(
      "Error: No group named 'Pilots' in LMS 'north' (make it with student-group).",
    );
    const badLink = await cli(
      'library-add-link',
      '--lms',
      'north',
      '--name',
      'X',
      '--link',
      'ftp://x',
    );
    expect(badLink.err).toBe('Error: The link must start with https:// or http:// (not ftp:).');
    const nobody = await cli('student-group', '--lms', 'north', '--name', 'G', '--add', 'ghost');
    expect(nobody.err).toBe("Error: No user 'ghost' in LMS 'north'.");
  });

  it("lists a lesson's comments and deletes one with its replies", async () => {
    const lesson = await handle.db
      .selectFrom('lesson as l')
      .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
      .select(['l.lessonKey', 'l.scoKey', 't.courseKey'])
      .executeTakeFirstOrThrow();
    const user = await handle.db
      .selectFrom('appUser')
      .select(['userKey', 'lmsKey'])
      .executeTakeFirstOrThrow();
    const place = {
      lmsKey: user.lmsKey,
      courseKey: lesson.courseKey,
      scoKey: lesson.scoKey!,
      userKey: user.userKey,
      location: '1',
    };
    const parent = await handle.db
      .insertInto('annotation')
      .values({ ...place, annotationString: 'First' })
      .returning('annotationKey')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('annotation')
      .values({ ...place, annotationString: 'Reply', parent: parent.annotationKey })
      .execute();
    const listed = await cli(
      'comments-list',
      '--lms',
      'north',
      '--lesson',
      String(lesson.lessonKey),
    );
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(`^  ${parent.annotationKey}  \\[1\\]  mia\\.lund  .+  "First"$`, 'm'),
    );
    expect(listed.out).toMatch(/^ {6}\d+ {2}\[1\] {2}mia\.lund {2}.+ {2}"Reply"$/m);
    const deleted = await json<{ deleted: number }>(
      'comments-delete',
      '--lms',
      'north',
      '--comment',
      String(parent.annotationKey),
    );
    expect(deleted.deleted).toBe(2);
    const bad = await cli('comments-delete', '--lms', 'north', '--comment', 'abc');
    expect(bad.code).toBe(2);
  });
});
