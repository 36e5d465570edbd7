import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../test/factories.js';
import { launchLesson, playerApi, singleScoManifest2004, zipOf } from '../test/launch.js';
import { signIn } from '../test/sign-in.js';
import { importScormPackage } from '../modules/content/import.service.js';
import { localContentStorage } from '../modules/content/storage.js';
import { startS3Server } from '../test/s3-server.js';

const TOKEN = 'operator-token-for-metrics';

/** Health checks and Prometheus metrics for an operator's monitoring (ADR 0013). */
describe('health and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ operatorToken: TOKEN });
  });
  afterAll(() => t.close());

  const ready = async () => {
    const response = await fetch(`${t.baseUrl}/lms/health/ready`);
    return {
      status: response.status,
      body: (await response.json()) as { status: string; checks: Record<string, string> },
    };
  };

  it('says live, and ready when the database, its migrations and storage are there', async () => {
    const live = await fetch(`${t.baseUrl}/lms/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', storage: 'ok', shutdown: 'ok' } },
    });
  });

  it('is not ready while a migration is missing', async () => {
    const [last] = (
      await sql<{
        name: string;
      }>`SELECT name FROM schema_migration ORDER BY applied_at DESC, name DESC LIMIT 1`.execute(
        t.db,
      )
    ).rows;
    await sql`DELETE FROM schema_migration WHERE name = ${last!.name}`.execute(t.db);
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.checks.database).toBe('1 migration(s) not applied');
    } finally {
      await sql`INSERT INTO schema_migration (name) VALUES (${last!.name})`.execute(t.db);
    }
    expect((await ready()).status).toBe(200);
  });

  it('is not ready while shutting down, so a load balancer drains it', async () => {
    t.app.lifecycle.draining = true;
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.checks.shutdown).toBe('shutting down');
      // Still alive: the requests in flight finish.
      expect((await fetch(`${t.baseUrl}/lms/health/live`)).status).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('serves the metrics only with the operator token', async () => {
    expect((await fetch(`${t.baseUrl}/lms/operator/metrics`)).status).toBe(401);
    const response = await fetch(`${t.baseUrl}/lms/operator/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('waypoint_nodejs_eventloop_lag_seconds');
    expect(text).toMatch(
      /waypoint_http_request_duration_seconds_count\{method="GET",route="\/lms\/health\/live",status_code="200"\} \d+/,
    );
  });

  it('counts lesson commits by outcome and progress-report reads by cache outcome', async () => {
    const lmsKey = (await buildLms(t.db, { lmsCode: 'metrics' })).lmsKey;
    const user = await buildUser(t.db, lmsKey, { userId: 'counted', email: 'c@example.test' });
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await zipOf({
        'imsmanifest.xml': singleScoManifest2004({ id: 'm', title: 'Metrics', lesson: 'One' }),
        'index.html': '<p>1</p>',
      }),
      { lmsKey, curriculum: 'Metrics', course: 'Metrics' },
    );
    const assignment = await buildAssignment(t.db, {
      userKey: user.userKey,
      curriculumKey: imported.curriculum!.curriculumKey,
      startDate: t.clock.now(),
    });
    const browser = await signIn(t, 'counted');
    const api = playerApi(
      await launchLesson(t.baseUrl, browser, {
        curriculumKey: imported.curriculum!.curriculumKey,
        lessonKey: imported.lessons[0]!.lessonKey,
        assignmentKey: assignment.assignmentKey,
      }),
    );
    expect((await api.state()).status).toBe(200);
    expect((await api.commit(1, { 'cmi.location': 'p1' })).status).toBe(200);
    expect((await api.commit(1, { 'cmi.location': 'p1' })).status).toBe(200);
    // A sequence number below 1 is bad input: refused.
    expect((await api.commit(0, { 'cmi.location': 'p0' })).status).toBe(400);
    const report = `/lms/api/progressreport/withPrerequisites/${lmsKey}/${user.userKey}?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false`;
    expect((await browser.call(report)).status).toBe(200);
    expect((await browser.call(report)).status).toBe(200);

    const text = await (
      await fetch(`${t.baseUrl}/lms/operator/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).text();
    expect(text).toContain('waypoint_lesson_commits_total{outcome="applied"} 1');
    expect(text).toContain('waypoint_lesson_commits_total{outcome="stale"} 1');
    expect(text).toContain('waypoint_lesson_commits_total{outcome="refused"} 1');
    expect(text).toMatch(/waypoint_report_cache_reads_total\{outcome="rebuilt"\} [1-9]/);
    expect(text).toMatch(/waypoint_report_cache_reads_total\{outcome="fresh"\} [1-9]/);
    // Group commit (ADR 0007): the transactions that wrote commits, and the commits they held.
    expect(text).toMatch(/^waypoint_lesson_commit_batches_total [1-9]/m);
    expect(text).toMatch(/^waypoint_lesson_commits_batched_total [1-9]/m);
    expect(text).toContain('waypoint_report_cache_patches_total');
    // Route patterns only: no key, launch id or token in any label.
    expect(text).toContain('route="/player-api/:launchId/commit"');
    expect(text).not.toContain(`/${user.userKey}?`);
  });

  it('is not ready when the content folder cannot be made', async () => {
    const broken = await createTestApp();
    try {
      // A file where the content folder should be: nothing can be stored.
      await writeFile(path.join(broken.config.dataDir, 'content'), 'not a folder');
      const response = await fetch(`${broken.baseUrl}/lms/health/ready`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { checks: Record<string, string> };
      expect(body.checks.storage).not.toBe('ok');
      expect(body.checks.database).toBe('ok');
    } finally {
      await broken.close();
    }
  });

  it('with STORAGE_URL, is ready when the bucket answers and not when it does not', async () => {
    const s3 = await startS3Server((name, value) => vi.stubEnv(name, value));
    const [reachable, unreachable] = [
      await createTestApp({ config: { storageUrl: s3.storageUrl('health') } }),
      await createTestApp({
        config: { storageUrl: 's3://nowhere?endpoint=http://127.0.0.1:9&region=us-east-1' },
      }),
    ];
    try {
      expect((await fetch(`${reachable.baseUrl}/lms/health/ready`)).status).toBe(200);
      const response = await fetch(`${unreachable.baseUrl}/lms/health/ready`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { checks: Record<string, string> };
      expect(body.checks.storage).not.toBe('ok');
      expect(body.checks.database).toBe('ok');
    } finally {
      await reachable.close();
      await unreachable.close();
      await s3.close();
      vi.unstubAllEnvs();
    }
  });
});
