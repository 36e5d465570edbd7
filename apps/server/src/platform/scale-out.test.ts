import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { playerCalls, type CommitAnswer, type PlayerState } from '@waypoint/domain/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentStorageOn } from '../modules/content/storage.js';
import { buildLms, buildUser } from '../test/factories.js';
import {
  launchLesson,
  publishPackage,
  singleScoManifest2004,
  zipOf,
  type LaunchKeys,
} from '../test/launch.js';
import { nginxInstalled, startNginx, type Nginx } from '../test/nginx.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import {
  createDurableDatabase,
  freePort,
  startServerProcess,
  type DurableDatabase,
  type ServerProcess,
} from '../test/server-process.js';
import { browserFrom, postLogin, type Browser } from '../test/sign-in.js';
import { openObjectStorage } from './object-storage/index.js';

/**
 * Several instances behind a load balancer on one PostgreSQL (docs/deployment/README.md): two
 * real servers (main.ts, child processes) behind Debian's nginx with the deployment guide's own
 * configuration, their files in one S3-compatible bucket (s3rver). A student signs in through
 * nginx, commits through instance A, reads the report through B, and carries on through B after
 * A is killed with SIGKILL, with nothing lost. A logout on A ends the session on B at once
 * (ADR 0006).
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const START_TIMEOUT = 180_000;

interface ReportLesson {
  elementKey: number;
  elementLocation: number;
  elementSuspendData: string;
}
interface Report {
  progressReport: {
    elementChildren: { elementChildren: { elementChildren: ReportLesson[] }[] }[];
  }[];
}

describe.skipIf(process.env.WAYPOINT_TEST_DB !== 'postgres' || !serverUrl || !nginxInstalled)(
  'two instances behind nginx on one PostgreSQL',
  () => {
    let database: DurableDatabase;
    const dataDirs: string[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let nginx: Nginx;
    let keys: LaunchKeys;
    let s3: TestS3Server;

    beforeAll(async () => {
      database = await createDurableDatabase({ kind: 'postgres', serverUrl: serverUrl! });
      const nginxPort = await freePort();
      const publicUrl = `http://127.0.0.1:${nginxPort}`;
      const [portA, portB] = [await freePort(), await freePort()];
      for (const name of ['a', 'b'])
        dataDirs.push(await mkdtemp(path.join(os.tmpdir(), `waypoint-scale-${name}-`)));
      // Both keep their files in one S3-compatible bucket (ADR 0017); the server processes
      // inherit the credentials the test S3 server sets.
      s3 = await startS3Server((name, value) => vi.stubEnv(name, value));
      const storageUrl = s3.storageUrl('scale-out');

      // Both start at once on a database nobody has migrated: the migrations run once.
      const env = {
        ...database.env,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        STORAGE_URL: storageUrl,
      };
      [a, b] = await Promise.all(
        [portA, portB].map((port, i) =>
          startServerProcess({ dataDir: dataDirs[i]!, port, env, startTimeoutMs: START_TIMEOUT }),
        ),
      );
      nginx = await startNginx({
        port: nginxPort,
        instances: { a: `127.0.0.1:${portA}`, b: `127.0.0.1:${portB}` },
      });

      const handle = await database.open();
      try {
        const { db } = handle;
        const lms = await buildLms(db, { lmsCode: 'fleet' });
        const user = await buildUser(db, lms.lmsKey, { userId: 'pilot' });
        await buildUser(db, lms.lmsKey, { userId: 'purser' });
        ({ keys } = await publishPackage(
          {
            db,
            storage: contentStorageOn(openObjectStorage({ dataDir: dataDirs[0]!, storageUrl })),
          },
          await zipOf({
            'imsmanifest.xml': singleScoManifest2004({
              id: 'scale',
              title: 'Cabin Pressure',
              lesson: 'Cabin Pressure Drill',
            }),
            'index.html': '<p>drill</p>',
          }),
          { lmsKey: lms.lmsKey, userKey: user.userKey, curriculum: 'Recurrent Training' },
        ));
      } finally {
        await handle.close();
      }
    }, START_TIMEOUT);

    afterAll(async () => {
      await nginx?.stop();
      await a?.stop();
      await b?.stop();
      await database?.drop();
      await s3?.close();
      vi.unstubAllEnvs();
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    }, START_TIMEOUT);

    const signInThroughNginx = async (userId: string): Promise<Browser> =>
      browserFrom(nginx, await postLogin(nginx, userId));

    /** A call through nginx, pinned to one instance (the test-only header), or balanced. */
    const pinned = (instance: 'a' | 'b' | null) =>
      instance ? { 'x-waypoint-instance': instance } : ({} as Record<string, string>);

    const reportOf = async (browser: Browser, instance: 'a' | 'b' | null) => {
      const response = await browser.call(
        `/lms/api/progressreport/withPrerequisites/${browser.lmsKey}/${browser.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`,
        { headers: pinned(instance) },
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as Report).progressReport
        .flatMap((c) => c.elementChildren)
        .flatMap((c) => c.elementChildren)
        .flatMap((t) => t.elementChildren)
        .find((l) => l.elementKey === keys.lessonKey)!;
    };

    it(
      'a logout on A ends the session on B at once',
      async () => {
        const purser = await signInThroughNginx('purser');
        const onB = () => purser.call('/lms/api/permissions', { headers: pinned('b') });
        expect((await onB()).status).toBe(200);
        const logout = await purser.call('/lms/api/Login', {
          method: 'DELETE',
          headers: pinned('a'),
        });
        expect(logout.status).toBe(204);
        // B trusts a lookup for 1 s (ADR 0006); the notification must beat that by far.
        await expect
          .poll(async () => (await onB()).status, { timeout: 500, interval: 20 })
          .toBe(401);
      },
      START_TIMEOUT,
    );

    it(
      'commit through A, read through B; A killed mid-lesson, the lesson goes on through B, nothing lost',
      async () => {
        const pilot = await signInThroughNginx('pilot');
        const player = await launchLesson(nginx.baseUrl, pilot, keys);
        // The lesson's origin is the other loopback name of the same nginx.
        expect(new URL(player.contentOrigin).port).toBe(new URL(nginx.baseUrl).port);
        const call = (url: string, init: RequestInit, instance: 'a' | 'b' | null) =>
          fetch(`${player.contentOrigin}${url}`, {
            ...init,
            headers: { ...(init.headers as Record<string, string>), ...pinned(instance) },
          });
        const state = await call(
          playerCalls.state.path(player.launchId),
          { headers: { authorization: `Bearer ${player.token}` } },
          null,
        );
        expect(state.status).toBe(200);
        expect(((await state.json()) as PlayerState).cmi['cmi.entry']).toBe('ab-initio');

        /** A commit as the player sends it: resent with the same seq until answered (ADR 0007). */
        const commit = async (seq: number, instance: 'a' | 'b' | null) => {
          for (let attempt = 1; ; attempt += 1) {
            const response = await call(
              playerCalls.commit.path(player.launchId),
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  token: player.token,
                  seq,
                  final: false,
                  cmi: {
                    'cmi.location': String(seq),
                    'cmi.suspend_data': `page=${seq}`,
                    'cmi.exit': 'suspend',
                    'cmi.session_time': `PT${seq}M`,
                  },
                }),
              },
              instance,
            );
            if (response.status === 200) return (await response.json()) as CommitAnswer;
            if (attempt === 5) throw new Error(`commit ${seq}: ${response.status}`);
          }
        };

        expect(await commit(1, 'a')).toEqual({ applied: true, seq: 1, closed: false });
        expect(await reportOf(pilot, 'b')).toMatchObject({
          elementLocation: 1,
          elementSuspendData: 'page=1',
        });

        await a.kill();
        expect(a.child.signalCode).toBe('SIGKILL');
        // Balanced: nginx finds A gone and sends each request to B.
        for (let seq = 2; seq <= 6; seq += 1) expect((await commit(seq, null)).seq).toBe(seq);
        expect(await reportOf(pilot, null)).toMatchObject({
          elementLocation: 6,
          elementSuspendData: 'page=6',
        });
        // The student's session, made on A, goes on through B.
        const permissions = await pilot.call('/lms/api/permissions');
        expect(permissions.status).toBe(200);
      },
      START_TIMEOUT,
    );
  },
);
