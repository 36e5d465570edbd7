/**
 * npm run bench:api — the progress report under concurrent load, in the same run as GET /lms/now
 * (targets and figures: ADR 0006). Seeds the demo training provider plus a student with 10
 * curricula x 10 courses x 5 topics x 10 lessons (5,000 lessons) into a fresh database (PGlite;
 * PostgreSQL when TEST_DATABASE_URL is set and BENCH_DB=postgres), starts the real server, and
 * drives it with autocannon from a worker thread. Options (env): BENCH_SECONDS (default 10),
 * BENCH_CONNECTIONS (10).
 *
 * It also measures the first read after a change, one request at a time, BENCH_AFTER_CHANGE_READS
 * times (default 30) per student: after a lesson commit (one lesson_progress row of the student
 * updated as the player's commit writes it, then the report cache's lessonsChanged, which patches the cached
 * report; each read is checked to show the new score), and after any other write
 * (its invalidate, which drops the report so that it is built again). The server's memory is
 * printed at the end.
 *
 * BENCH_INSTANCES=2 runs the load rows through nginx onto two real servers on PostgreSQL instead.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo, DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.js';
import {
  assignCurriculum,
  insertCurriculum,
  type CurriculumSeed,
} from '../apps/server/src/db/seed/tree.js';
import { createMailer } from '../apps/server/src/modules/email/mailer.js';
import { updateProgress } from '../apps/server/src/modules/player/progress.repo.js';
import type { ReportCache } from '../apps/server/src/modules/progress/report-cache.js';
import { selectProgress } from '../apps/server/src/modules/progress/repo.js';
import { hashPassword } from '../apps/server/src/lib/password.js';
import type { Db } from '../apps/server/src/db/connection.js';
import { createTestDatabase } from '../apps/server/src/test/database.js';
import { nginxInstalled, startNginx } from '../apps/server/src/test/nginx.js';
import {
  createDurableDatabase,
  freePort,
  startServerProcess,
} from '../apps/server/src/test/server-process.js';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const afterChangeReads = Number(process.env.BENCH_AFTER_CHANGE_READS || 30);
if (process.env.BENCH_DB === 'postgres') process.env.WAYPOINT_TEST_DB = 'postgres';

/** One of the big student's curricula: 10 courses x 5 topics x 10 lessons, half of them started. */
function bigCurriculum(index: number): CurriculumSeed {
  return {
    name: `Fleet Programme ${index + 1}`,
    description: 'Benchmark curriculum',
    courses: Array.from({ length: 10 }, (_, c) => ({
      name: `Course ${index + 1}.${c + 1}`,
      prerequisiteKey: c === 0 ? 0 : 1,
      topics: Array.from({ length: 5 }, (_, t) => ({
        name: `Topic ${t + 1}`,
        lessons: Array.from({ length: 10 }, (_, l) => ({
          name: `Lesson ${index + 1}.${c + 1}.${t + 1}.${l + 1}`,
          ...(l % 2 === 0
            ? {
                progress: {
                  attempts: 1,
                  completion: l % 4 === 0 ? 1 : 0,
                  score: 80,
                  totalTimeMinutes: 12,
                  location: 3,
                  maxLocation: 10,
                },
              }
            : {}),
        })),
      })),
    })),
  };
}

async function signIn(baseUrl: string, userId: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/lms/api/Login`, {
    method: 'POST',
    headers: {
      userID: userId,
      userIDEncoded: userId,
      password: DEMO_PASSWORD,
      passwordEncoded: encodeURIComponent(DEMO_PASSWORD),
      useCookie: '1',
      panel: 'student',
    },
  });
  if (response.status !== 200) throw new Error(`login of ${userId} failed: ${response.status}`);
  const body = (await response.json()) as { sessionID: string; lmsKey: number; userKey: number };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return {
    sessionID: body.sessionID,
    cookie,
    lmsKey: String(body.lmsKey),
    userKey: String(body.userKey),
  };
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Result> {
  const result = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface ReportLesson {
  elementType: string;
  elementKey: number;
  elementAssignmentKey: number;
  elementScore: number;
  elementChildren: ReportLesson[];
}

/** The score the report shows for one lesson of one assignment. */
function scoreIn(body: ArrayBuffer, assignmentKey: number, lessonKey: number): number | undefined {
  const report = JSON.parse(Buffer.from(body).toString()) as { progressReport: ReportLesson[] };
  const stack = [...report.progressReport];
  for (let element = stack.pop(); element; element = stack.pop()) {
    if (
      element.elementType === 'lesson' &&
      element.elementKey === lessonKey &&
      element.elementAssignmentKey === assignmentKey
    ) {
      return element.elementScore;
    }
    stack.push(...element.elementChildren);
  }
  return undefined;
}

/**
 * The report read right after a change to the student's data, one request at a time: a lesson
 * commit (one of their progress rows written as the player writes it, a different row and score
 * each time, then lessonsChanged), or with `rebuild` any other write (invalidate).
 */
async function afterChange(
  name: string,
  url: string,
  headers: Record<string, string>,
  target: { db: Db; reports: ReportCache; userKey: number; rebuild?: boolean },
): Promise<Result> {
  const { db, reports, userKey } = target;
  const rows = await selectProgress(db, userKey);
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  // One untimed round first: the report is cached as a student who opens the panel finds it.
  for (let i = -1; i < afterChangeReads; i += 1) {
    if (i === 0) started = performance.now();
    const row = rows[(Math.max(i, 0) * 97) % rows.length]!;
    const score = 40 + (i + 1) * 2;
    if (target.rebuild) {
      reports.invalidate(userKey);
    } else {
      await db.transaction().execute((trx) =>
        updateProgress(trx, row.assignmentKey, row.lessonKey, {
          score,
          location: (row.location + 1) % Math.max(row.maxLocation, 2),
          completion: i % 3 === 0 ? 1 : row.completion,
          updatedAt: new Date(),
        }),
      );
      reports.lessonsChanged(userKey, [row]);
    }
    const begun = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    if (i >= 0) latencies.push(performance.now() - begun);
    if (response.status !== 200) errors += 1;
    else if (!target.rebuild && scoreIn(body, row.assignmentKey, row.lessonKey) !== score) {
      throw new Error(`${name}: the report read after the commit does not show score ${score}`);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: afterChangeReads / ((performance.now() - started) / 1000),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
  };
}

const reportUrlOf = (baseUrl: string, s: Record<string, string>) =>
  `${baseUrl}/lms/api/progressreport/withPrerequisites/${s.lmsKey}/${s.userKey}?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false`;

/** As a browser sends them: the session header and cookies, and gzip accepted. */
const auth = (s: Record<string, string>) => ({
  sessionID: s.sessionID!,
  cookie: s.cookie!,
  'accept-encoding': 'gzip, deflate, br',
});

function printResults(results: Result[]): void {
  console.table(
    results.map((r) => ({
      call: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
    })),
  );
}

/** The demo training provider plus a student with 5,000 lessons. */
async function seed(db: Db): Promise<void> {
  const now = new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await seedDemo(db, { now, passwordHash });
  const demo = await db
    .selectFrom('lms')
    .select('lmsKey')
    .where('lmsCode', '=', 'demo')
    .executeTakeFirstOrThrow();
  const big = await db
    .insertInto('appUser')
    .values({
      lmsKey: demo.lmsKey,
      userId: 'big.student',
      email: 'big.student@example.com',
      nameOther: 'Big',
      nameCollated: 'Student',
      passwordHash,
    })
    .returning('userKey')
    .executeTakeFirstOrThrow();
  process.stdout.write('Seeding 5,000 lessons... ');
  for (let i = 0; i < 10; i += 1) {
    const curriculum = await insertCurriculum(db, demo.lmsKey, bigCurriculum(i));
    await assignCurriculum(db, now, big.userKey, curriculum, {
      assignedDaysAgo: 5,
      startDaysAgo: 5,
      durationDays: 365,
    });
  }
  console.log('done.');
}

async function main(): Promise<void> {
  if (process.env.BENCH_INSTANCES === '2') return twoInstances();
  const database = await createTestDatabase();
  const { db } = database;
  await seed(db);

  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'off' }) };
  const app = await buildApp({
    db,
    config,
    mailer: createMailer(db, { smtpUrl: null, mailFrom: config.mailFrom }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The panel is this address (lessons would run on the other loopback name).
  config.publicUrl = baseUrl;

  const reportUrl = (s: Record<string, string>) => reportUrlOf(baseUrl, s);
  const student = await signIn(baseUrl, 'student');
  const bigStudent = await signIn(baseUrl, 'big.student');
  const size = (await (await fetch(reportUrl(bigStudent), { headers: auth(bigStudent) })).text())
    .length;

  console.log(
    `Database: ${database.kind}; ${connections} connections, ${seconds} s each; 5,000-lesson report is ${(size / 1024).toFixed(0)} KiB`,
  );
  const results = [
    await load('GET /lms/now', `${baseUrl}/lms/now`),
    await load('progress report, demo student', reportUrl(student), auth(student)),
    await load('progress report, 5,000 lessons', reportUrl(bigStudent), auth(bigStudent)),
    await afterChange('report after a change, demo student', reportUrl(student), auth(student), {
      db,
      reports: app.deps.state.reportCache,
      userKey: Number(student.userKey),
    }),
    await afterChange(
      'report after a change, 5,000 lessons',
      reportUrl(bigStudent),
      auth(bigStudent),
      { db, reports: app.deps.state.reportCache, userKey: Number(bigStudent.userKey) },
    ),
    await afterChange(
      'report rebuilt (other writes), demo student',
      reportUrl(student),
      auth(student),
      { db, reports: app.deps.state.reportCache, userKey: Number(student.userKey), rebuild: true },
    ),
    await afterChange(
      'report rebuilt (other writes), 5,000 lessons',
      reportUrl(bigStudent),
      auth(bigStudent),
      {
        db,
        reports: app.deps.state.reportCache,
        userKey: Number(bigStudent.userKey),
        rebuild: true,
      },
    ),
  ];
  printResults(results);
  const [now_, demoReport, bigReport, demoAfter, bigAfter] = results as [
    Result,
    Result,
    Result,
    Result,
    Result,
  ];
  const ratio = demoReport.rps / now_.rps;
  console.log(
    `Demo report throughput / /lms/now throughput = ${ratio.toFixed(2)} (target >= 0.25): ${ratio >= 0.25 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `5,000-lesson report p50 = ${bigReport.p50} ms (target < 100 ms): ${bigReport.p50 < 100 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `Report after a change: demo p50 = ${demoAfter.p50} ms (target < 15 ms), 5,000 lessons p50 = ${bigAfter.p50} ms (target < 150 ms).`,
  );
  // The server runs in this process: its memory with both students' reports cached.
  const memory = process.memoryUsage();
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  console.log(
    `Server memory: heap used ${mib(memory.heapUsed)}, resident ${mib(memory.rss)}, buffers ${mib(memory.arrayBuffers)}.`,
  );
  await app.close();
  await database.close();
}

/**
 * BENCH_INSTANCES=2: the same load through nginx (docs/deployment/nginx.conf) onto two real
 * servers on one PostgreSQL (TEST_DATABASE_URL), for comparison with one. The after-change rows
 * need the report cache in this process and are left out.
 */
async function twoInstances(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  if (!nginxInstalled)
    throw new Error('BENCH_INSTANCES=2 needs nginx (apt-get install nginx-light).');
  const database = await createDurableDatabase({ kind: 'postgres', serverUrl });
  const dirs = [
    await mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-api-a-')),
    await mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-api-b-')),
  ];
  try {
    const handle = await database.open();
    try {
      await seed(handle.db);
      console.log('done.');
    } finally {
      await handle.close();
    }
    const nginxPort = await freePort();
    const ports = [await freePort(), await freePort()];
    const env = {
      ...database.env,
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '127.0.0.1',
    };
    const servers = await Promise.all(
      ports.map((port, i) => startServerProcess({ dataDir: dirs[i]!, port, env })),
    );
    const nginx = await startNginx({
      port: nginxPort,
      instances: { a: `127.0.0.1:${ports[0]}`, b: `127.0.0.1:${ports[1]}` },
    });
    try {
      const baseUrl = nginx.baseUrl;
      const student = await signIn(baseUrl, 'student');
      const bigStudent = await signIn(baseUrl, 'big.student');
      const results = [
        await load('GET /lms/now', `${baseUrl}/lms/now`),
        await load('progress report, demo student', reportUrlOf(baseUrl, student), auth(student)),
        await load(
          'progress report, 5,000 lessons',
          reportUrlOf(baseUrl, bigStudent),
          auth(bigStudent),
        ),
      ];
      console.log(
        `Two servers behind nginx on PostgreSQL; ${connections} connections, ${seconds} s each`,
      );
      printResults(results);
    } finally {
      await nginx.stop();
      await Promise.all(servers.map((server) => server.stop()));
    }
  } finally {
    await database.drop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
