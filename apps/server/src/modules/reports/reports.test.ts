import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionReportRow, OrganizationData } from '@waypoint/domain/contract';
import { assignCurriculum, insertCurriculum, type CurriculumSeed } from '../../db/seed/tree.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { courseCompletion } from './service.js';

const run = promisify(execFile);

const seed = (name: string, courses = 1, lessonsPerCourse = 3): CurriculumSeed => ({
  name,
  description: '',
  courses: Array.from({ length: courses }, (_, c) => ({
    name: `${name} course ${c + 1}`,
    topics: [
      {
        name: 'Systems',
        lessons: Array.from({ length: lessonsPerCourse }, (_, l) => ({
          name: `${name} ${c + 1}.${l + 1}`,
          ...(l === 2 ? { playMode: 2 as const } : {}),
          progress:
            l === 1
              ? { attempts: 1, completion: 0, totalTimeMinutes: 5, lastLaunchedHoursAgo: 1 + c }
              : {
                  attempts: 1,
                  completion: 1,
                  score: 0.845,
                  completedDaysAgo: 2,
                  totalTimeMinutes: 30,
                  lastLaunchedHoursAgo: 50 + c,
                  flaggedOffline: l === 0 && c === 0,
                },
        })),
      },
    ],
  })),
});

/** RFC 4180 reader: quoted cells with doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('Completion Report calls (§2, §7): course completion, organisation, training record', () => {
  let t: TestApp;
  let student: Browser;
  let other: Browser;
  let empty: Browser;
  let groundKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsDisplayName: 'Northwind Air Academy' });
    const user = await buildUser(t.db, lms.lmsKey, {
      userId: 'zoe.pilot',
      nameOther: 'Zoë',
      nameCollated: "O'Brien",
      employeeId: 'E-1042',
      base: 'Dublin',
      fleet: 'A320',
      position: 'First Officer',
    });
    await buildUser(t.db, lms.lmsKey, { userId: 'other' });
    await buildUser(t.db, lms.lmsKey, { userId: 'empty' });
    const now = t.clock.now();
    const ground = await insertCurriculum(t.db, lms.lmsKey, seed('Ground'));
    groundKey = ground.curriculumKey;
    await assignCurriculum(t.db, now, user.userKey, ground, {
      assignedDaysAgo: 10,
      startDaysAgo: 10,
      durationDays: null,
    });
    // A name a spreadsheet would run as a formula.
    const risky = await insertCurriculum(t.db, lms.lmsKey, seed('=HYPERLINK("http://x")'));
    await assignCurriculum(t.db, now, user.userKey, risky, {
      assignedDaysAgo: 10,
      startDaysAgo: 10,
      durationDays: null,
    });
    const third = await buildUser(t.db, lms.lmsKey, { userId: 'third' });
    await assignCurriculum(t.db, now, third.userKey, ground, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: null,
    });
    student = await signIn(t, 'zoe.pilot');
    other = await signIn(t, 'other');
    empty = await signIn(t, 'empty');
  }, 180_000);
  afterAll(() => t.close());

  const completionPath = (b: Browser, curriculum: number, query = '') =>
    `/lms/api/reports/${b.lmsKey}/user/${b.userKey}/curriculum/${curriculum}/COURSE_COMPLETION${query}`;

  it('answers every worked-on lesson of every curriculum (0), most recent first', async () => {
    const response = await student.call(completionPath(student, 0, '?aggregationKeys='));
    expect(response.status).toBe(200);
    const rows = (await response.json()) as CompletionReportRow[];
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      lessonName: 'Ground 1.2',
      elementCompletion: 0,
      lessonTotalTime: 300_000,
    });
    const offline = rows.find((row) => row.lessonName === 'Ground 1.1')!;
    expect(offline).toMatchObject({
      curriculumKey: groundKey,
      curriculumName: 'Ground',
      courseName: 'Ground course 1',
      courseTotalTime: 65 * 60_000,
      elementScore: 0.845,
      elementDuration: 30 * 60_000,
      flaggedOffline: true,
      draftAssociated: false,
    });
    expect(offline.elementCompletionInstant).toBeGreaterThan(0);
    expect(offline.elementStartDate).toBe(offline.elementLastLaunchedInstant);
    const times = rows.map((row) =>
      Math.max(row.elementLastLaunchedInstant, row.elementCompletionInstant),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('narrows to one curriculum and to the courses of aggregationKeys', async () => {
    const rows = (await (
      await student.call(completionPath(student, groundKey))
    ).json()) as CompletionReportRow[];
    expect(new Set(rows.map((row) => row.curriculumName))).toEqual(new Set(['Ground']));
    const courseKey = rows[0]!.courseKey;
    const narrowed = (await (
      await student.call(completionPath(student, groundKey, `?aggregationKeys=${courseKey},999999`))
    ).json()) as CompletionReportRow[];
    expect(narrowed.length).toBe(3);
    expect(
      (await (
        await student.call(completionPath(student, groundKey, '?aggregationKeys=999999'))
      ).json()) as unknown[],
    ).toEqual([]);
  });

  it("says 'Nothing to report.' for no assignment or a curriculum not the student's", async () => {
    const none = await empty.call(completionPath(empty, 0));
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe('Nothing to report.');
    expect((await student.call(completionPath(student, 999_999))).status).toBe(404);
  });

  it('refuses bad keys, another user and no session', async () => {
    expect((await student.call(completionPath(student, 0, '?aggregationKeys=1;DROP'))).status).toBe(
      400,
    );
    expect((await student.call(completionPath(student, -1))).status).toBe(400);
    expect((await other.call(completionPath(student, 0))).status).toBe(403);
    expect(
      (await other.call(`/lms/api/user/${student.lmsKey}/user/${student.userKey}/organization`))
        .status,
    ).toBe(403);
    expect((await fetch(`${t.baseUrl}${completionPath(student, 0)}`)).status).toBe(401);
    for (const format of ['csv', 'pdf']) {
      const url = `/lms/api/reports/${student.lmsKey}/user/${student.userKey}/TRAINING_RECORD/${format}`;
      expect((await other.call(url)).status).toBe(403);
      expect((await fetch(`${t.baseUrl}${url}`)).status).toBe(401);
    }
  });

  it('runs a fixed number of queries whatever the report size', async () => {
    let queries = 0;
    // One result per statement sent to the database (transformQuery also sees subqueries).
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries += 1;
        return args.result;
      },
    };
    const deps = { db: t.db.withPlugin(counter), clock: t.clock, state: t.app.deps.state };
    const user = { lmsKey: student.lmsKey, userKey: student.userKey };
    await courseCompletion(deps, user, 0, []);
    const small = queries;
    const big = await insertCurriculum(t.db, student.lmsKey, seed('Big', 8, 12));
    await assignCurriculum(t.db, t.clock.now(), student.userKey, big, {
      assignedDaysAgo: 1,
      startDaysAgo: 1,
      durationDays: null,
    });
    queries = 0;
    const rows = await courseCompletion(deps, user, 0, []);
    expect(rows.length).toBeGreaterThan(90);
    expect(queries).toBe(small);
    // The progress report's assignments, courses, topics, lessons, progress, prerequisite types,
    // the packages' own rules and the sequencing states (ADR 0007).
    expect(small).toBe(8);
  });

  it('answers the organisation data', async () => {
    const response = await student.call(
      `/lms/api/user/${student.lmsKey}/user/${student.userKey}/organization`,
    );
    expect(response.status).toBe(200);
    expect((await response.json()) as OrganizationData).toMatchObject({
      lmsDisplayName: 'Northwind Air Academy',
      userID: 'zoe.pilot',
      nameOther: 'Zoë',
      nameCollated: "O'Brien",
      employeeID: 'E-1042',
      base: 'Dublin',
      fleet: 'A320',
      position: 'First Officer',
    });
  });

  it('downloads the training record as CSV that parses back (BOM, ISO dates, formulas neutralised)', async () => {
    const response = await student.call(
      `/lms/api/reports/${student.lmsKey}/user/${student.userKey}/TRAINING_RECORD/csv`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="training-record-zoe\.pilot-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const all = parseCsv(bytes.toString('utf8').slice(1));
    // The finished items, an empty line, then the section 'Attempts'.
    const gap = all.findIndex((row) => row.length === 1 && row[0] === '');
    expect(gap).toBeGreaterThan(0);
    const rows = all.slice(0, gap);
    expect(rows[0]).toEqual([
      'Student',
      'Employee ID',
      'Level',
      'Curriculum',
      'Course',
      'Lesson',
      'Status',
      'Completed (UTC)',
      'Score',
      'Time',
    ]);
    const body = rows.slice(1);
    expect(body.every((row) => row.length === 10)).toBe(true);
    expect(body.every((row) => row[0] === "Zoë O'Brien" && row[1] === 'E-1042')).toBe(true);
    const lesson = body.find((row) => row[5] === 'Ground 1.1')!;
    expect(lesson[2]).toBe('Lesson');
    expect(lesson[6]).toBe('Complete');
    expect(lesson[7]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lesson.slice(8)).toEqual(['84.5%', '0:30:00']);
    // Browse lessons and incomplete ones are not completed items.
    expect(body.some((row) => row[5] === 'Ground 1.2' || row[5] === 'Ground 1.3')).toBe(false);
    expect(body.some((row) => row[3] === '\'=HYPERLINK("http://x")')).toBe(true);
    expect(body.some((row) => row.some((cell) => /^[=+\-@]/.test(cell)))).toBe(false);
    // Every attempt of each lesson: one line each, with its own header.
    expect(all[gap + 1]).toEqual(['Attempts']);
    expect(all[gap + 2]).toEqual([
      'Curriculum',
      'Course',
      'Lesson',
      'Attempt',
      'Started (UTC)',
      'Ended (UTC)',
      'Duration',
      'Score',
      'Completion',
      'Success',
      'Offline',
      'Source',
    ]);
    const attempts = all.slice(gap + 3);
    expect(attempts.every((row) => row.length === 12)).toBe(true);
    const groundAttempts = attempts.filter((row) => row[0] === 'Ground');
    // Three lessons with progress, one attempt each (the seed's imported history).
    expect(groundAttempts.map((row) => row[2])).toEqual(['Ground 1.1', 'Ground 1.2', 'Ground 1.3']);
    const done = groundAttempts[0]!;
    expect(done.slice(3)).toEqual([
      '1',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      '0:30:00',
      '84.5%',
      'Complete',
      'Unknown',
      'Offline',
      'Imported',
    ]);
    expect(groundAttempts[1]!.slice(5, 6)).toEqual(['In progress']);
    expect(attempts.some((row) => row[0] === '\'=HYPERLINK("http://x")')).toBe(true);
  });

  it('downloads the training record as a PDF: the student, the items, the attempts, page numbers (pdftoppm renders it)', async () => {
    const response = await student.call(
      `/lms/api/reports/${student.lmsKey}/user/${student.userKey}/TRAINING_RECORD/pdf`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-record-'));
    try {
      const file = path.join(dir, 'record.pdf');
      await writeFile(file, pdf);
      const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
      for (const expected of [
        'Northwind Air Academy',
        'Training record',
        "Zoë O'Brien",
        'zoe.pilot',
        'E-1042',
        'Dublin',
        'A320',
        'First Officer',
        'Ground 1.1',
        '84.5%',
        'Produced',
        // The attempt record's section: Ground 1.2's attempt is still in progress.
        'Attempts (',
        'In progress',
        'Complete, Unknown,',
        'Imported',
      ]) {
        expect(text).toContain(expected);
      }
      const { stdout: info } = await run('pdfinfo', [file]);
      const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
      expect(pages).toBeGreaterThan(1);
      expect(text).toContain(`Page 1 of ${pages}`);
      expect(text).toContain(`Page ${pages} of ${pages}`);
      await run('pdftoppm', [
        '-png',
        '-r',
        '50',
        '-f',
        '1',
        '-l',
        '1',
        file,
        path.join(dir, 'page'),
      ]);
      const png = await readFile(path.join(dir, 'page-1.png')).catch(() =>
        readFile(path.join(dir, 'page-01.png')),
      );
      expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect((await stat(file)).size).toBeGreaterThan(1000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
