/**
 * The compliance views of bench:console (docs/decisions/0022), at the size bench/console.ts seeds
 * (10,000 students x 20 curricula, 200,000 assignments): gives the 20 curricula a tree and the
 * students a realistic spread of progress, has every standing computed by the server's own job
 * code (timed: what a large airline waits for after upgrading), then times over HTTP, one request
 * at a time: the matrix's first page (first and cached reads), a filter change, sorting by a
 * column, the overdue list, the first read after a commit, and a full CSV export of the matrix
 * (its time, bytes and how far the process's resident memory grew), each beside GET /lms/now.
 */
import { sql } from 'kysely';
import type { TestApp } from '../apps/server/src/test/app.js';
import type { Browser } from '../apps/server/src/test/sign-in.js';
import { listPage, matrixPage } from '../apps/server/src/modules/compliance/service.js';
import { vacuumStandings } from '../apps/server/src/modules/compliance/repo.js';
import { refreshStandings } from '../apps/server/src/modules/compliance/standings.js';
import { explained } from './explain.js';

export interface Timing {
  name: string;
  times: number[];
  detail: string;
  /** The limit the issue sets (ms); the run fails when the p50 (or total) reaches it. */
  limit?: number;
}

/** Gives each held curriculum one course, topic and two lessons, and progress to ~70 %. */
async function seedProgress(t: TestApp, lmsKey: number, held: number[]): Promise<void> {
  await sql`
    WITH courses AS (
      INSERT INTO course (curriculum_key, name)
      SELECT key, 'Course' FROM unnest(${held}::int[]) AS c (key) RETURNING course_key),
    topics AS (
      INSERT INTO topic (course_key, name) SELECT course_key, 'Topic' FROM courses
      RETURNING topic_key)
    INSERT INTO lesson (topic_key, name, sort_order)
    SELECT topic_key, 'Lesson ' || n, n FROM topics CROSS JOIN generate_series(1, 2) AS n`.execute(
    t.db,
  );
  // Start dates spread over the last 400 days, terms of 365 days: due dates from 35 days ago
  // to 365 days ahead.
  await sql`
    UPDATE assignment a SET start_date = now() - (abs(hashtext('s' || a.assignment_key)) % 400) * interval '1 day'
      FROM app_user u WHERE u.user_key = a.user_key AND u.lms_key = ${lmsKey}`.execute(t.db);
  // Per assignment, by a hash of its key: 55 % complete (both lessons, completed 0-700 days
  // ago: some expired), 3 % failed, 15 % started, the rest untouched.
  await sql`
    INSERT INTO lesson_progress (assignment_key, lesson_key, user_key, attempts, completion, credit,
                                 completion_instant, last_launched_at, updated_at, total_time_ms)
    SELECT a.assignment_key, l.lesson_key, a.user_key, 1,
           CASE WHEN h.v < 55 THEN 1 WHEN h.v < 58 THEN 1 ELSE 0 END,
           CASE WHEN h.v >= 55 AND h.v < 58 THEN -1 ELSE 0 END,
           CASE WHEN h.v < 58 THEN now() - (h.d * interval '1 day') END,
           now() - (h.d * interval '1 day'), now(), 600000
      FROM assignment a
      JOIN app_user u ON u.user_key = a.user_key AND u.lms_key = ${lmsKey}
      JOIN course c ON c.curriculum_key = a.curriculum_key
      JOIN topic tp ON tp.course_key = c.course_key
      JOIN lesson l ON l.topic_key = tp.topic_key
      CROSS JOIN LATERAL (SELECT abs(hashtext('v' || a.assignment_key)) % 100 AS v,
                                 abs(hashtext('d' || a.assignment_key)) % 700 AS d) h
     WHERE h.v < 73`.execute(t.db);
  await t.db
    .insertInto('certificateSettings')
    .values({ lmsKey, validityMonths: 12 })
    .onConflict((oc) => oc.column('lmsKey').doUpdateSet({ validityMonths: 12 }))
    .execute();
  // Each curriculum's own rule counts (migration 0029): 12 calendar months, as the LMS's.
  await t.db
    .updateTable('curriculum')
    .set({ validityRule: 'months', validityMonths: 12 })
    .where('lmsKey', '=', lmsKey)
    .execute();
  await sql`ANALYZE`.execute(t.db);
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;

export async function benchCompliance(
  t: TestApp,
  browser: Browser,
  lmsKey: number,
  held: number[],
  runs: number,
): Promise<{ timings: Timing[]; notes: string[] }> {
  const notes: string[] = [];
  const timings: Timing[] = [];
  await seedProgress(t, lmsKey, held);
  const computeStarted = performance.now();
  let computed = 0;
  for (;;) {
    const { refreshed, read } = await refreshStandings(t.app.deps, lmsKey, 20_000);
    computed += refreshed;
    if (read === 0) break;
  }
  // The vacuum a recomputation this large is followed by (the job's; autovacuum on PostgreSQL).
  await vacuumStandings(t.db);
  console.log(
    `standings: ${computed} computed in ${((performance.now() - computeStarted) / 1000).toFixed(1)} s`,
  );
  notes.push(
    `every standing computed by the job's code: ${computed.toLocaleString('en')} in ${((performance.now() - computeStarted) / 1000).toFixed(1)} s (once, after the upgrade; then only what changes)`,
  );

  const get = async (path: string) => {
    const started = performance.now();
    const response = await browser.call(`/lms${path}`);
    const body = (await response.json()) as Record<string, unknown>;
    const ms = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
    return { ms, body };
  };
  const series = async (
    name: string,
    paths: string[],
    detail: (body: Record<string, unknown>) => string,
    limit?: number,
  ) => {
    const times: number[] = [];
    let last = '';
    for (const path of paths) {
      const { ms, body } = await get(path);
      times.push(ms);
      last = detail(body);
    }
    timings.push({ name, times, detail: last, ...(limit === undefined ? {} : { limit }) });
  };
  const total = (body: Record<string, unknown>) =>
    `${Number(body.total).toLocaleString('en')} match`;
  const repeat = (path: string) => Array.from({ length: runs + 1 }, () => path);

  await series('GET /lms/now (beside)', repeat('/now'), () => 'ping');
  await series(
    'matrix, first page (first read, then cached)',
    repeat('/api/console/compliance/matrix'),
    total,
    300,
  );
  const bases = ['LHR', 'MAN', 'EDI', 'GLA', 'BHX', 'LHR', 'MAN', 'EDI'];
  await series(
    'matrix, a filter change (base, then base + status)',
    bases
      .slice(0, runs + 1)
      .map((base, i) =>
        i % 2 === 0
          ? `/api/console/compliance/matrix?base=${base}`
          : `/api/console/compliance/matrix?base=${base}&status=overdue`,
      ),
    total,
    300,
  );
  await series(
    'matrix, sorted by a curriculum column',
    held
      .slice(0, runs + 1)
      .map((key) => `/api/console/compliance/matrix?sort=curriculum&sortCurriculum=${key}`),
    total,
  );
  await series(
    'overdue list, first page',
    repeat('/api/console/compliance/lists/overdue'),
    total,
    200,
  );
  await series(
    'expiring within 90 days, first page',
    repeat('/api/console/compliance/lists/expiring90'),
    total,
  );

  // The first read after a commit: one lesson's progress changes, the next matrix read shows it.
  const afterCommit: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await sql`UPDATE lesson_progress SET total_time_ms = total_time_ms + 1000, updated_at = now()
       WHERE (assignment_key, lesson_key) = (SELECT assignment_key, lesson_key FROM lesson_progress
              ORDER BY assignment_key LIMIT 1 OFFSET ${run * 37})`.execute(t.db);
    afterCommit.push((await get('/api/console/compliance/matrix')).ms);
  }
  timings.push({
    name: 'matrix, first read after a commit',
    times: afterCommit,
    detail: '1 standing recomputed',
    limit: 300,
  });

  // A full CSV export of the matrix: ticket, then the streamed download, read and dropped.
  const exports: number[] = [];
  let growth = 0;
  let rssSpan = '';
  let heapGrowth = 0;
  let bytes = 0;
  for (let run = 0; run < Math.min(runs, 3); run += 1) {
    // From a collected heap (the script runs with --expose-gc), so garbage of earlier requests
    // is not counted; the peak is sampled every 50 ms while the file streams.
    global.gc?.();
    const before = rssMb();
    const heapBefore = heapMb();
    let peak = before;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
      heapPeak = Math.max(heapPeak, heapMb());
    }, 50);
    const started = performance.now();
    const ticket = await browser.call('/lms/api/console/compliance/exports', {
      method: 'POST',
      body: JSON.stringify({ what: 'matrix', format: 'csv', filter: {} }),
    });
    if (ticket.status !== 200)
      throw new Error(`export ticket: ${ticket.status} ${await ticket.text()}`);
    const { url } = (await ticket.json()) as { url: string };
    const file = await fetch(`${t.baseUrl}${url}`);
    if (file.status !== 200 || !file.body) throw new Error(`export: ${file.status}`);
    bytes = 0;
    // Node's web stream is async-iterable (the DOM lib's type does not say so).
    for await (const chunk of file.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
    }
    exports.push(performance.now() - started);
    clearInterval(sampler);
    if (peak - before >= growth) rssSpan = `${before.toFixed(0)}->${peak.toFixed(0)} MB`;
    growth = Math.max(growth, peak - before);
    heapGrowth = Math.max(heapGrowth, heapPeak - heapBefore);
  }
  timings.push({
    name: 'full matrix CSV export (10,000 rows)',
    times: exports,
    detail: `${(bytes / 1024 / 1024).toFixed(1)} MB, RSS ${rssSpan} (+${growth.toFixed(0)}; heap +${heapGrowth.toFixed(0)})`,
    limit: 10_000,
  });
  if (process.env.BENCH_EXPLAIN && process.env.TEST_DATABASE_URL) {
    // The plans of the matrix's first page, a filter change and the overdue list (ADR 0022).
    const name = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name.rows[0]!.name}`;
    const scope = { lmsKey, restrictionGroups: [] };
    const plans = await explained(url.toString(), async (db) => {
      const deps = { ...t.app.deps, db };
      await matrixPage(deps, scope, {});
      await matrixPage(deps, scope, { base: 'LHR', status: 'overdue' });
      await listPage(deps, scope, 'overdue', {});
    });
    console.log(`\n${plans.join('\n\n')}\n`);
  }
  notes.push(
    `${growth < 150 ? 'PASS' : 'FAIL'}: resident memory grew ${growth.toFixed(0)} MB at most during a full matrix export (limit 150 MB)`,
  );
  return { timings, notes };
}
