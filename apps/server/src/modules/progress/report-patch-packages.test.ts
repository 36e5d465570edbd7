import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProgressElement } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import {
  FORCED_ORDER,
  POST_TEST_ROLLUP,
  prerequisitesManifest12,
  sequencedPackage,
} from '../../test/sequencing-packages.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { buildZip } from '../../test/test-packages.js';
import { importScormPackage } from '../content/import.service.js';
import { localContentStorage } from '../content/storage.js';

interface Report {
  progressReport: ProgressElement[];
}

/**
 * Package locks and sequenced rollups that depend on lesson progress (ADR 0007) are patched too:
 * the patched report is byte for byte the report built afresh (docs/decisions/0006).
 */
describe('progress report patched after a commit, with package locks and rollups', () => {
  let t: TestApp;
  let pilot: Browser;
  let userKey: number;
  let assignmentKey: number;
  const lessonKeys = new Map<string, number>();
  const reportPath = () =>
    `/lms/api/progressreport/withPrerequisites/${pilot.lmsKey}/${pilot.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=false`;
  const read = async () => {
    const response = await pilot.call(reportPath());
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const courseOf = (body: Buffer, name: string) =>
    (JSON.parse(body.toString()) as Report).progressReport[0]!.elementChildren.find(
      (course) => course.elementName === name,
    )!;
  const locksOf = (body: Buffer, course: string) =>
    Object.fromEntries(
      courseOf(body, course)
        .elementChildren.flatMap((topic) => topic.elementChildren)
        .map((lesson) => [lesson.elementName, lesson.elementPackageLock ?? null]),
    );
  /** A commit's progress row (created on first launch), by SCO identifier. */
  const writeProgress = async (id: string, values: Record<string, unknown>) => {
    const lessonKey = lessonKeys.get(id)!;
    await t.db
      .insertInto('lessonProgress')
      .values({ assignmentKey, lessonKey, userKey, updatedAt: t.clock.now(), ...values })
      .onConflict((oc) =>
        oc
          .columns(['assignmentKey', 'lessonKey'])
          .doUpdateSet({ ...values, updatedAt: t.clock.now() }),
      )
      .execute();
  };
  /** Commits, reads the patched report and the one built afresh: the same bytes. */
  const commitAndCompare = async (id: string, values: Record<string, unknown>) => {
    await read();
    const patched = t.app.deps.state.reportCache.patchStats.patched;
    await writeProgress(id, values);
    t.app.deps.state.reportCache.lessonsChanged(userKey, [
      { assignmentKey, lessonKey: lessonKeys.get(id)! },
    ]);
    const body = await read();
    expect(t.app.deps.state.reportCache.patchStats.patched).toBe(patched + 1);
    t.app.deps.state.reportCache.invalidate(userKey);
    expect((await read()).toString()).toBe(body.toString());
    return body;
  };
  /** The course and package of a lesson (by SCO identifier), for its sequencing state. */
  const sequencingKeys = (id: string) =>
    t.db
      .selectFrom('lesson as l')
      .innerJoin('topic as tp', 'tp.topicKey', 'l.topicKey')
      .innerJoin('sco as s', 's.scoKey', 'l.scoKey')
      .select(['tp.courseKey', 's.packageKey'])
      .where('l.lessonKey', '=', lessonKeys.get(id)!)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'patchpkg' });
    userKey = (await buildUser(t.db, lms.lmsKey, { userId: 'pilot' })).userKey;
    const deps = { db: t.db, storage: localContentStorage(t.config) };
    const into = (course: string) => ({ lmsKey: lms.lmsKey, curriculum: 'Sequencing', course });
    const html = '<!doctype html><title>x</title>';
    const imports = [
      await importScormPackage(
        deps,
        await sequencedPackage('Order', FORCED_ORDER.items, FORCED_ORDER),
        into('Order'),
      ),
      await importScormPackage(
        deps,
        await sequencedPackage('Post', POST_TEST_ROLLUP.items, POST_TEST_ROLLUP),
        into('Post'),
      ),
      await importScormPackage(
        deps,
        await buildZip({
          'imsmanifest.xml': prerequisitesManifest12(),
          'l1.html': html,
          'l2.html': html,
          't.html': html,
        }),
        into('Prereq'),
      ),
    ];
    ({ assignmentKey } = await buildAssignment(t.db, {
      userKey,
      curriculumKey: imports[0]!.curriculum!.curriculumKey,
      startDate: t.clock.now(),
    }));
    for (const lesson of imports.flatMap((imported) => imported.lessons)) {
      lessonKeys.set(lesson.identifier, lesson.lessonKey);
    }
    pilot = await signIn(t, 'pilot');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.advance(5000);
    t.app.deps.state.reportCache.invalidate(userKey);
  });

  it('SCORM 1.2 prerequisites: a completed lesson unlocks the next one', async () => {
    expect(locksOf(await read(), 'Prereq')['Lesson two']?.locked).toBe(true);
    const body = await commitAndCompare('l1', { attempts: 1, completion: 1 });
    expect(locksOf(body, 'Prereq')).toEqual({
      'Lesson one': null,
      'Lesson two': null,
      Test: { locked: true, hidden: false, waitsFor: ['Lesson two'] },
    });
  });

  it('a sequenced package: what a locked lesson waits for follows the progress', async () => {
    const body = await commitAndCompare('brief', { attempts: 1, completion: 1 });
    expect(locksOf(body, 'Order')['Check ride']).toEqual({
      locked: true,
      hidden: false,
      waitsFor: ['Walkaround'],
    });
  });

  it('a sequenced course’s rollup: its completion instant follows the lessons’', async () => {
    const { courseKey, packageKey } = await sequencingKeys('post-test');
    // A sequencing step is not a progress-only write: it drops the reports.
    await t.db
      .insertInto('sequencingState')
      .values({
        assignmentKey,
        courseKey,
        packageKey,
        userKey,
        rollupCompleted: true,
        rollupSatisfied: true,
        rollupMeasure: 0.9,
        updatedAt: t.clock.now(),
      })
      .execute();
    t.app.deps.state.reportCache.invalidate(userKey);
    const completedAt = new Date(t.clock.now().getTime() - 60_000);
    const body = await commitAndCompare('post-test', {
      attempts: 1,
      completion: 1,
      completionInstant: completedAt,
    });
    const course = courseOf(body, 'Post');
    expect(course.elementCompletion).toBe(1);
    expect(course.elementCompletionInstant).toBe(completedAt.getTime());
  });

  it('a sequencing state written by another instance is not hidden by a patch', async () => {
    const { courseKey, packageKey } = await sequencingKeys('post-test');
    await read();
    const dropped = t.app.deps.state.reportCache.patchStats.dropped;
    await t.db
      .updateTable('sequencingState')
      .set({ rollupMeasure: 0.5 })
      .where('assignmentKey', '=', assignmentKey)
      .where('courseKey', '=', courseKey)
      .where('packageKey', '=', packageKey)
      .execute();
    await writeProgress('l2', { attempts: 1, score: 50 });
    t.app.deps.state.reportCache.lessonsChanged(userKey, [
      { assignmentKey, lessonKey: lessonKeys.get('l2')! },
    ]);
    const body = await read();
    expect(t.app.deps.state.reportCache.patchStats.dropped).toBe(dropped + 1);
    expect(courseOf(body, 'Post').elementScore).toBe(0.5);
  });

  it('a lesson that reported failed: its course and curriculum are failed in the patched report as in a fresh one (ADR 0010 Outcomes)', async () => {
    const body = await commitAndCompare('l2', {
      attempts: 1,
      completion: -3,
      credit: -1,
      score: 0.4,
    });
    const curriculum = (JSON.parse(body.toString()) as Report).progressReport[0]!;
    expect(courseOf(body, 'Prereq').elementCompletion).toBe(-3);
    expect(curriculum.elementCompletion).toBe(-3);
    expect(curriculum.elementCertificateUrl).toBe('');
  });
});
