import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import {
  launchLesson,
  playerApi,
  playerFrom,
  postLaunchForm,
  zipOf,
  type LaunchKeys,
} from '../../test/launch.js';
import { MANIFEST_2004_FULL, FILES_2004_FULL } from '../../test/test-packages.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

/**
 * §2 Library: "No tracking or completion status will register for lessons reviewed in the
 * Library." A student plays a library lesson that is also assigned to them to the end, through
 * the player API, and nothing they can see of their progress changes.
 */
describe('library previews record nothing (§2 Library)', () => {
  let t: TestApp;
  let student: Browser;
  let keys: LaunchKeys[];

  const reports = async () => {
    const query = '?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=true';
    const base = `${student.lmsKey}/${student.userKey}${query}`;
    const progress = await student.call(`/lms/api/progressreport/withPrerequisites/${base}`);
    const completion = await student.call(
      `/lms/api/progressreport/CompletionwithPrerequisites/${base}`,
    );
    expect(progress.status).toBe(200);
    expect(completion.status).toBe(200);
    return { progress: await progress.json(), completion: await completion.json() };
  };
  const stored = () =>
    t.db
      .selectFrom('lessonProgress')
      .selectAll()
      .where('userKey', '=', student.userKey)
      .orderBy('lessonKey')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db);
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    const imported = await importScormPackage(
      { db: t.db, storage: localContentStorage(t.config) },
      await zipOf({ 'imsmanifest.xml': MANIFEST_2004_FULL, ...FILES_2004_FULL }),
      { lmsKey: lms.lmsKey, curriculum: 'Type Rating' },
    );
    const curriculumKey = imported.curriculum!.curriculumKey;
    // Assigned to the student and in the library at once, like the demo's A320 Type Rating.
    await t.db
      .updateTable('curriculum')
      .set({ inLibrary: true })
      .where('curriculumKey', '=', curriculumKey)
      .execute();
    const assignment = await buildAssignment(t.db, { userKey: user.userKey, curriculumKey });
    keys = imported.lessons.map((lesson) => ({
      curriculumKey,
      lessonKey: lesson.lessonKey,
      assignmentKey: assignment.assignmentKey,
    }));
    student = await signIn(t, 'pilot');
    // Some real progress first, so "unchanged" is not just "still empty".
    const player = await launchLesson(t.baseUrl, student, keys[0]!);
    const api = playerApi(player);
    expect((await api.state()).status).toBe(200);
    const saved = await api.commit(
      1,
      {
        'cmi.location': '2',
        'cmi.completion_status': 'incomplete',
        'cmi.session_time': 'PT2M',
        'cmi.exit': 'suspend',
      },
      true,
    );
    expect(saved.status).toBe(200);
  });
  afterAll(() => t.close());

  it('plays a library lesson to the end: progress, attempts and reports unchanged', async () => {
    const before = { reports: await reports(), stored: await stored() };
    expect(before.stored).toHaveLength(1);
    expect(before.stored[0]!.attempts).toBe(1);
    const launchesBefore = await t.db
      .selectFrom('launch')
      .select('launchId')
      .where('preview', '=', false)
      .execute();

    for (const lesson of keys) {
      const preview = playerFrom(
        await postLaunchForm(t.baseUrl, student, '/lms/api/librarylaunch/', {
          leafKey: String(lesson.lessonKey),
        }),
      );
      const api = playerApi(preview);
      const state = (await (await api.state()).json()) as {
        preview: boolean;
        cmi: Record<string, string>;
      };
      expect(state.preview).toBe(true);
      expect(state.cmi['cmi.mode']).toBe('browse');
      expect(state.cmi['cmi.credit']).toBe('no-credit');
      expect((await api.heartbeat()).status).toBe(200);
      const progressCommit = await api.commit(1, {
        'cmi.location': '9',
        'cmi.progress_measure': '0.9',
        'cmi.session_time': 'PT10M',
        'cmi.suspend_data': 'preview',
      });
      expect(progressCommit.status).toBe(200);
      const final = await api.commit(
        2,
        {
          'cmi.completion_status': 'completed',
          'cmi.success_status': 'passed',
          'cmi.score.scaled': '1',
          'cmi.score.raw': '100',
          'cmi.session_time': 'PT20M',
          'cmi.exit': 'normal',
        },
        true,
      );
      expect(final.status).toBe(200);
    }

    expect(await stored()).toEqual(before.stored);
    expect(await reports()).toEqual(before.reports);
    // No launch that counts: the 'another device' check and the attempt count ignore previews.
    expect(
      await t.db.selectFrom('launch').select('launchId').where('preview', '=', false).execute(),
    ).toEqual(launchesBefore);
  });
});
