import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildCurriculum } from '../../test/assignments.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { launchLesson, playerApi, publishPackage, type LaunchKeys } from '../../test/launch.js';
import { operatorCli, testOperatorDeps } from '../../test/operator-cli.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';
import { buildZip, simpleManifest12 } from '../../test/test-packages.js';
import { localContentStorage } from '../content/storage.js';

// The training events of the real flows (docs/decisions/0023 "Training events"): the player's
// launch and commits, a staff member's assignment in the console and the operator's on the
// command line, each named by who did it; the chain verified by the CLI at the end.
describe('training events of the real flows', () => {
  let t: TestApp;
  let lmsKey: number;
  let pilotKey: number;
  let pilot: Browser;
  let keys: LaunchKeys;
  const cli = operatorCli(() => testOperatorDeps(t.db, t.config, t.clock, t.app.deps));

  const entries = (afterSeq: number) =>
    t.db
      .selectFrom('trainingEvent')
      .select(['seq', 'type', 'actor', 'subjectId', 'payload'])
      .where('lmsKey', '=', lmsKey)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .execute();
  const head = async () => {
    const rows = await entries(0);
    return rows.length === 0 ? 0 : rows[rows.length - 1]!.seq;
  };
  const subjectOf = async (userKey: number) =>
    (
      await t.db
        .selectFrom('recordSubject')
        .select('subjectId')
        .where('userKey', '=', userKey)
        .executeTakeFirstOrThrow()
    ).subjectId;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db, { lmsCode: 'alpha' })).lmsKey;
    pilotKey = (await buildUser(t.db, lmsKey, { userId: 'pilot' })).userKey;
    const zip = await buildZip({
      'imsmanifest.xml': simpleManifest12('Checkride', [
        { id: 'exam', title: 'Exam', href: 'exam.html', masteryScore: 80 },
      ]),
      'exam.html': '<!doctype html><title>Exam</title>',
    });
    ({ keys } = await publishPackage({ db: t.db, storage: localContentStorage(t.config) }, zip, {
      lmsKey,
      userKey: pilotKey,
      curriculum: 'Checkride',
    }));
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('records the launch and the attempt as the learner’s; commits that only move the bookmark add nothing', async () => {
    const before = await head();
    const player = playerApi(await launchLesson(t.baseUrl, pilot, keys));
    expect((await player.state()).status).toBe(200);
    for (const seq of [1, 2, 3]) {
      const bookmark = { 'cmi.core.lesson_location': String(seq), 'cmi.suspend_data': `p${seq}` };
      expect((await player.commit(seq, bookmark)).status).toBe(200);
    }
    const afterBookmarks = await entries(before);
    expect(afterBookmarks.map((entry) => entry.type)).toEqual([
      'lesson.launched',
      'attempt.started',
    ]);
    const final = {
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '95',
      'cmi.core.session_time': '0000:02:00.00',
      'cmi.core.exit': '',
    };
    expect((await player.commit(4, final, true)).status).toBe(200);
    const rows = await entries(before);
    expect(rows.map((entry) => entry.type)).toEqual([
      'lesson.launched',
      'attempt.started',
      'score.changed',
      'lesson.completed',
      'lesson.passed',
      'attempt.ended',
    ]);
    const subject = await subjectOf(pilotKey);
    for (const entry of rows) expect(entry).toMatchObject({ actor: 'learner', subjectId: subject });
    expect(JSON.parse(rows[2]!.payload)).toMatchObject({ before: null, after: 0.95 });
  });

  it('names the staff member who assigns in the console, and the operator who assigns on the command line', async () => {
    const before = await head();
    const security = await buildCurriculum(t.db, lmsKey, 'Security');
    const admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    const response = await admin.call('/lms/api/console/assignments', {
      method: 'POST',
      body: JSON.stringify({ curriculumKeys: [security.curriculumKey], userKeys: [pilotKey] }),
    });
    expect(response.status).toBe(200);
    const other = await buildCurriculum(t.db, lmsKey, 'CRM');
    expect(
      (await cli('assign', '--lms', 'alpha', '--user', 'pilot', '--curriculum', other.name)).code,
    ).toBe(0);
    const rows = await entries(before);
    expect(rows.map((entry) => [entry.type, entry.actor])).toEqual([
      ['assignment.assigned', `staff:${await subjectOf(admin.userKey)}`],
      ['assignment.assigned', 'operator'],
    ]);
    expect(await cli('records', 'verify', '--lms', 'alpha')).toMatchObject({
      code: 0,
      out: `Chain of LMS alpha: ${rows[1]!.seq} events, 0 seals, intact.`,
    });
  });
});
