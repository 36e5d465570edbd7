// Run with tsx (npm run bench:offline-sync), which loads the TypeScript modules it imports.
/**
 * npm run bench:offline-sync — the sync of 1,000 commits made offline (ADR 0024), over real HTTP
 * to the real server (apps/server/dist/main.js as `npm start` runs it, PGlite in a temp DATA_DIR),
 * by the device's own sync code (apps/web/src/offline/sync.ts) reading and emptying its IndexedDB
 * queue (fake-indexeddb in this process). A student is granted a SCORM 1.2 lesson; the device's
 * queue holds BENCH_OPENINGS openings (default 4) of 1,000 / openings commits each, every opening
 * ending suspended, so the next resumes it; the sync sends them in the contract's requests (20
 * openings, 200 commits each at most) and the time from the first request to the queue's last
 * acknowledged commit is printed, with commits/s and the requests made. BENCH_RUNS (default 3)
 * repeats it on new grants. Exits 1 when the server did not take every commit in order (each
 * opening's launch must hold its last seq, and the lesson's bookmark is the last commit's).
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { offlineCalls, offlineContentCalls } from '@waypoint/domain/contract';
import { localContentStorage } from '../apps/server/src/modules/content/storage.js';
import { loadConfig } from '../apps/server/src/config.js';
import { buildLms, buildUser } from '../apps/server/src/test/factories.js';
import { publishPackage } from '../apps/server/src/test/launch.js';
import {
  createDurableDatabase,
  freePort,
  startServerProcess,
} from '../apps/server/src/test/server-process.js';
import { signIn } from '../apps/server/src/test/sign-in.js';
import { buildZip, simpleManifest12 } from '../apps/server/src/test/test-packages.js';
import { openOfflineDb } from '../apps/web/src/offline/db.js';
import { appendCommit, beginOpening, pendingCount } from '../apps/web/src/offline/queue.js';
import { syncGrant } from '../apps/web/src/offline/sync.js';

const COMMITS = 1000;
const OPENINGS = Number(process.env.BENCH_OPENINGS || 4);
const RUNS = Number(process.env.BENCH_RUNS || 3);

/** Queues COMMITS commits over OPENINGS openings, as the offline player writes them. */
async function queueCommits(db, grantId) {
  const perOpening = Math.ceil(COMMITS / OPENINGS);
  const localIds = [];
  let written = 0;
  for (let o = 0; o < OPENINGS && written < COMMITS; o++) {
    const { opening } = await beginOpening(db, grantId);
    const localId = `bench-opening-${grantId.slice(0, 8)}-${opening}`.replace(
      /[^A-Za-z0-9_-]/g,
      '_',
    );
    localIds.push(localId);
    const count = Math.min(perOpening, COMMITS - written);
    for (let seq = 1; seq <= count; seq++) {
      const final = seq === count;
      await appendCommit(
        db,
        {
          grantId,
          opening,
          localId,
          startedInstant: Date.now(),
          resumed: o > 0,
          seq,
          final,
          cmi: {
            'cmi.core.lesson_location': `${opening}/${seq}`,
            'cmi.core.lesson_status': 'incomplete',
            ...(final ? { 'cmi.core.exit': 'suspend', 'cmi.core.session_time': '00:01:00' } : {}),
          },
          instant: Date.now(),
          version: '1.2',
        },
        null,
      );
    }
    written += count;
  }
  return localIds;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-bench-offline-'));
  const port = await freePort();
  const database = await createDurableDatabase({ kind: 'pglite', dataDir });
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'off', DATA_DIR: dataDir });
  const seeding = await database.open();
  const keys = [];
  try {
    const lms = await buildLms(seeding.db, { lmsCode: 'bench' });
    const user = await buildUser(seeding.db, lms.lmsKey, { userId: 'pilot' });
    const zip = await buildZip({
      'imsmanifest.xml': simpleManifest12('Briefing', [
        { id: 'brief', title: 'Briefing', href: 'brief.html' },
      ]),
      'brief.html': '<!doctype html><title>Briefing</title><p>Exits and slides.</p>',
    });
    const storage = localContentStorage(config);
    for (let run = 0; run < RUNS; run++) {
      const published = await publishPackage({ db: seeding.db, storage }, zip, {
        lmsKey: lms.lmsKey,
        userKey: user.userKey,
        curriculum: `Offline bench ${run + 1}`,
      });
      keys.push(published.keys);
    }
  } finally {
    await seeding.close();
  }

  const server = await startServerProcess({ dataDir, port, built: true });
  const results = [];
  const contentOrigin = server.baseUrl.replace('127.0.0.1', 'localhost');
  let failed = false;
  try {
    const pilot = await signIn({ baseUrl: server.baseUrl }, 'pilot');
    for (const [run, lesson] of keys.entries()) {
      const granted = await pilot.call(
        `/lms${offlineCalls.grant.path(pilot.lmsKey, pilot.userKey)}`,
        { method: 'POST', body: JSON.stringify(lesson) },
      );
      if (granted.status !== 200)
        throw new Error(`grant: ${granted.status} ${await granted.text()}`);
      const grant = await granted.json();
      const packageAnswer = await fetch(
        `${contentOrigin}${offlineContentCalls.package.path(grant.grantId)}`,
        { headers: { authorization: `Bearer ${grant.token}` } },
      );
      const pkg = await packageAnswer.json();

      // A device of its own per run: a new IndexedDB.
      globalThis.indexedDB = new IDBFactory();
      const db = await openOfflineDb();
      await db.put('grants', {
        grantId: grant.grantId,
        token: grant.token,
        owner: `${pilot.lmsKey}/${pilot.userKey}`,
        package: pkg,
        start: pkg.start,
        cacheName: 'unused',
        bytes: 0,
        storedInstant: Date.now(),
        syncedInstant: 0,
        nextOpening: 1,
        refused: {},
        halted: null,
        notices: [],
      });
      const localIds = await queueCommits(db, grant.grantId);
      if ((await pendingCount(db, grant.grantId)) !== COMMITS) throw new Error('queue not full');

      let requests = 0;
      const started = performance.now();
      const result = await syncGrant(
        {
          db,
          locks: null,
          fetch: (input, init) => {
            requests++;
            return fetch(`${contentOrigin}${input}`, init);
          },
        },
        grant.grantId,
      );
      const ms = performance.now() - started;
      results.push({
        ms,
        requests,
        acknowledged: result.acknowledged,
        pending: result.pending,
        localIds,
      });
      console.log(
        `run ${run + 1}: ${COMMITS} commits in ${OPENINGS} openings synced in ${ms.toFixed(0)} ms ` +
          `(${((COMMITS / ms) * 1000).toFixed(0)} commits/s, ${requests} requests); ` +
          `acknowledged ${result.acknowledged}, left on the device ${result.pending}, ` +
          `outcome ${result.outcome}${result.message ? ` (${result.message})` : ''}`,
      );
      if (result.acknowledged !== COMMITS || result.pending !== 0) failed = true;
      db.close();
    }
  } finally {
    await server.stop();
  }

  // What the server holds: each opening a launch whose last seq is its last commit's.
  const reading = await database.open();
  try {
    const perOpening = Math.ceil(COMMITS / OPENINGS);
    for (const [run, result] of results.entries()) {
      const launches = await reading.db
        .selectFrom('launch')
        .select(['offlineLocalId', 'lastSeq'])
        .where('offlineLocalId', 'in', result.localIds)
        .execute();
      const seqs = new Map(launches.map((l) => [l.offlineLocalId, l.lastSeq]));
      const lost = result.localIds.filter((id) => seqs.get(id) !== perOpening);
      const progress = await reading.db
        .selectFrom('lessonProgress')
        .select('locationBlob')
        .where('assignmentKey', '=', keys[run].assignmentKey)
        .executeTakeFirst();
      const expected = `${OPENINGS}/${perOpening}`;
      const ok = lost.length === 0 && progress?.locationBlob === expected;
      console.log(
        `run ${run + 1} on the server: ${launches.length} launches, ` +
          `${lost.length === 0 ? 'every opening at its last seq' : `openings short: ${lost.join(', ')}`}, ` +
          `bookmark ${progress?.locationBlob ?? 'none'} (expected ${expected}) -> ${ok ? 'OK' : 'FAILED'}`,
      );
      if (!ok) failed = true;
    }
  } finally {
    await reading.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  if (times.length > 0) {
    console.log(
      `sync of ${COMMITS} queued commits: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms ` +
        `(min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}) over ${times.length} runs`,
    );
  }
  if (failed) {
    console.error('FAILED: commits were lost or not applied in order.');
    process.exit(1);
  }
}

await main();
