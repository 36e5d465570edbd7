import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CommitAnswer, PlayerState } from '@waypoint/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLms, buildUser } from '../../test/factories.js';
import {
  launchLesson,
  playerApi,
  publishPackage,
  singleScoManifest2004,
  zipOf,
  type LaunchKeys,
} from '../../test/launch.js';
import {
  createDurableDatabase,
  freePort,
  startServerProcess,
  type DurableDatabase,
  type ServerProcess,
} from '../../test/server-process.js';
import { browserFrom, postLogin, type Browser } from '../../test/sign-in.js';
import { localContentStorage } from '../content/storage.js';

/**
 * An acknowledged commit is never lost (ADR 0007; ADR 0001 on what PGlite keeps): the server is
 * killed with SIGKILL right after one, and the data is there after a restart, on PGlite and
 * PostgreSQL. The real server (main.ts) runs as a child process on a DATA_DIR (and database)
 * prepared here.
 */

const MANIFEST_2004 = singleScoManifest2004({
  id: 'durable',
  title: 'Engine Fire',
  lesson: 'Engine Fire Drill',
});

// Starting tsx and opening the database takes seconds, far more on a busy shared machine.
const START_TIMEOUT = 180_000;
const TEST_TIMEOUT = 4 * START_TIMEOUT;

const usePostgres = process.env.WAYPOINT_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

interface ReportLesson {
  elementKey: number;
  elementAttempts: number;
  elementLocation: number;
  elementLocationBlob: string;
  elementSuspendData: string;
  elementScore: number;
}
interface Report {
  progressReport: {
    elementChildren: { elementChildren: { elementChildren: ReportLesson[] }[] }[];
  }[];
}

describe('durability: SIGKILL right after an acknowledged commit', () => {
  let dataDir: string;
  let database: DurableDatabase;
  let server: ServerProcess | null = null;
  let keys: LaunchKeys;

  const start = async () => {
    server = await startServerProcess({
      dataDir,
      port,
      env: database.env,
      startTimeoutMs: START_TIMEOUT,
    });
    return server;
  };
  let port: number;

  /** Signs in over HTTP as the panel does. */
  const signInAt = async (baseUrl: string, userId: string): Promise<Browser> =>
    browserFrom({ baseUrl }, await postLogin({ baseUrl }, userId));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-durability-'));
    database = await createDurableDatabase(
      usePostgres
        ? { kind: 'postgres', serverUrl: process.env.TEST_DATABASE_URL! }
        : { kind: 'pglite', dataDir },
    );
    // Prepared in this process, then closed: PGlite's folder must be free for the server.
    const handle = await database.open();
    try {
      const { db } = handle;
      const lms = await buildLms(db, { lmsCode: 'durable' });
      const user = await buildUser(db, lms.lmsKey, { userId: 'pilot' });
      ({ keys } = await publishPackage(
        { db, storage: localContentStorage({ dataDir }) },
        await zipOf({ 'imsmanifest.xml': MANIFEST_2004, 'index.html': '<p>drill</p>' }),
        { lmsKey: lms.lmsKey, userKey: user.userKey, curriculum: 'Emergency Procedures' },
      ));
    } finally {
      await handle.close();
    }
    port = await freePort();
  }, START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, START_TIMEOUT);

  it(
    'finds the acknowledged commit after a SIGKILL and a restart, and the killed launch saves on',
    async () => {
      let running = await start();
      const pilot = await signInAt(running.baseUrl, 'pilot');
      const player = await launchLesson(running.baseUrl, pilot, keys);
      const api = playerApi(player);
      const opened = await api.state();
      expect(opened.status).toBe(200);
      expect(((await opened.json()) as PlayerState).cmi['cmi.entry']).toBe('ab-initio');

      const first = await api.commit(1, {
        'cmi.completion_status': 'incomplete',
        'cmi.location': '3',
        'cmi.suspend_data': 'page=3',
        'cmi.session_time': 'PT1M',
      });
      expect(first.status).toBe(200);
      expect(((await first.json()) as CommitAnswer).applied).toBe(true);

      // The commit under test: the server is killed the moment its 200 answer is in.
      const acknowledged = await api.commit(2, {
        'cmi.location': '7',
        'cmi.suspend_data': 'page=7;answers=b,c,a',
        'cmi.score.raw': '60',
        'cmi.score.min': '0',
        'cmi.score.max': '100',
        'cmi.exit': 'suspend',
        'cmi.session_time': 'PT2M',
      });
      const status = acknowledged.status;
      const answer = (await acknowledged.json()) as CommitAnswer;
      const killed = running.kill();
      await killed;
      expect(status).toBe(200);
      expect(answer).toEqual({ applied: true, seq: 2, closed: false });
      expect(running.child.signalCode).toBe('SIGKILL');

      // Same DATA_DIR, same database, same port: the student's session and player token survive.
      running = await start();

      // The progress report shows the acknowledged values (the score is checked in the resumed
      // state below, in SCORM's own terms, independent of the report's score scale).
      const reportResponse = await pilot.call(
        `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
        { headers: { 'cache-control': 'no-cache' } },
      );
      expect(reportResponse.status).toBe(200);
      const report = (await reportResponse.json()) as Report;
      const lesson = report.progressReport
        .flatMap((c) => c.elementChildren)
        .flatMap((c) => c.elementChildren)
        .flatMap((t) => t.elementChildren)
        .find((l) => l.elementKey === keys.lessonKey);
      expect(lesson).toMatchObject({
        elementAttempts: 1,
        elementLocation: 7,
        elementLocationBlob: '7',
        elementSuspendData: 'page=7;answers=b,c,a',
      });
      expect(lesson!.elementScore).toBeGreaterThan(0);

      // A fresh launch resumes where the acknowledged commit left the lesson (cmi.exit suspend).
      const fresh = await launchLesson(running.baseUrl, pilot, keys);
      const resumed = await playerApi(fresh).state();
      expect(resumed.status).toBe(200);
      expect(((await resumed.json()) as PlayerState).cmi).toMatchObject({
        'cmi.entry': 'resume',
        'cmi.location': '7',
        'cmi.suspend_data': 'page=7;answers=b,c,a',
        'cmi.score.raw': '60',
        'cmi.total_time': 'PT2M',
      });

      // The killed launch (its window still open) carries on: a reload knows seq 2 was applied,
      // the next seq is accepted, and a retry of seq 2 is a stale no-op, not a second write.
      const reloaded = await api.state();
      expect(reloaded.status).toBe(200);
      expect(((await reloaded.json()) as PlayerState).lastSeq).toBe(2);
      const next = await api.commit(3, { 'cmi.location': '8', 'cmi.session_time': 'PT3M' });
      expect(next.status).toBe(200);
      expect((await next.json()) as CommitAnswer).toEqual({ applied: true, seq: 3, closed: false });
      const retried = await api.commit(2, { 'cmi.location': '7' });
      expect(retried.status).toBe(200);
      expect((await retried.json()) as CommitAnswer).toEqual({
        applied: false,
        seq: 3,
        closed: false,
      });
      // Closed by its final commit, it then answers a clear 409.
      expect((await api.commit(4, { 'cmi.exit': 'suspend' }, true)).status).toBe(200);
      const late = await api.commit(5, { 'cmi.location': '9' });
      expect(late.status).toBe(409);
      expect(((await late.json()) as { message: string }).message).toContain('has ended');
    },
    TEST_TIMEOUT,
  );
});
