import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixPage } from '@waypoint/domain/console-contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import {
  launchLesson,
  playerApi,
  publishPackage,
  singleScoManifest2004,
  zipOf,
  type LaunchKeys,
  type PlayerHandle,
} from '../../test/launch.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';
import { localContentStorage } from '../content/storage.js';

// The matrix follows what a student does in the player, through the real flow (launch, player
// API commits, the commit queue's writes and their triggers), on the first read after each
// commit (docs/decisions/0022): not started, in progress, then failed or current.
describe('standings from the player', () => {
  let t: TestApp;
  let admin: Browser;
  const students: Record<string, { keys: LaunchKeys; player: PlayerHandle }> = {};

  const cellOf = async (userId: string) => {
    const response = await admin.call('/lms/api/console/compliance/matrix');
    expect(response.status).toBe(200);
    const page = (await response.json()) as MatrixPage;
    const row = page.rows.find((r) => r.userID === userId)!;
    return row.cells.find((cell) => cell.assignmentKey === students[userId]!.keys.assignmentKey)!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'standings' });
    await t.db
      .insertInto('certificateSettings')
      .values({ lmsKey: lms.lmsKey, validityMonths: 12 })
      .execute();
    const zip = await zipOf({
      'imsmanifest.xml': singleScoManifest2004({
        id: 'crm',
        title: 'CRM',
        lesson: 'Threat and error',
      }),
      'index.html': '<p>crm</p>',
    });
    for (const userId of ['passes', 'fails']) {
      const user = await buildUser(t.db, lms.lmsKey, { userId });
      const { keys } = await publishPackage(
        { db: t.db, storage: localContentStorage(t.config) },
        zip,
        { lmsKey: lms.lmsKey, userKey: user.userKey, curriculum: `CRM for ${userId}` },
      );
      const player = await launchLesson(t.baseUrl, await signIn(t, userId), keys);
      expect((await playerApi(player).state()).status).toBe(200);
      students[userId] = { keys, player };
    }
    admin = await staffBrowser(t, lms.lmsKey, { role: 'administrator' });
  });
  afterAll(() => t.close());

  it('shows each commit on the next read', async () => {
    const passes = students.passes!;
    const fails = students.fails!;
    // Launched and nothing committed yet: in progress or not, never current.
    expect(['inProgress', 'notStarted', 'due']).toContain((await cellOf('passes')).status);
    const committed = async (player: PlayerHandle, seq: number, cmi: Record<string, string>) => {
      const response = await playerApi(player).commit(seq, cmi);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    await committed(passes.player, 1, { 'cmi.location': 'page-2', 'cmi.progress_measure': '0.5' });
    expect((await cellOf('passes')).status).toBe('inProgress');
    await committed(passes.player, 2, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.9',
    });
    const current = await cellOf('passes');
    expect(current.status).toBe('current');
    expect(current.date).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    await committed(fails.player, 1, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'failed',
      'cmi.score.scaled': '0.4',
    });
    expect((await cellOf('fails')).status).toBe('failed');
  });
});
