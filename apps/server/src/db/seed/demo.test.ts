import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CURRICULUM_DURATION_MS, isRecurrentCourseName } from '@waypoint/domain';
import type { DatabaseHandle } from '../connection.js';
import { createTestDatabase } from '../../test/database.js';
import { verifyPassword } from '../../lib/password.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo training provider seed', () => {
  let handle: DatabaseHandle;
  const now = new Date();
  let seeded: boolean;

  beforeAll(async () => {
    handle = await createTestDatabase();
    seeded = await seedDemo(handle.db, { now });
  });
  afterAll(() => handle.close());

  /** Every lesson row of `student` with its curriculum, course, topic and assignment. */
  const studentLessons = () =>
    handle.db
      .selectFrom('appUser as u')
      .innerJoin('assignment as a', 'a.userKey', 'u.userKey')
      .innerJoin('curriculum as cu', 'cu.curriculumKey', 'a.curriculumKey')
      .innerJoin('course as co', 'co.curriculumKey', 'cu.curriculumKey')
      .innerJoin('topic as t', 't.courseKey', 'co.courseKey')
      .innerJoin('lesson as l', 'l.topicKey', 't.topicKey')
      .leftJoin('lessonProgress as p', (join) =>
        join
          .onRef('p.lessonKey', '=', 'l.lessonKey')
          .onRef('p.assignmentKey', '=', 'a.assignmentKey'),
      )
      .where('u.userId', '=', 'student')
      .select([
        'cu.name as curriculum',
        'co.name as course',
        'co.draft',
        'co.prerequisiteKey',
        't.prerequisite as topicPrerequisite',
        'l.name as lesson',
        'l.playMode',
        'l.prerequisite',
        'l.player',
        'l.launchData',
        'l.scoreWeight',
        'l.maxAttempts',
        'l.scoKey',
        'a.startDate',
        'a.assignedAt',
        'a.durationMs',
        'a.flaggedOfflineCompletion',
        'p.attempts',
        'p.completion',
        'p.credit',
        'p.score',
        'p.totalTimeMs',
        'p.lastLaunchedAt',
        'p.flaggedOffline',
      ])
      .execute();

  it('creates the demo LMS as the default, with support info, FAQ headings and app links', async () => {
    expect(seeded).toBe(true);
    const lms = await handle.db
      .selectFrom('lms')
      .selectAll()
      .where('lmsCode', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(lms.lmsName).toBe('Waypoint Demo Airline');
    expect(lms.isDefault).toBe(true);
    expect(lms.showDashboard).toBe(1);
    expect(lms.enforceCurriculumPrerequisitesToggle).toBe(1);
    expect(lms.supportPhone).not.toBe('N/A');
    expect(lms.supportEmail).toContain('@');
    expect(lms.supportChat).toMatch(/^https:/);
    expect(lms.studentFaq.match(/^## /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(lms.helpCentreUrl).toMatch(/^https:/);
    expect(lms.privacyPolicyUrl).toMatch(/^https:/);
    const links = await handle.db
      .selectFrom('appDownloadLink')
      .select('label')
      .where('lmsKey', '=', lms.lmsKey)
      .orderBy('sortOrder')
      .execute();
    expect(links.map((link) => link.label)).toEqual(['Windows', 'Apple', 'Google Play']);
    const widgets = await handle.db
      .selectFrom('widget')
      .select(['widgetType', 'isDeleted'])
      .where('lmsKey', '=', lms.lmsKey)
      .execute();
    expect(widgets).toContainEqual({ widgetType: 'calendar', isDeleted: 0 });
    expect(widgets.filter((widget) => widget.isDeleted === 0).length).toBeGreaterThanOrEqual(2);
    const media = await handle.db.selectFrom('libraryMedia').select('name').execute();
    expect(media.length).toBeGreaterThan(2);
    const certificate = await handle.db
      .selectFrom('certificateSettings')
      .select('certificateTypeName')
      .executeTakeFirst();
    expect(certificate?.certificateTypeName).not.toBe('');
  });

  it('creates the demo users with the demo password, and the console staff among them', async () => {
    const users = await handle.db
      .selectFrom('appUser')
      .select(['userId', 'isStudent', 'mfaEnabled', 'email', 'displayName', 'passwordHash'])
      .orderBy('userId')
      .execute();
    expect(users.map((user) => [user.userId, user.isStudent, user.mfaEnabled])).toEqual([
      ['admin', false, false],
      ['auditor', false, false],
      ['instructor', false, false],
      ['manager', false, false],
      ['mfa.student', true, true],
      ['student', true, false],
    ]);
    const staff = await handle.db
      .selectFrom('staffMember')
      .innerJoin('appUser', 'appUser.userKey', 'staffMember.userKey')
      .innerJoin('staffRole', 'staffRole.roleKey', 'staffMember.roleKey')
      .select(['appUser.userId', 'staffRole.builtIn', 'staffMember.restrictionGroups'])
      .orderBy('appUser.userId')
      .execute();
    expect(staff).toEqual([
      { userId: 'admin', builtIn: 'administrator', restrictionGroups: [] },
      { userId: 'auditor', builtIn: 'auditor', restrictionGroups: [] },
      { userId: 'instructor', builtIn: 'instructor', restrictionGroups: [] },
      { userId: 'manager', builtIn: 'training-manager', restrictionGroups: ['LHR'] },
    ]);
    for (const user of users) {
      expect(user.email).toMatch(/@example\.com$/);
      expect(user.displayName).toMatch(/^\S+ \S+$/);
    }
    expect(await verifyPassword(DEMO_PASSWORD, users[0]!.passwordHash)).toBe(true);
  });

  it('gives student curricula that show every state of spec §4', async () => {
    const rows = await studentLessons();
    const curricula = new Map<string, (typeof rows)[number][]>();
    for (const row of rows)
      curricula.set(row.curriculum, [...(curricula.get(row.curriculum) ?? []), row]);
    const end = (row: (typeof rows)[number]) => row.startDate.getTime() + row.durationMs;
    const some = (predicate: (row: (typeof rows)[number]) => boolean) => rows.some(predicate);

    // Completion: complete, in progress, each failure code.
    const complete = [...curricula.values()].filter((lessons) =>
      lessons.every((lesson) => (lesson.completion ?? 0) >= 1),
    );
    expect(complete.length).toBeGreaterThanOrEqual(1);
    const inProgress = [...curricula.values()].filter(
      (lessons) =>
        lessons.some((lesson) => (lesson.attempts ?? 0) > 0) &&
        lessons.some((lesson) => (lesson.completion ?? 0) < 1) &&
        end(lessons[0]!) > now.getTime(),
    );
    expect(inProgress.length).toBeGreaterThanOrEqual(1);
    for (const code of [-2, -3, -4]) expect(some((row) => row.completion === code)).toBe(true);
    expect(some((row) => (row.completion ?? 0) < -4)).toBe(true);

    // Dates: expired within 90 days and longer ago, open-ended, due within 30, assigned within 14.
    const ago = (row: (typeof rows)[number]) => now.getTime() - end(row);
    expect(some((row) => ago(row) > 0 && ago(row) <= 90 * DAY_MS)).toBe(true);
    expect(some((row) => ago(row) > 90 * DAY_MS)).toBe(true);
    expect(some((row) => row.durationMs === DEFAULT_CURRICULUM_DURATION_MS)).toBe(true);
    expect(some((row) => end(row) - now.getTime() > 100 * 365 * DAY_MS)).toBe(true);
    expect(some((row) => -ago(row) > 0 && -ago(row) <= 30 * DAY_MS)).toBe(true);
    expect(some((row) => now.getTime() - row.assignedAt.getTime() <= 14 * DAY_MS)).toBe(true);

    // Drafts: a draft course beside a published one, and an all-draft curriculum.
    const drafts = [...curricula.values()].map(
      (lessons) => new Set(lessons.map((l) => l.draft > 0)),
    );
    expect(drafts.some((kinds) => kinds.has(true) && kinds.has(false))).toBe(true);
    expect(drafts.some((kinds) => kinds.has(true) && !kinds.has(false))).toBe(true);

    // Prerequisites: courses (PreviousCourse 1, AllPreviousCourses 2), topics and lessons (1 and 2).
    expect(some((row) => row.prerequisiteKey === 1)).toBe(true);
    expect(some((row) => row.prerequisiteKey === 2)).toBe(true);
    for (const value of [1, 2]) {
      expect(some((row) => row.topicPrerequisite === value)).toBe(true);
      expect(some((row) => row.prerequisite === value)).toBe(true);
    }

    // Play modes, players, exams and attempts.
    for (const mode of [1, 2, 3]) expect(some((row) => row.playMode === mode)).toBe(true);
    expect(
      some(
        (row) =>
          row.player === 'Exam' &&
          row.scoreWeight > 0 &&
          (row.launchData as { require100?: boolean }).require100 === true,
      ),
    ).toBe(true);
    expect(some((row) => row.player === 'CLAS')).toBe(true);
    expect(some((row) => row.maxAttempts > 0 && (row.attempts ?? 0) >= row.maxAttempts)).toBe(true);

    // Recurrent course name, offline completion, negative credit, scores, times, recent launches.
    expect(some((row) => isRecurrentCourseName(row.course))).toBe(true);
    expect(some((row) => row.flaggedOfflineCompletion && row.flaggedOffline === true)).toBe(true);
    expect(some((row) => (row.completion ?? 0) >= 1 && (row.credit ?? 0) < 0)).toBe(true);
    expect(some((row) => (row.score ?? 0) > 0)).toBe(true);
    expect(some((row) => (row.totalTimeMs ?? 0) > 0)).toBe(true);
    expect(rows.filter((row) => row.lastLaunchedAt !== null).length).toBeGreaterThanOrEqual(3);

    // No SCORM content yet.
    expect(rows.every((row) => row.scoKey === null)).toBe(true);
  });

  it('gives student documents (unsubmitted and expired) and an evaluation', async () => {
    const documents = await handle.db
      .selectFrom('assignedDocument as d')
      .innerJoin('appUser as u', 'u.userKey', 'd.userKey')
      .where('u.userId', '=', 'student')
      .select(['d.expiresAt'])
      .execute();
    expect(documents.some((doc) => doc.expiresAt === null)).toBe(true);
    expect(documents.some((doc) => doc.expiresAt !== null && doc.expiresAt < now)).toBe(true);
    // Evaluations are definitions attached to a course or curriculum (seed/demo-report.ts); one
    // becomes due for a student when they complete what it is attached to.
    const definitions = await handle.db
      .selectFrom('evaluationDefinition')
      .innerJoin(
        'evaluationAttachment',
        'evaluationAttachment.definitionKey',
        'evaluationDefinition.definitionKey',
      )
      .select('evaluationDefinition.definitionKey')
      .execute();
    expect(definitions.length).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const count = async () => {
      const counts = await Promise.all(
        (['lms', 'appUser', 'curriculum', 'lesson', 'assignment', 'lessonProgress'] as const).map(
          async (table) =>
            (
              await handle.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
        ),
      );
      return counts.map(Number);
    };
    const before = await count();
    expect(await seedDemo(handle.db)).toBe(false);
    expect(await count()).toEqual(before);
  });
});
