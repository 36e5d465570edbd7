import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_PREREQUISITE, courseLock, type ProgressElement } from '@waypoint/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { assignCurriculum, insertCurriculum } from '../../db/seed/tree.js';

interface Report {
  progressReport: ProgressElement[];
  flaggedLeafAssignments: { assignmentKey: number; leafKey: number }[];
}
type Lesson = { assignmentKey: number; lessonKey: number };

/**
 * A commit of this instance reports the progress rows it wrote (reportCache.lessonsChanged) and the
 * cached report is patched (docs/decisions/0006, Patching after a commit): what the route then
 * sends must be, byte for byte, what a report built afresh would be.
 */
describe('progress report patched after a commit', () => {
  let t: TestApp;
  let student: Browser;
  let userKey: number;
  const lessons = new Map<string, Lesson>();
  const reportPath = () =>
    `/lms/api/progressreport/withPrerequisites/${student.lmsKey}/${student.userKey}?showExpired=true&withFlaggedAssignments=true&showEmptyLeafs=false`;

  /** The report as the route sends it now: plain, and the same bytes again through gzip. */
  const read = async (headers: Record<string, string> = {}): Promise<Buffer> => {
    const plain = await student.call(reportPath(), {
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    const body = Buffer.from(await plain.arrayBuffer());
    const zipped = await student.call(reportPath(), { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    // fetch checks the gzip trailer (CRC and length) as it decodes.
    expect(Buffer.from(await zipped.arrayBuffer()).equals(body)).toBe(true);
    return body;
  };
  const parse = (body: Buffer) => JSON.parse(body.toString()) as Report;
  /** Writes a lesson's progress row as a commit does (the row is created on first launch). */
  const writeProgress = async (name: string, values: Record<string, unknown>) => {
    const { assignmentKey, lessonKey } = lessons.get(name)!;
    const updated = await t.db
      .updateTable('lessonProgress')
      .set({ ...values, updatedAt: t.clock.now() })
      .where('assignmentKey', '=', assignmentKey)
      .where('lessonKey', '=', lessonKey)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      await t.db
        .insertInto('lessonProgress')
        .values({ assignmentKey, lessonKey, userKey, updatedAt: t.clock.now(), ...values })
        .execute();
    }
  };
  /**
   * Commits (writes then reports the lessons), reads the patched report, then the report built
   * afresh; they must be the same bytes. Answers the report.
   */
  const commitAndCompare = async (
    names: string[],
    write: () => Promise<unknown>,
  ): Promise<Report> => {
    await read();
    const patchedBefore = t.app.deps.state.reportCache.patchStats.patched;
    await write();
    t.app.deps.state.reportCache.lessonsChanged(
      userKey,
      names.map((name) => lessons.get(name)!),
    );
    const patched = await read();
    expect(t.app.deps.state.reportCache.patchStats.patched).toBe(patchedBefore + 1);
    t.app.deps.state.reportCache.invalidate(userKey);
    const rebuilt = await read();
    expect(patched.toString()).toBe(rebuilt.toString());
    expect(patched.equals(rebuilt)).toBe(true);
    return parse(patched);
  };
  const find = (report: Report, name: string): ProgressElement => {
    const stack = [...report.progressReport];
    for (let element = stack.pop(); element; element = stack.pop()) {
      if (element.elementName === name) return element;
      stack.push(...element.elementChildren);
    }
    throw new Error(`no element ${name}`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db, { lmsCode: 'patch', allowStudentsToViewCertificates: 1 });
    userKey = (await buildUser(t.db, lms.lmsKey, { userId: 'patched' })).userKey;
    const main = await insertCurriculum(t.db, lms.lmsKey, {
      name: 'Patched Curriculum',
      description: 'Two courses, the second after the first',
      certificateUrl: 'https://certificates.example.com/patched',
      courses: [
        {
          name: 'First',
          prerequisiteKey: 0,
          topics: [
            {
              name: 'Basics',
              lessons: [
                { name: 'One', progress: { attempts: 1, completion: 1, score: 90 } },
                { name: 'Two', progress: { attempts: 1, completion: 0, score: 40, location: 2 } },
                { name: 'Browse', playMode: 2 },
              ],
            },
          ],
        },
        {
          name: 'Second',
          prerequisiteKey: 1,
          topics: [{ name: 'More', lessons: [{ name: 'Three' }] }],
        },
      ],
    });
    // Another curriculum, large enough that the report goes out gzipped (GZIP_MIN_BYTES).
    const other = await insertCurriculum(t.db, lms.lmsKey, {
      name: 'Other Curriculum',
      description: '',
      courses: [
        {
          name: 'Other',
          prerequisiteKey: 0,
          topics: [
            {
              name: 'Offline',
              lessons: [
                {
                  name: 'Four',
                  progress: { attempts: 1, completion: 1, score: 70, flaggedOffline: true },
                },
                ...Array.from({ length: 12 }, (_, i) => ({
                  name: `Filler ${i + 1}`,
                  ...(i % 2 === 0 ? { progress: { attempts: 1, completion: 0, score: 10 } } : {}),
                })),
              ],
            },
          ],
        },
      ],
    });
    for (const curriculum of [main, other]) {
      const assignmentKey = await assignCurriculum(t.db, t.clock.now(), userKey, curriculum, {
        assignedDaysAgo: 2,
        startDaysAgo: 2,
        durationDays: 60,
      });
      for (const [name, { lessonKey }] of curriculum.lessons) {
        lessons.set(name, { assignmentKey, lessonKey });
      }
    }
    student = await signIn(t, 'patched');
  });
  afterAll(() => t.close());
  // Every test starts from a report built afresh, checked less than FRESH_MS ago.
  beforeEach(() => {
    t.clock.advance(5000);
    t.app.deps.state.reportCache.invalidate(userKey);
  });

  it('a new score: the lesson, its topic, course and curriculum averages', async () => {
    const report = await commitAndCompare(['Two'], () =>
      writeProgress('Two', { score: 75, location: 3 }),
    );
    expect(find(report, 'Two').elementScore).toBe(75);
    expect(find(report, 'Two').elementLocation).toBe(3);
  });

  it('a completion that completes the first course unlocks the second (§4 Course-level prerequisites)', async () => {
    const options = {
      prerequisiteName: COURSE_PREREQUISITE.previousCourse,
      drafts: false,
      enforceCurriculumPrerequisitesToggle: 1,
    };
    const before = parse(await read());
    expect(courseLock(before.progressReport[0]!.elementChildren, 1, options).locked).toBe(true);
    const report = await commitAndCompare(['Two'], () =>
      writeProgress('Two', { completion: 1, completionInstant: t.clock.now() }),
    );
    const courses = report.progressReport[0]!.elementChildren;
    expect(courses[0]!.elementCompletion).toBe(1);
    expect(courseLock(courses, 1, options).locked).toBe(false);
  });

  it('a first launch creates the row; completing the last lesson completes the curriculum and its certificate', async () => {
    const report = await commitAndCompare(['Three'], () =>
      writeProgress('Three', { attempts: 1, completion: 1, completionInstant: t.clock.now() }),
    );
    const curriculum = report.progressReport[0]!;
    expect(curriculum.elementCompletion).toBe(1);
    expect(curriculum.elementCertificateUrl).not.toBe('');
  });

  it('lessons of two curricula in one commit, and the flagged offline completions', async () => {
    const report = await commitAndCompare(['One', 'Four', 'Filler 2'], async () => {
      await writeProgress('One', { score: 95 });
      await writeProgress('Four', { flaggedOffline: false });
      await writeProgress('Filler 2', { attempts: 1, completion: 1, flaggedOffline: true });
    });
    expect(report.flaggedLeafAssignments).toEqual([
      {
        assignmentKey: lessons.get('Filler 2')!.assignmentKey,
        leafKey: lessons.get('Filler 2')!.lessonKey,
      },
    ]);
    expect(find(report, 'One').elementScore).toBe(95);
  });

  it('commits reported while a patch runs are applied too', async () => {
    await read();
    await writeProgress('Filler 1', { score: 11 });
    t.app.deps.state.reportCache.lessonsChanged(userKey, [lessons.get('Filler 1')!]);
    await writeProgress('Filler 3', { score: 33 });
    t.app.deps.state.reportCache.lessonsChanged(userKey, [lessons.get('Filler 3')!]);
    const patched = await read();
    expect(find(parse(patched), 'Filler 1').elementScore).toBe(11);
    expect(find(parse(patched), 'Filler 3').elementScore).toBe(33);
    t.app.deps.state.reportCache.invalidate(userKey);
    expect((await read()).equals(patched)).toBe(true);
  });

  it('the patched report carries the new versions: a no-cache read right after it is not rebuilt', async () => {
    await commitAndCompare(['Filler 5'], () => writeProgress('Filler 5', { score: 55 }));
    await writeProgress('Filler 5', { score: 56 });
    t.app.deps.state.reportCache.lessonsChanged(userKey, [lessons.get('Filler 5')!]);
    await read();
    const rebuilt = t.app.deps.state.reportCache.stats.rebuilt;
    const body = await read({ 'cache-control': 'no-cache' });
    expect(t.app.deps.state.reportCache.stats.rebuilt).toBe(rebuilt);
    expect(find(parse(body), 'Filler 5').elementScore).toBe(56);
  });

  describe('writes the patch cannot explain are never hidden', () => {
    /** Another instance's write (no call here), then a commit of this process on another lesson. */
    const afterForeignWrite = async (foreign: () => Promise<unknown>) => {
      await read();
      const dropped = t.app.deps.state.reportCache.patchStats.dropped;
      await foreign();
      await writeProgress('Filler 7', { score: 77 });
      t.app.deps.state.reportCache.lessonsChanged(userKey, [lessons.get('Filler 7')!]);
      const body = await read();
      expect(t.app.deps.state.reportCache.patchStats.dropped).toBe(dropped + 1);
      t.app.deps.state.reportCache.invalidate(userKey);
      expect((await read()).equals(body)).toBe(true);
      return parse(body);
    };

    it('another instance’s progress row', async () => {
      const report = await afterForeignWrite(() => writeProgress('Filler 9', { score: 99 }));
      expect(find(report, 'Filler 9').elementScore).toBe(99);
      expect(find(report, 'Filler 7').elementScore).toBe(77);
    });

    it('another instance’s assignment change', async () => {
      const { assignmentKey } = lessons.get('One')!;
      const report = await afterForeignWrite(() =>
        t.db
          .updateTable('assignment')
          .set({ durationMs: 90 * 24 * 3600 * 1000 })
          .where('assignmentKey', '=', assignmentKey)
          .execute(),
      );
      expect(report.progressReport[0]!.elementDuration).toBe(90 * 24 * 3600 * 1000);
    });

    it('a content change (content version)', async () => {
      const report = await afterForeignWrite(() =>
        t.db
          .updateTable('curriculum')
          .set({ description: 'Renamed elsewhere' })
          .where('name', '=', 'Patched Curriculum')
          .execute(),
      );
      expect(report.progressReport[0]!.elementDescription).toBe('Renamed elsewhere');
    });

    it('a write by another instance after a patch is seen once the window has passed (version check)', async () => {
      await read();
      await writeProgress('Filler 11', { score: 1 });
      t.app.deps.state.reportCache.lessonsChanged(userKey, [lessons.get('Filler 11')!]);
      expect(find(parse(await read()), 'Filler 11').elementScore).toBe(1);
      await writeProgress('Filler 11', { score: 2 });
      expect(find(parse(await read()), 'Filler 11').elementScore).toBe(1);
      t.clock.advance(1500);
      expect(find(parse(await read()), 'Filler 11').elementScore).toBe(2);
    });
  });

  describe('concurrent writes', () => {
    it('an invalidation while a patch runs wins: the next read builds afresh', async () => {
      await read();
      await writeProgress('Filler 1', { score: 12 });
      t.app.deps.state.reportCache.lessonsChanged(userKey, [lessons.get('Filler 1')!]);
      t.app.deps.state.reportCache.invalidate(userKey);
      const rebuilt = t.app.deps.state.reportCache.stats.rebuilt;
      expect(find(parse(await read()), 'Filler 1').elementScore).toBe(12);
      expect(t.app.deps.state.reportCache.stats.rebuilt).toBe(rebuilt + 1);
    });

    it('a build that started before the commit is not kept', async () => {
      const building = read();
      await writeProgress('Filler 3', { score: 34 });
      t.app.deps.state.reportCache.lessonsChanged(userKey, [lessons.get('Filler 3')!]);
      await building;
      expect(find(parse(await read()), 'Filler 3').elementScore).toBe(34);
    });
  });
});
