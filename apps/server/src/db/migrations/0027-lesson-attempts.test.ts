import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingRecordCsv, trainingRecordItems } from '@waypoint/domain';
import type { ProgressReportOptions } from '@waypoint/domain/contract';
import type { DatabaseHandle } from '../connection.js';
import { migrate } from '../migrate.js';
import { createSequencingMemory } from '../../modules/sequencing/index.js';
import { buildProgressReport } from '../../modules/progress/service.js';
import { courseCompletion, organization, trainingRecord } from '../../modules/reports/service.js';
import { studentName } from '../../modules/reports/presenter.js';
import { lessonAttempts } from '../../modules/attempts/service.js';
import { createEmptyTestDatabase } from '../../test/database.js';
import { migrations } from './index.js';

// Migration 0027 turns today's progress rows into first attempts with nothing lost: a database at
// 0026 is seeded with progress in every state, every figure the panel shows is read through the
// server's own code (the progress report, the Completion Report rows, the training record), the
// database is migrated to the end, and every figure is read again: equal. Each progress row has
// its attempt with the same figures. On PGlite, and on PostgreSQL in that project.

const NOW = Date.parse('2026-06-01T12:00:00Z');
const day = (daysAgo: number) => new Date(NOW - daysAgo * 86_400_000);
const REPORT_OPTIONS: ProgressReportOptions = {
  showExpired: true,
  withFlaggedAssignments: true,
  showEmptyLeafs: true,
};
// The training record's own reading of the report (reports/service.ts).
const RECORD_OPTIONS: ProgressReportOptions = {
  showExpired: true,
  withFlaggedAssignments: true,
  showEmptyLeafs: false,
};

/** 0029's statement that adds the cycle column, as it stands in the migration. */
const CYCLE_COLUMN = migrations
  .find((m) => m.name.startsWith('0029'))!
  .statements.find((statement) => statement.includes('ADD COLUMN cycle_start_attempts'))!;

/** A lesson of the seed and the progress row it starts with (none: never opened). */
interface LessonCase {
  name: string;
  lesson?: { playMode?: number; scorable?: number; minScorePass?: number };
  progress?: {
    attempts: number;
    completion?: number;
    credit?: number;
    score?: number;
    completionInstant?: Date;
    location?: number;
    suspendData?: string;
    progressMeasure?: number;
    totalTimeMs?: number;
    lastLaunchedAt?: Date;
    flaggedOffline?: boolean;
    cmi?: Record<string, string>;
  };
  /** The migrated attempt: still open (resumable) rather than ended. */
  open?: boolean;
}

// Every state a lesson can be in today, and the kinds of row the migration reads differently.
const CASES: LessonCase[] = [
  { name: 'Not started' },
  {
    name: 'In progress with a bookmark',
    progress: {
      attempts: 1,
      location: 4,
      suspendData: 'page=4',
      progressMeasure: 0.4,
      totalTimeMs: 600_000,
      lastLaunchedAt: day(2),
      cmi: { 'cmi.core.lesson_location': '4', 'cmi.core.exit': 'suspend' },
    },
    open: true,
  },
  {
    name: 'In progress, 2004, suspended',
    progress: {
      attempts: 2,
      progressMeasure: 0.6,
      totalTimeMs: 900_000,
      lastLaunchedAt: day(1),
      cmi: { 'cmi.location': 'p3', 'cmi.exit': 'suspend', 'cmi.progress_measure': '0.6' },
    },
    open: true,
  },
  {
    name: 'Completed',
    progress: {
      attempts: 1,
      completion: 1,
      completionInstant: day(30),
      totalTimeMs: 1_200_000,
      lastLaunchedAt: day(30),
      cmi: { 'cmi.core.lesson_status': 'completed' },
    },
  },
  {
    name: 'Passed with a score',
    lesson: { scorable: 1, minScorePass: 0.8 },
    progress: {
      attempts: 2,
      completion: 1,
      credit: 1,
      score: 0.925,
      completionInstant: day(10),
      totalTimeMs: 2_400_000,
      lastLaunchedAt: day(10),
      cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '92.5' },
    },
  },
  {
    name: 'Failed with a score, three attempts',
    lesson: { scorable: 1, minScorePass: 0.8 },
    progress: {
      attempts: 3,
      completion: -3,
      credit: -1,
      score: 0.4,
      totalTimeMs: 3_000_000,
      lastLaunchedAt: day(5),
      cmi: { 'cmi.success_status': 'failed', 'cmi.score.scaled': '0.4', 'cmi.exit': 'normal' },
    },
  },
  {
    name: 'Completed offline',
    progress: {
      attempts: 1,
      completion: 1,
      completionInstant: day(3),
      totalTimeMs: 300_000,
      lastLaunchedAt: day(3),
      flaggedOffline: true,
    },
  },
  {
    name: 'Result without an attempt count',
    progress: { attempts: 0, completion: 1, credit: 1, score: 0.7, completionInstant: day(60) },
  },
  {
    name: 'Browse, looked at',
    lesson: { playMode: 2 },
    progress: { attempts: 4, totalTimeMs: 120_000, lastLaunchedAt: day(7) },
  },
  { name: 'Opened, nothing recorded', progress: { attempts: 0 } },
];

describe('migration 0027: every progress row becomes its attempt, every figure the panel shows unchanged', () => {
  let handle: DatabaseHandle;
  const run = (text: string) => sql.raw(text).execute(handle.db);
  const users = [
    { lmsKey: 0, userKey: 0 },
    { lmsKey: 0, userKey: 0 },
  ];
  const deps = () => ({
    db: handle.db,
    state: { sequencing: createSequencingMemory() },
    clock: { now: () => new Date(NOW) },
  });

  /**
   * Every figure the panel shows each student, read through the server's code: the progress
   * report, the Completion Report rows, and the training record's items and CSV as the download
   * builds them from the report (its Attempts section needs 0027's table, so it is read after).
   */
  const figures = async () =>
    Promise.all(
      users.map(async (user) => {
        const report = await buildProgressReport(deps(), user, NOW, REPORT_OPTIONS);
        const rows = await courseCompletion(deps(), user, 0, []);
        const recordReport = await buildProgressReport(deps(), user, NOW, RECORD_OPTIONS);
        const items = trainingRecordItems(recordReport?.progressReport ?? []);
        const org = await organization(deps(), user);
        const csv = trainingRecordCsv(
          { name: studentName(org), employeeID: org.employeeID },
          items,
        );
        return JSON.parse(JSON.stringify({ report, rows, items, csv })) as unknown;
      }),
    );

  let before: unknown;
  let applied: string[];
  const lessonKeys = new Map<string, number>();
  const assignmentKeys: number[] = [];

  beforeAll(async () => {
    handle = await createEmptyTestDatabase();
    const upTo = migrations.findIndex((m) => m.name.startsWith('0027'));
    const earlier = migrations.slice(0, upTo);
    for (const migration of earlier) {
      for (const statement of migration.statements) await run(statement);
    }
    const db = handle.db;
    const { lmsKey } = await db
      .insertInto('lms')
      .values({ lmsCode: 'demo', lmsName: 'Demo', lmsDisplayName: 'Demo', isDefault: true })
      .returning('lmsKey')
      .executeTakeFirstOrThrow();
    for (const [index, userId] of ['pilot.one', 'pilot.two'].entries()) {
      const { userKey } = await db
        .insertInto('appUser')
        .values({
          lmsKey,
          userId,
          nameOther: 'Alex',
          nameCollated: `Morgan ${index}`,
          employeeId: `E${index}`,
        })
        .returning('userKey')
        .executeTakeFirstOrThrow();
      users[index] = { lmsKey, userKey };
    }
    const { curriculumKey } = await db
      .insertInto('curriculum')
      .values({ lmsKey, name: 'Cabin safety' })
      .returning('curriculumKey')
      .executeTakeFirstOrThrow();
    const { courseKey } = await db
      .insertInto('course')
      .values({ curriculumKey, name: 'Doors and slides' })
      .returning('courseKey')
      .executeTakeFirstOrThrow();
    const { topicKey } = await db
      .insertInto('topic')
      .values({ courseKey, name: 'Every state' })
      .returning('topicKey')
      .executeTakeFirstOrThrow();
    for (const [sortOrder, entry] of CASES.entries()) {
      const { lessonKey } = await db
        .insertInto('lesson')
        .values({ topicKey, name: entry.name, sortOrder, ...entry.lesson })
        .returning('lessonKey')
        .executeTakeFirstOrThrow();
      lessonKeys.set(entry.name, lessonKey);
    }
    // The first student: every state, offline completion flagged on the assignment; the second
    // the same curriculum, expired, with the first half of the states.
    for (const [index, user] of users.entries()) {
      const { assignmentKey } = await db
        .insertInto('assignment')
        .values({
          userKey: user.userKey,
          curriculumKey,
          assignedAt: day(90),
          startDate: day(90),
          ...(index === 1 ? { durationMs: 30 * 86_400_000 } : {}),
          flaggedOfflineCompletion: index === 0,
        })
        .returning('assignmentKey')
        .executeTakeFirstOrThrow();
      assignmentKeys.push(assignmentKey);
      const cases = index === 0 ? CASES : CASES.slice(0, 6);
      for (const entry of cases) {
        if (!entry.progress) continue;
        const { cmi, ...progress } = entry.progress;
        await db
          .insertInto('lessonProgress')
          .values({
            assignmentKey,
            lessonKey: lessonKeys.get(entry.name)!,
            userKey: user.userKey,
            ...progress,
            cmi: JSON.stringify(cmi ?? {}),
            updatedAt: progress.lastLaunchedAt ?? progress.completionInstant ?? day(100),
          })
          .execute();
      }
    }
    await run(
      `CREATE TABLE schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const migration of earlier) {
      await sql`INSERT INTO schema_migration (name) VALUES (${migration.name})`.execute(db);
    }
    // Today's report code reads 0029's cycle column (lesson_progress.cycle_start_attempts, ADR
    // 0023 "Recurrent cycles"), which a database at 0026 does not have: the figures before are
    // read with the column as 0029 adds it (0: no cycle started yet), dropped again after, so
    // that 0029 adds it itself.
    await run(CYCLE_COLUMN);
    before = await figures();
    await run(`ALTER TABLE lesson_progress DROP COLUMN cycle_start_attempts`);
    applied = await migrate(db);
  }, 120_000);
  afterAll(() => handle.close());

  it('applies 0027 and every later migration', () => {
    expect(applied[0]).toBe('0027-lesson-attempts');
    expect(applied).toEqual(
      migrations.slice(migrations.findIndex((m) => m.name.startsWith('0027'))).map((m) => m.name),
    );
  });

  it('every figure the panel shows is the same: the reports, the Completion Report rows, the training record and its CSV', async () => {
    const after = await figures();
    expect(after).toEqual(before);
    // The training record the download builds has those items, and an attempt of every lesson
    // with progress (its Attempts section).
    for (const [index, user] of users.entries()) {
      const record = await trainingRecord(deps(), user);
      expect(JSON.parse(JSON.stringify(record.items))).toEqual(
        (before as { items: unknown }[])[index]!.items,
      );
      expect(record.attempts.length).toBe(index === 0 ? 8 : 5);
    }
    // The comparison covers something: every state is in the first student's report.
    expect(JSON.stringify(before)).toContain('Failed with a score, three attempts');
  });

  it('each progress row has its attempt with the same figures; a row never opened has none', async () => {
    const progress = await handle.db.selectFrom('lessonProgress').selectAll().execute();
    const attempts = await handle.db.selectFrom('lessonAttempt').selectAll().execute();
    const attempted = progress.filter(
      (row) =>
        row.attempts > 0 ||
        row.completion !== 0 ||
        row.credit !== 0 ||
        Number(row.score) !== 0 ||
        Number(row.totalTimeMs) > 0,
    );
    expect(attempted.length).toBeGreaterThanOrEqual(13);
    expect(attempts).toHaveLength(attempted.length);
    const nameOf = new Map([...lessonKeys].map(([name, key]) => [key, name]));
    for (const row of attempted) {
      const name = nameOf.get(row.lessonKey)!;
      const entry = CASES.find((c) => c.name === name)!;
      const attempt = attempts.find(
        (a) => a.assignmentKey === row.assignmentKey && a.lessonKey === row.lessonKey,
      );
      expect(attempt, name).toMatchObject({
        number: Math.max(row.attempts, 1),
        userKey: row.userKey,
        source: 'migrated',
        completion: row.completion,
        credit: row.credit,
        completionInstant: row.completionInstant,
        durationMs: Number(row.totalTimeMs),
        flaggedOffline: row.flaggedOffline,
        startedAt: row.lastLaunchedAt ?? row.completionInstant ?? row.updatedAt,
      });
      // A score of 0 with none reported is no score; any other is the row's.
      expect(attempt!.score === null ? 0 : Number(attempt!.score), name).toBe(Number(row.score));
      expect(attempt!.endedAt === null, name).toBe(entry.open === true);
    }
    const opened = lessonKeys.get('Opened, nothing recorded')!;
    expect(attempts.some((a) => a.lessonKey === opened)).toBe(false);
  });

  it("the student's attempts call shows the migrated attempt with the figures of the lesson", async () => {
    const failed = await lessonAttempts(
      { db: handle.db },
      users[0]!.userKey,
      assignmentKeys[0]!,
      lessonKeys.get('Failed with a score, three attempts')!,
    );
    expect(failed).toEqual([
      {
        number: 3,
        source: 'migrated',
        startedInstant: day(5).getTime(),
        endedInstant: day(5).getTime(),
        durationMs: 3_000_000,
        score: 0.4,
        completion: -3,
        credit: -1,
        flaggedOffline: false,
        reason: '',
        corrects: 0,
      },
    ]);
    const offline = await lessonAttempts(
      { db: handle.db },
      users[0]!.userKey,
      assignmentKeys[0]!,
      lessonKeys.get('Completed offline')!,
    );
    expect(offline[0]).toMatchObject({ number: 1, flaggedOffline: true, completion: 1 });
  });
});
