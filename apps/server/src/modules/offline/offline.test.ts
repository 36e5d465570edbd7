import {
  offlineCalls,
  offlineContentCalls,
  offlineFilePath,
  playerCalls,
} from '@waypoint/domain/contract';
import type {
  OfflineCommit,
  OfflineGrantAnswer,
  OfflinePackage,
  OfflineSyncAnswer,
} from '@waypoint/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { launchLesson, publishPackage, type LaunchKeys } from '../../test/launch.js';
import { fetchAsHost } from '../../test/named-host.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { buildZip, simpleManifest12 } from '../../test/test-packages.js';
import { localContentStorage } from '../content/storage.js';
import { CONFLICT_MESSAGE } from './sync.js';
import { BROWSE_OFFLINE, CROSS_SITE_OFFLINE } from './grants.js';
import { REMOVED_GRANT } from './package.js';

// ADR 0024: a lesson made available offline, its package on the device, and the device's
// commits synced later by the player's own rules; a refusal, a conflict and a clock ahead said.
describe('lessons offline: grant, package, sync', () => {
  let t: TestApp;
  let pilot: Browser;
  let keys: LaunchKeys;
  let browseKeys: LaunchKeys;
  let contentOrigin: string;
  let localIds = 0;
  const localId = () => `device-opening-${String(++localIds).padStart(4, '0')}`;

  const grant = async (k: LaunchKeys = keys) => {
    const response = await pilot.call(
      `/lms${offlineCalls.grant.path(pilot.lmsKey, pilot.userKey)}`,
      {
        method: 'POST',
        body: JSON.stringify(k),
      },
    );
    return { status: response.status, body: (await response.json()) as OfflineGrantAnswer };
  };
  /** A request to the content origin, a same-site name of the test app (ADR 0024). */
  const content = (path: string, init: Parameters<typeof fetchAsHost>[3] = {}) =>
    fetchAsHost(t.baseUrl, contentOrigin, path, init);
  const pkg = (g: OfflineGrantAnswer, token = g.token) =>
    content(offlineContentCalls.package.path(g.grantId), {
      headers: { authorization: `Bearer ${token}` },
    });
  const sync = async (
    g: OfflineGrantAnswer,
    launches: { localId: string; resumed?: boolean; commits: OfflineCommit[] }[],
    sentInstant = Date.now(),
  ) => {
    const response = await content(offlineContentCalls.sync.path(g.grantId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: g.token,
        sentInstant,
        launches: launches.map((l) => ({
          localId: l.localId,
          startedInstant: l.commits[0]?.instant ?? sentInstant,
          resumed: l.resumed ?? false,
          commits: l.commits,
        })),
      }),
    });
    return { status: response.status, body: (await response.json()) as OfflineSyncAnswer };
  };
  const progress = (k: LaunchKeys = keys) =>
    t.db
      .selectFrom('lessonProgress')
      .selectAll()
      .where('assignmentKey', '=', k.assignmentKey)
      .where('lessonKey', '=', k.lessonKey)
      .executeTakeFirst();
  const attempts = (k: LaunchKeys = keys) =>
    t.db
      .selectFrom('lessonAttempt')
      .selectAll()
      .where('assignmentKey', '=', k.assignmentKey)
      .where('lessonKey', '=', k.lessonKey)
      .orderBy('number')
      .execute();
  const commitAt = (
    seq: number,
    instant: number,
    cmi: Record<string, string>,
    final = false,
  ): OfflineCommit => ({ seq, final, cmi, instant });

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const storage = localContentStorage(t.config);
    const zip = await buildZip({
      'imsmanifest.xml': simpleManifest12('Briefing', [
        { id: 'brief', title: 'Briefing', href: 'brief.html', masteryScore: 80 },
      ]),
      'brief.html': '<!doctype html><title>Briefing</title><p>Exits and slides.</p>',
      'media/diagram.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    ({ keys } = await publishPackage({ db: t.db, storage }, zip, {
      lmsKey: lms.lmsKey,
      userKey: user.userKey,
      curriculum: 'Cabin safety',
    }));
    ({ keys: browseKeys } = await publishPackage({ db: t.db, storage }, zip, {
      lmsKey: lms.lmsKey,
      userKey: user.userKey,
      curriculum: 'Browse only',
    }));
    await t.db
      .updateTable('lesson')
      .set({ playMode: 2 })
      .where('lessonKey', '=', browseKeys.lessonKey)
      .execute();
    pilot = await signIn(t, 'pilot');
    // Lessons offline need a content origin on the panel's site (two names of one domain).
    const { port } = new URL(t.baseUrl);
    contentOrigin = `http://content.waypoint.localhost:${port}`;
    t.config.publicUrl = `http://panel.waypoint.localhost:${port}`;
    t.config.contentOrigin = contentOrigin;
  });
  afterAll(() => t.close());

  it('makes a lesson available: the launch rules first, the token in the fragment only', async () => {
    const browse = await grant(browseKeys);
    expect(browse.status).toBe(403);
    expect(browse.body).toMatchObject({ message: BROWSE_OFFLINE });
    const unassigned = await grant({ ...keys, assignmentKey: keys.assignmentKey + 999 });
    expect(unassigned.status).toBe(404);
    // Another student's path: the session guard refuses it.
    const other = await pilot.call(
      `/lms${offlineCalls.grant.path(pilot.lmsKey, pilot.userKey + 1)}`,
      {
        method: 'POST',
        body: JSON.stringify(keys),
      },
    );
    expect(other.status).toBe(403);
    await other.arrayBuffer();
    const bad = await pilot.call(`/lms${offlineCalls.grant.path(pilot.lmsKey, pilot.userKey)}`, {
      method: 'POST',
      body: JSON.stringify({ ...keys, lessonKey: 'one' }),
    });
    expect(bad.status).toBe(400);
    await bad.arrayBuffer();
    expect(await t.db.selectFrom('offlineGrant').selectAll().execute()).toEqual([]);

    // A content origin on another site (the loopback pair localhost / 127.0.0.1): the browser
    // would partition the device's storage, so nothing is granted.
    const { publicUrl } = t.config;
    t.config.publicUrl = t.baseUrl;
    t.config.contentOrigin = null;
    const crossSite = await grant();
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ message: CROSS_SITE_OFFLINE });
    t.config.publicUrl = publicUrl;
    t.config.contentOrigin = contentOrigin;
    expect(await t.db.selectFrom('offlineGrant').selectAll().execute()).toEqual([]);

    const made = await grant();
    expect(made.status).toBe(200);
    expect(made.body.storeUrl).toBe(
      `${contentOrigin}/player/offline#${made.body.grantId}.${made.body.token}`,
    );
    const listed = await pilot.call(`/lms${offlineCalls.grants.path(pilot.lmsKey, pilot.userKey)}`);
    expect(await listed.json()).toEqual([
      expect.objectContaining({ grantId: made.body.grantId, lessonName: 'Briefing' }),
    ]);
  });

  it('answers the package, its files and sizes to the grant token only, on the content origin', async () => {
    const { body: g } = await grant();
    expect((await pkg(g, 'wrong')).status).toBe(401);
    const answer = await pkg(g);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as OfflinePackage;
    expect(body.contentUrl).toBe(`/content/offline/${g.grantId}/brief.html`);
    expect(body.files.map((f) => f.path).sort()).toEqual([
      'brief.html',
      'imsmanifest.xml',
      'media/diagram.svg',
    ]);
    expect(body.totalBytes).toBe(body.files.reduce((sum, f) => sum + f.size, 0));
    expect(body.start).toMatchObject({ mode: 'normal', credit: true, learnerId: 'pilot' });
    expect(body.start.stored.attempts).toBe(0);

    const file = await content(offlineFilePath(g.grantId, 'media/diagram.svg'), {
      headers: { authorization: `Bearer ${g.token}` },
    });
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('<svg');
    const anonymous = await content(offlineFilePath(g.grantId, 'brief.html'));
    expect(anonymous.status).toBe(401);
    // The panel's host serves no lesson content.
    const onPanel = await fetch(`${t.baseUrl}${offlineContentCalls.package.path(g.grantId)}`, {
      headers: { authorization: `Bearer ${g.token}` },
    });
    expect(onPanel.status).toBe(404);
    await onPanel.arrayBuffer();
  });

  it('syncs an opening by the player rules, once however often the device sends it', async () => {
    const { body: g } = await grant();
    // Made available two hours ago; played an hour ago, offline.
    await t.db
      .updateTable('offlineGrant')
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where('grantId', '=', g.grantId)
      .execute();
    const id = localId();
    const started = Date.now() - 60 * 60_000;
    const commits = [
      commitAt(1, started + 60_000, { 'cmi.core.lesson_location': 'page-2' }),
      commitAt(2, started + 120_000, {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '92',
        'cmi.core.session_time': '0000:10:00.00',
        'cmi.core.exit': '',
      }),
      commitAt(3, started + 130_000, {}, true),
    ];
    const first = await sync(g, [{ localId: id, commits }]);
    expect(first.status).toBe(200);
    expect(first.body.launches).toEqual([{ localId: id, lastSeq: 3, closed: true }]);
    const row = await progress();
    expect(row).toMatchObject({ completion: 1, credit: 1, score: 0.92, flaggedOffline: false });
    // Dated when it happened on the device (a right clock), not at the sync.
    expect(new Date(row!.completionInstant!).getTime()).toBe(started + 120_000);
    expect(first.body.start.stored).toMatchObject({ completion: 1, score: 92 });
    const recorded = await attempts();
    expect(recorded).toHaveLength(1);

    // The answer was lost: the device sends the same again; nothing is applied twice.
    const again = await sync(g, [{ localId: id, commits }]);
    expect(again.body.launches).toEqual([{ localId: id, lastSeq: 3, closed: true }]);
    expect(await attempts()).toEqual(recorded);
  });

  it('records an opening as an attempt of its own when the lesson moved on elsewhere', async () => {
    const { body: g } = await grant();
    // Meanwhile, online on another device: an attempt suspended on page 7.
    const online = await launchLesson(t.baseUrl, pilot, keys);
    const opened = await content(playerCalls.state.path(online.launchId), {
      headers: { authorization: `Bearer ${online.token}` },
    });
    expect(opened.status).toBe(200);
    const suspended = await content(playerCalls.commit.path(online.launchId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: online.token,
        seq: 1,
        final: true,
        cmi: { 'cmi.core.lesson_location': 'page-7', 'cmi.core.exit': 'suspend' },
      }),
    });
    expect(suspended.status).toBe(200);
    const before = await attempts();
    const id = localId();
    const now = Date.now();
    const answer = await sync(g, [
      {
        localId: id,
        resumed: true,
        commits: [
          commitAt(
            1,
            now - 1000,
            {
              'cmi.core.lesson_location': 'page-3',
              'cmi.core.lesson_status': 'incomplete',
              'cmi.core.exit': 'suspend',
            },
            true,
          ),
        ],
      },
    ]);
    expect(answer.body.launches).toEqual([
      { localId: id, lastSeq: 1, closed: true, conflict: CONFLICT_MESSAGE },
    ]);
    const after = await attempts();
    // Both kept: the online one ended as it was, the device's numbered after it.
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-2)!.endedAt).not.toBeNull();
    expect(after.at(-1)).toMatchObject({ source: 'player', number: before.at(-1)!.number + 1 });
  });

  it('dates a completion at the sync and flags it when the device clock was ahead (§8)', async () => {
    const { body: g } = await grant();
    const ahead = Date.now() + 3 * 60 * 60_000;
    await t.db
      .updateTable('lessonProgress')
      .set({ completion: 0, credit: 0, completionInstant: null, cmi: '{}' })
      .where('assignmentKey', '=', keys.assignmentKey)
      .where('lessonKey', '=', keys.lessonKey)
      .execute();
    // The reset above moved the lesson on: the device learns it from a fresh package first.
    await pkg(g);
    const id = localId();
    const before = Date.now();
    const answer = await sync(
      g,
      [
        {
          localId: id,
          commits: [
            commitAt(1, ahead - 5000, { 'cmi.core.lesson_status': 'completed' }),
            commitAt(2, ahead - 4000, {}, true),
          ],
        },
      ],
      ahead,
    );
    expect(answer.body.launches).toEqual([
      { localId: id, lastSeq: 2, closed: true, clockAhead: true },
    ]);
    const row = await progress();
    expect(row!.flaggedOffline).toBe(true);
    const completed = new Date(row!.completionInstant!).getTime();
    expect(completed).toBeGreaterThanOrEqual(before);
    expect(completed).toBeLessThanOrEqual(Date.now());
    expect((await attempts()).at(-1)!.flaggedOffline).toBe(true);
    const report = await pilot.call(
      `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false`,
    );
    expect(
      ((await report.json()) as { flaggedLeafAssignments: unknown[] }).flaggedLeafAssignments,
    ).toContainEqual({
      assignmentKey: keys.assignmentKey,
      leafKey: keys.lessonKey,
    });
  });

  it('syncs 1,000 queued commits in order: none lost, none reordered', async () => {
    const { body: g } = await grant();
    const id = localId();
    const start = Date.now() - 10 * 60_000;
    const all = Array.from({ length: 1000 }, (_, index) =>
      commitAt(index + 1, start + index * 100, {
        'cmi.core.lesson_location': `page-${index + 1}`,
        'cmi.suspend_data': `visited:${index + 1}`,
        'cmi.core.exit': 'suspend',
      }),
    );
    for (let from = 0; from < all.length; from += 200) {
      const answer = await sync(g, [{ localId: id, commits: all.slice(from, from + 200) }]);
      expect(answer.body.launches[0]!.lastSeq).toBe(from + 200);
    }
    const row = await progress();
    const cmi = JSON.parse(row!.cmi) as Record<string, string>;
    expect(cmi['cmi.core.lesson_location']).toBe('page-1000');
    expect(cmi['cmi.suspend_data']).toBe('visited:1000');
    const launch = await t.db
      .selectFrom('launch')
      .select(['lastSeq'])
      .where('offlineLocalId', '=', id)
      .executeTakeFirstOrThrow();
    expect(launch.lastSeq).toBe(1000);
  });

  it('refuses at sync what the launch rules refuse now, applying nothing, and a removed grant', async () => {
    const { body: g } = await grant();
    await t.db
      .updateTable('assignment')
      .set({ removedAt: new Date() })
      .where('assignmentKey', '=', keys.assignmentKey)
      .execute();
    const before = await progress();
    const id = localId();
    const answer = await sync(g, [
      { localId: id, commits: [commitAt(1, Date.now(), { 'cmi.core.lesson_location': 'x' })] },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.launches[0]).toMatchObject({ localId: id, lastSeq: 0, closed: false });
    expect(answer.body.launches[0]!.refused).toBeTruthy();
    expect(await progress()).toEqual(before);
    await t.db
      .updateTable('assignment')
      .set({ removedAt: null })
      .where('assignmentKey', '=', keys.assignmentKey)
      .execute();

    const removed = await pilot.call(
      `/lms${offlineCalls.remove.path(pilot.lmsKey, pilot.userKey, g.grantId)}`,
      { method: 'DELETE' },
    );
    expect(await removed.json()).toEqual({ removed: true });
    const gone = await sync(g, [{ localId: localId(), commits: [] }]);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ message: REMOVED_GRANT });
  });
});
