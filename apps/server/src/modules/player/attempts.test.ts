import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { launchLesson, playerApi, publishPackage, type LaunchKeys } from '../../test/launch.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { buildZip, simpleManifest12 } from '../../test/test-packages.js';
import { localContentStorage } from '../content/storage.js';

// ADR 0023 "History": every attempt of a lesson is its own record, written with the lesson's
// current state; an ended attempt never changes.
describe('lesson attempts: every attempt kept', () => {
  let t: TestApp;
  let pilot: Browser;
  let keys: LaunchKeys;

  const attempts = () =>
    t.db
      .selectFrom('lessonAttempt')
      .selectAll()
      .where('assignmentKey', '=', keys.assignmentKey)
      .where('lessonKey', '=', keys.lessonKey)
      .orderBy('number')
      .execute();
  const progress = () =>
    t.db
      .selectFrom('lessonProgress')
      .selectAll()
      .where('assignmentKey', '=', keys.assignmentKey)
      .where('lessonKey', '=', keys.lessonKey)
      .executeTakeFirstOrThrow();
  const open = async () => {
    const api = playerApi(await launchLesson(t.baseUrl, pilot, keys));
    expect((await api.state()).status).toBe(200);
    return api;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const zip = await buildZip({
      'imsmanifest.xml': simpleManifest12('Checkride', [
        { id: 'exam', title: 'Exam', href: 'exam.html', masteryScore: 80 },
      ]),
      'exam.html': '<!doctype html><title>Exam</title>',
    });
    ({ keys } = await publishPackage({ db: t.db, storage: localContentStorage(t.config) }, zip, {
      lmsKey: lms.lmsKey,
      userKey: user.userKey,
      curriculum: 'Checkride',
    }));
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());

  it('records a failed first attempt, a passed second one, and keeps both as they ended', async () => {
    const first = await open();
    const [started] = await attempts();
    expect(started).toMatchObject({ number: 1, source: 'player', endedAt: null, completion: 0 });
    expect(started!.launchId).toBeTruthy();

    expect(
      (
        await first.commit(
          1,
          {
            'cmi.core.lesson_status': 'failed',
            'cmi.core.score.raw': '60',
            'cmi.core.session_time': '0000:05:00.00',
            'cmi.core.exit': '',
          },
          true,
        )
      ).status,
    ).toBe(200);
    const [failed] = await attempts();
    expect(failed).toMatchObject({ number: 1, completion: -3, credit: -1, score: 0.6 });
    expect(failed!.durationMs).toBe(300_000);
    expect(failed!.endedAt).not.toBeNull();
    expect(JSON.parse(failed!.cmi!)).toMatchObject({ 'cmi.core.score.raw': '60' });

    const second = await open();
    await second.commit(
      1,
      {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '95',
        'cmi.core.session_time': '0000:02:00.00',
      },
      true,
    );
    const [kept, passed] = await attempts();
    expect(kept).toEqual(failed);
    expect(passed).toMatchObject({ number: 2, completion: 1, credit: 1, score: 0.95 });
    expect(passed!.durationMs).toBe(120_000);
    expect(passed!.launchId).not.toBe(failed!.launchId);
    // The lesson's current state is the attempts' result: passed, 95 %, 7 minutes in all.
    expect(await progress()).toMatchObject({ attempts: 2, completion: 1, credit: 1, score: 0.95 });
    expect((await progress()).totalTimeMs).toBe(420_000);
  });

  it('keeps a suspended attempt open and resumes it, even after a correction recorded meanwhile', async () => {
    const third = await open();
    await third.commit(
      1,
      { 'cmi.core.lesson_location': 'page-3', 'cmi.core.exit': 'suspend' },
      true,
    );
    const before = await attempts();
    expect(before.at(-1)).toMatchObject({ number: 3, endedAt: null, completion: 0, score: null });
    // A staff correction recorded while attempt 3 is suspended is attempt 4, already ended.
    const { userKey } = before[0]!;
    await t.db
      .insertInto('lessonAttempt')
      .values({
        assignmentKey: keys.assignmentKey,
        lessonKey: keys.lessonKey,
        number: 4,
        userKey,
        source: 'correction',
        startedAt: new Date(),
        endedAt: new Date(),
        updatedAt: new Date(),
        completion: 1,
        credit: 1,
        score: 0.95,
        recordedBy: userKey,
        reason: 'Examiner re-marked the paper.',
        corrects: 2,
      })
      .execute();
    await t.db
      .updateTable('lessonProgress')
      .set({ attempts: 4 })
      .where('assignmentKey', '=', keys.assignmentKey)
      .where('lessonKey', '=', keys.lessonKey)
      .execute();

    const resumed = await open();
    expect(await attempts()).toHaveLength(4);
    await resumed.commit(1, { 'cmi.core.lesson_status': 'completed', 'cmi.core.exit': '' }, true);
    const [, , suspended, correction] = await attempts();
    expect(suspended).toMatchObject({ number: 3, completion: 1, credit: 0 });
    expect(suspended!.endedAt).not.toBeNull();
    expect(correction).toMatchObject({ number: 4, source: 'correction', completion: 1 });
    // The passed result stays the lesson's result (§4: a result is never lost).
    expect(await progress()).toMatchObject({ attempts: 4, completion: 1, credit: 1, score: 0.95 });

    // The next attempt is numbered after the correction.
    const fifth = await open();
    await fifth.commit(1, { 'cmi.core.lesson_location': 'p1' });
    expect((await attempts()).at(-1)).toMatchObject({ number: 5, endedAt: null, source: 'player' });
    expect(await progress()).toMatchObject({ attempts: 5 });
  });

  it('refuses to change an ended attempt or delete any, even in SQL', async () => {
    await expect(
      sql`UPDATE lesson_attempt SET score = 1 WHERE assignment_key = ${keys.assignmentKey}
            AND number = 1`.execute(t.db),
    ).rejects.toThrow(/has ended and cannot change/);
    await expect(
      sql`DELETE FROM lesson_attempt WHERE assignment_key = ${keys.assignmentKey}`.execute(t.db),
    ).rejects.toThrow(/never deleted/);
    expect(await attempts()).toHaveLength(5);
  });
});
