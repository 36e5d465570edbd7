/**
 * npm run bench:commits — lesson commits under load (none lost or reordered, ADR 0007): 200
 * simulated learners, each with an assignment to one imported SCORM package and an OPEN launch,
 * commit through the real player API (HTTP, content origin) in two modes:
 * - steady: every learner commits every 5 s (jittered start) for BENCH_SECONDS (default 30);
 * - burst: every learner commits back to back, BENCH_BURST_IN_FLIGHT (default 2) commits in flight
 *   per learner, seq strictly increasing, for BENCH_BURST_SECONDS (default 10), after a warm-up
 *   burst of BENCH_WARM_UP_SECONDS (default 3; 0 leaves it out) that is printed but not judged.
 * Each commit carries cmi.location = its seq, so the stored row says which commit it came from.
 * Each learner is a browser of its own (kept-alive connections, up to 6: browser-connections.ts)
 * that opened the lesson before committing (the player's state call, then the player page and the
 * SCO file).
 * Runs on PGlite (a temp DATA_DIR, opened as main.ts opens it) and on PostgreSQL (a fresh database
 * on TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; skipped with a note when
 * unreachable). Exits 1 when any commit was lost or reordered.
 *
 * On PostgreSQL it runs again with two servers behind nginx (docs/deployment/nginx.conf) when
 * nginx is installed; memory is then the sum of both.
 * BENCH_ONLY=pglite or postgres runs one database; BENCH_INSTANCES=1 leaves out the two-server run;
 * BENCH_CPU_PROF=<folder> profiles the server.
 *
 * The server is the real one, run as `npm start` runs it (apps/server/dist/main.js; the npm script
 * builds first), in a process of its own, so the load generator does not share its event loop;
 * the bench prints its resident memory after start and after each mode.
 * On PostgreSQL, `pgbench -N` runs against the same server for as long as the burst, and the bench
 * prints the ratio of the burst's commits/s to pgbench's transactions/s (the database's ceiling).
 *
 * Launches are started by calling the launch services (startLaunch, openLaunchWindow) with a
 * session of each learner's own, not by 200 HTTP sign-ins: each sign-in costs a full-strength
 * scrypt (~0.4 s here), which would take most of the time budget. The player side (state, which
 * opens the launch, and every commit) is the real HTTP flow.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { playerCalls } from '@waypoint/domain/contract';
import { BrowserConnections } from './browser-connections.js';
import { loadConfig } from '../apps/server/src/config.js';
import { importScormPackage } from '../apps/server/src/modules/content/import.service.js';
import { localContentStorage } from '../apps/server/src/modules/content/storage.js';
import { openLaunchWindow, startLaunch } from '../apps/server/src/modules/launch/service.js';
import { createSequencingMemory } from '../apps/server/src/modules/sequencing/index.js';
import { insertSession } from '../apps/server/src/modules/sessions/repo.js';
import {
  contentOriginOf,
  createContentOriginMemo,
} from '../apps/server/src/platform/content-origin.js';
import { buildLms, buildUser } from '../apps/server/src/test/factories.js';
import { singleScoManifest2004, zipOf } from '../apps/server/src/test/launch.js';
import { nginxInstalled, startNginx } from '../apps/server/src/test/nginx.js';
import {
  createDurableDatabase,
  freePort,
  postgresReachable,
  startServerProcess,
  type DurableDatabase,
} from '../apps/server/src/test/server-process.js';
import type { Db } from '../apps/server/src/db/connection.js';

const LEARNERS = Number(process.env.BENCH_LEARNERS || 200);
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS || 30);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS || 10);
// An unmeasured burst first: V8 has compiled the commit path only for the steady mode's batches
// of one, and the first second of a burst ran at half speed while it optimised for batches of
// hundreds (p50 277 ms against 150 ms after). A server in service has long done so.
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const BURST_IN_FLIGHT = Number(process.env.BENCH_BURST_IN_FLIGHT || 2);
const STEADY_INTERVAL_MS = 5_000;
// Connections a browser keeps to one host (Chromium and Firefox: 6); see browser-connections.ts
// for why the load generator speaks HTTP/1.1 itself.
const BROWSER_CONNECTIONS = 6;
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
// Launch set-up requests at once (each builds the learner's progress report).
const SETUP_CONCURRENCY = 8;
// pgbench's clients: as many as the server's connection pool holds (DATABASE_POOL_SIZE).
const PGBENCH_CLIENTS = loadConfig(process.env).databasePoolSize;
// BENCH_ONLY=pglite or postgres runs one database.
const ONLY = process.env.BENCH_ONLY;

const MANIFEST_2004 = singleScoManifest2004({
  id: 'bench',
  title: 'Load Test',
  lesson: 'Load Test Lesson',
});

// A realistic suspend_data (authoring tools keep a few KB of state).
const SUSPEND_FILLER = 'q'.repeat(2_000);

interface Learner {
  assignmentKey: number;
  lessonKey: number;
  launchId: string;
  token: string;
  /** Highest seq handed out so far (the next commit sends nextSeq + 1). */
  nextSeq: number;
  /** Seqs the server acknowledged as applied. */
  applied: number[];
  errors: number;
  /** The learner's browser: its own kept-alive connections to the content origin. */
  browser: BrowserConnections;
}

interface ModeResult {
  database: string;
  mode: string;
  commits: number;
  seconds: number;
  latencies: number[];
  stale: number;
  errors: number;
  lost: number;
  reordered: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Seeds the LMS, learners, package and assignments, and opens one launch per learner. */
async function setUp(db: Db, dataDir: string, contentOrigin: string): Promise<Learner[]> {
  const lms = await buildLms(db, { lmsCode: 'bench' });
  // The launches are opened here, outside the server: a sequencing memory of their own.
  const launchDeps = { db, state: { sequencing: createSequencingMemory() } };
  const imported = await importScormPackage(
    { db, storage: localContentStorage({ dataDir }) },
    await zipOf({ 'imsmanifest.xml': MANIFEST_2004, 'index.html': '<p>load</p>' }),
    { lmsKey: lms.lmsKey, curriculum: 'Load Test' },
  );
  const curriculumKey = imported.curriculum!.curriculumKey;
  const lessonKey = imported.lessons[0]!.lessonKey;
  const learners: Learner[] = [];
  const now = new Date();
  await eachLimited(
    Array.from({ length: LEARNERS }, (_, i) => i),
    SETUP_CONCURRENCY,
    async (i) => {
      const user = await buildUser(db, lms.lmsKey, { userId: `learner.${i + 1}` });
      const { assignmentKey } = await db
        .insertInto('assignment')
        .values({ userKey: user.userKey, curriculumKey, startDate: now })
        .returning('assignmentKey')
        .executeTakeFirstOrThrow();
      // Each learner in a session of their own, as if signed in on their own device: a real
      // session row, since a lesson window lives only as long as its panel session (ADR 0009).
      const student = {
        userKey: user.userKey,
        lmsKey: lms.lmsKey,
        sessionHash: randomBytes(32).toString('hex'),
      };
      await insertSession(db, {
        ...student,
        bindingHash: null,
        now,
        expiresAt: new Date(now.getTime() + 12 * 3_600_000),
        clientAddress: '127.0.0.1',
        audience: 'panel',
        userAgent: 'bench:commits',
      });
      const started = await startLaunch(
        launchDeps,
        student,
        { curriculumKey, lessonKey, assignmentKey },
        new Date(),
        contentOrigin,
      );
      if (started.status !== 200) throw new Error(`launch refused: ${started.errorMessage}`);
      const step = await openLaunchWindow(launchDeps, student, started.launchId, new Date());
      if (step.kind !== 'player') throw new Error(`no player for learner ${i + 1}: ${step.kind}`);
      learners.push({
        assignmentKey,
        lessonKey,
        launchId: step.launchId,
        token: step.token,
        nextSeq: 0,
        applied: [],
        errors: 0,
        browser: new BrowserConnections(contentOrigin, BROWSER_CONNECTIONS),
      });
    },
  );
  return learners;
}

/**
 * Each learner's browser opens the lesson as the player window does: the player's first call (it
 * opens the launch), then the player page and the SCO's launch file together. A browser loads a
 * page's resources over several connections at once, so each learner holds two kept-alive
 * connections to the content origin from here on, as the burst's two commits in flight need.
 */
async function openLaunches(learners: Learner[]): Promise<void> {
  await eachLimited(learners, SETUP_CONCURRENCY, async (learner) => {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await learner.browser.request('GET', path, headers);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
      return answer.text;
    };
    const state = JSON.parse(
      await get(playerCalls.state.path(learner.launchId), {
        authorization: `Bearer ${learner.token}`,
      }),
    ) as { contentUrl: string };
    const content = new URL(state.contentUrl, 'http://content.invalid');
    await Promise.all([
      get(playerCalls.page.path(learner.launchId)),
      get(content.pathname + content.search),
    ]);
  });
}

/** Resident memory of a process in MB (Linux: VmRSS in /proc/<pid>/status). */
async function residentMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** One commit with location = seq; records its latency and answer. */
async function commitOnce(
  learner: Learner,
  latencies: number[],
  counts: { stale: number },
): Promise<void> {
  const seq = ++learner.nextSeq;
  const started = performance.now();
  try {
    const { status, text } = await learner.browser.request(
      'POST',
      playerCalls.commit.path(learner.launchId),
      { 'content-type': 'application/json' },
      JSON.stringify({
        token: learner.token,
        seq,
        final: false,
        cmi: {
          'cmi.location': String(seq),
          'cmi.completion_status': 'incomplete',
          'cmi.session_time': `PT${seq * 5}S`,
          'cmi.suspend_data': `seq=${seq};${SUSPEND_FILLER}`,
        },
      }),
    );
    latencies.push(performance.now() - started);
    if (status !== 200) {
      learner.errors += 1;
      return;
    }
    const answer = JSON.parse(text) as { applied: boolean; seq: number };
    if (answer.applied) learner.applied.push(seq);
    else counts.stale += 1;
  } catch {
    latencies.push(performance.now() - started);
    learner.errors += 1;
  }
}

/**
 * Lost: acknowledged-applied commits the stored row does not reflect (seq above the stored
 * location or above the launch's stored last seq). Reordered: learners whose stored location is
 * not their highest applied seq (an earlier commit overwrote a later one) or whose stored location
 * and stored last seq disagree (the row and the launch came from different commits).
 */
async function verify(db: Db, learners: Learner[]): Promise<{ lost: number; reordered: number }> {
  const launches = new Map(
    (
      await db
        .selectFrom('launch')
        .select(['launchId', 'lastSeq'])
        .where(
          'launchId',
          'in',
          learners.map((l) => l.launchId),
        )
        .execute()
    ).map((row) => [row.launchId, row.lastSeq]),
  );
  const progress = new Map(
    (
      await db
        .selectFrom('lessonProgress')
        .select(['assignmentKey', 'location'])
        .where(
          'assignmentKey',
          'in',
          learners.map((l) => l.assignmentKey),
        )
        .execute()
    ).map((row) => [row.assignmentKey, row.location]),
  );
  let lost = 0;
  let reordered = 0;
  for (const learner of learners) {
    const storedSeq = launches.get(learner.launchId) ?? 0;
    const storedLocation = progress.get(learner.assignmentKey) ?? 0;
    const highest = Math.max(0, ...learner.applied);
    lost += learner.applied.filter((seq) => seq > storedLocation || seq > storedSeq).length;
    if ((highest > 0 && storedLocation !== highest) || storedLocation !== storedSeq) {
      reordered += 1;
    }
  }
  return { lost, reordered };
}

async function steady(learners: Learner[]) {
  const latencies: number[] = [];
  const counts = { stale: 0 };
  const started = performance.now();
  const deadline = started + STEADY_SECONDS * 1000;
  const inFlight: Promise<void>[] = [];
  await Promise.all(
    learners.map(async (learner) => {
      // Jittered start, then a commit every 5 s whether or not the previous one has answered.
      let at = started + Math.random() * STEADY_INTERVAL_MS;
      while (at < deadline) {
        await sleep(Math.max(0, at - performance.now()));
        inFlight.push(commitOnce(learner, latencies, counts));
        at += STEADY_INTERVAL_MS;
      }
    }),
  );
  await Promise.all(inFlight);
  return { latencies, stale: counts.stale, seconds: (performance.now() - started) / 1000 };
}

async function burst(learners: Learner[], seconds: number) {
  const latencies: number[] = [];
  const counts = { stale: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    learners.flatMap((learner) =>
      Array.from({ length: BURST_IN_FLIGHT }, async () => {
        while (performance.now() < deadline) await commitOnce(learner, latencies, counts);
      }),
    ),
  );
  return { latencies, stale: counts.stale, seconds: (performance.now() - started) / 1000 };
}

interface Memory {
  database: string;
  when: string;
  mb: number;
}

/** One server, or two behind nginx (the deployment guide's configuration), on the database. */
async function startServers(
  database: DurableDatabase,
  dataDir: string,
  instances: 1 | 2,
  port: number,
): Promise<{ pids: (number | undefined)[]; stop(): Promise<void> }> {
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  // The server as `npm start` runs it: the compiled main.js (the npm script builds first).
  const serverOptions = {
    built: true,
    ...(profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profile}`] } : {}),
  };
  if (instances === 1) {
    const server = await startServerProcess({ dataDir, port, env: database.env, ...serverOptions });
    return { pids: [server.child.pid], stop: () => server.stop() };
  }
  // The second instance sees the first's content folder (object storage does this across hosts).
  const secondDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-commits-b-'));
  await symlink(path.join(dataDir, 'content'), path.join(secondDir, 'content'));
  const env = { ...database.env, PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '127.0.0.1' };
  const [portA, portB] = [await freePort(), await freePort()];
  const servers = await Promise.all([
    startServerProcess({ dataDir, port: portA, env, ...serverOptions }),
    startServerProcess({ dataDir: secondDir, port: portB, env, ...serverOptions }),
  ]);
  const nginx = await startNginx({
    port,
    instances: { a: `127.0.0.1:${portA}`, b: `127.0.0.1:${portB}` },
  });
  return {
    pids: servers.map((server) => server.child.pid),
    async stop() {
      await nginx.stop();
      await Promise.all(servers.map((server) => server.stop()));
      await rm(secondDir, { recursive: true, force: true });
    },
  };
}

async function benchDatabase(
  label: string,
  database: DurableDatabase,
  dataDir: string,
  memory: Memory[],
  instances: 1 | 2 = 1,
): Promise<ModeResult[]> {
  const port = await freePort();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'off',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  // The panel at 127.0.0.1, lessons on http://localhost:<port> (platform/content-origin.ts).
  const origin = contentOriginOf({ config, state: { contentOrigin: createContentOriginMemo() } })!;
  process.stdout.write(`${label}: seeding ${LEARNERS} learners with launches... `);
  const setUpStarted = performance.now();
  // Seeded here, then closed: PGlite's folder is one process's at a time, and the server runs alone.
  const seeding = await database.open();
  const learners = await setUp(seeding.db, dataDir, origin).finally(() => seeding.close());
  console.log(`done in ${((performance.now() - setUpStarted) / 1000).toFixed(1)} s.`);

  const servers = await startServers(database, dataDir, instances, port);
  const results: ModeResult[] = [];
  try {
    const remember = async (when: string) => {
      const sizes = await Promise.all(servers.pids.map((pid) => residentMb(pid)));
      memory.push({ database: label, when, mb: sizes.reduce((sum, mb) => sum + mb, 0) });
    };
    await remember('after start');
    await openLaunches(learners);
    await remember(`after opening ${LEARNERS} launches`);

    for (const [mode, run] of [
      [`steady (every ${STEADY_INTERVAL_MS / 1000} s, ${STEADY_SECONDS} s)`, steady],
      [
        `warm-up burst (${WARM_UP_SECONDS} s, not judged)`,
        (all: Learner[]) => burst(all, WARM_UP_SECONDS),
      ],
      [
        `burst (${BURST_IN_FLIGHT} in flight each, ${BURST_SECONDS} s)`,
        (all: Learner[]) => burst(all, BURST_SECONDS),
      ],
    ] as const) {
      if (mode.startsWith('warm-up') && WARM_UP_SECONDS <= 0) continue;
      process.stdout.write(`${label}: ${mode}... `);
      const errorsBefore = learners.reduce((sum, l) => sum + l.errors, 0);
      const outcome = await run(learners);
      const errors = learners.reduce((sum, l) => sum + l.errors, 0) - errorsBefore;
      await remember(`after ${mode.split(' ')[0]}`);
      console.log('done.');
      results.push({
        database: label,
        mode,
        commits: outcome.latencies.length - errors,
        seconds: outcome.seconds,
        latencies: outcome.latencies.sort((a, b) => a - b),
        stale: outcome.stale,
        errors,
        lost: 0,
        reordered: 0,
      });
    }
  } finally {
    for (const learner of learners) learner.browser.destroy();
    await servers.stop();
  }
  // What was stored, read once the server has stopped (every mode's commits are in by then).
  const reading = await database.open();
  try {
    const { lost, reordered } = await verify(reading.db, learners);
    for (const result of results) Object.assign(result, { lost, reordered });
  } finally {
    await reading.close();
  }
  return results;
}

/** `pgbench -N` (no branch/teller updates) for the burst's duration: the database's own rate. */
async function pgbenchTps(serverUrl: string): Promise<number | string> {
  // A scratch database of its own (pgbench -i makes its tables there), dropped after.
  const scratch = await createDurableDatabase({ kind: 'postgres', serverUrl });
  const url = scratch.env.DATABASE_URL!;
  const run = (args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile('pgbench', args, { encoding: 'utf8' }, (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(stdout),
      ),
    );
  try {
    await run(['-i', '-q', url]);
    const jobs = String(Math.min(PGBENCH_CLIENTS, 2));
    const out = await run([
      '-N',
      '-c',
      String(PGBENCH_CLIENTS),
      '-j',
      jobs,
      '-T',
      String(BURST_SECONDS),
      url,
    ]);
    return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  } catch (error) {
    return `pgbench did not run: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  const began = performance.now();
  const results: ModeResult[] = [];
  const memory: Memory[] = [];
  const notes: string[] = [];
  let pgbench: number | string | null = null;

  const pgliteDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-commits-'));
  try {
    const pglite = await createDurableDatabase({ kind: 'pglite', dataDir: pgliteDir });
    if (ONLY !== 'postgres')
      results.push(...(await benchDatabase('PGlite', pglite, pgliteDir, memory)));
  } finally {
    await rm(pgliteDir, { recursive: true, force: true });
  }

  if (ONLY === 'pglite') notes.push('PostgreSQL skipped (BENCH_ONLY=pglite).');
  else if (await postgresReachable(POSTGRES_URL)) {
    const pgDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-commits-'));
    const postgres = await createDurableDatabase({ kind: 'postgres', serverUrl: POSTGRES_URL });
    try {
      results.push(...(await benchDatabase('PostgreSQL', postgres, pgDir, memory)));
      if (process.env.BENCH_INSTANCES === '1')
        notes.push('Two instances skipped (BENCH_INSTANCES=1).');
      else if (nginxInstalled) {
        const twoDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-commits-'));
        const two = await createDurableDatabase({ kind: 'postgres', serverUrl: POSTGRES_URL });
        try {
          results.push(
            ...(await benchDatabase('PostgreSQL, 2 behind nginx', two, twoDir, memory, 2)),
          );
        } finally {
          await two.drop();
          await rm(twoDir, { recursive: true, force: true });
        }
      } else
        notes.push('Two instances skipped: nginx is not installed (apt-get install nginx-light).');
      process.stdout.write(
        `PostgreSQL: pgbench -N, ${PGBENCH_CLIENTS} clients, ${BURST_SECONDS} s... `,
      );
      pgbench = await pgbenchTps(POSTGRES_URL);
      console.log('done.');
    } finally {
      await postgres.drop();
      await rm(pgDir, { recursive: true, force: true });
    }
  } else {
    notes.push(`PostgreSQL skipped: nothing answers at ${POSTGRES_URL} (set TEST_DATABASE_URL).`);
  }

  console.log(
    `\n${LEARNERS} learners, one open launch each; commits over HTTP to the player API` +
      ` (cmi.location = seq, ~2 KB suspend_data).`,
  );
  console.table(
    results.map((r) => ({
      database: r.database,
      mode: r.mode,
      commits: r.commits,
      'commits/s': Math.round(r.commits / r.seconds),
      'p50 ms': Math.round(percentile(r.latencies, 50)),
      'p90 ms': Math.round(percentile(r.latencies, 90)),
      'p99 ms': Math.round(percentile(r.latencies, 99)),
      'max ms': Math.round(r.latencies.at(-1) ?? 0),
      errors: r.errors,
      'stale (ignored)': r.stale,
      LOST: r.lost,
      REORDERED: r.reordered,
    })),
  );
  console.log('Server resident memory (MB):');
  console.table(memory);
  const postgresBurst = results.find(
    (r) => r.database === 'PostgreSQL' && r.mode.startsWith('burst'),
  );
  if (typeof pgbench === 'number' && postgresBurst) {
    const rate = postgresBurst.commits / postgresBurst.seconds;
    console.log(
      `pgbench -N (${PGBENCH_CLIENTS} clients, ${BURST_SECONDS} s): ${Math.round(pgbench)} tps;` +
        ` burst commits/s to pgbench tps: ${(rate / pgbench).toFixed(2)}.`,
    );
  } else if (typeof pgbench === 'string') notes.push(pgbench);
  for (const note of notes) console.log(note);
  console.log(
    'stale: commits answered applied:false because a higher seq of the same launch was applied first (commits in flight together).',
  );
  console.log(`Total time ${((performance.now() - began) / 1000).toFixed(0)} s.`);
  const bad = results.filter((r) => r.lost > 0 || r.reordered > 0);
  if (bad.length > 0) {
    console.error(
      `FAILED: lost or reordered commits in ${bad.map((r) => `${r.database} ${r.mode}`).join(', ')}.`,
    );
    process.exitCode = 1;
  } else {
    console.log('No commit lost or reordered.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
