import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualificationCell } from '@waypoint/domain/staff';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildCurriculum, buildStudent } from '../../test/assignments.js';
import { buildAssignment, buildLms } from '../../test/factories.js';
import { refreshStandings } from '../compliance/standings.js';
import type { ProgressElement } from '@waypoint/domain/contract';
import { buildAssignmentReport } from '../progress/service.js';
import { startOpenCycles } from './cycle.js';
import { periodsOf } from './repo.js';

const DAY = 86_400_000;

// A completion's window opens: the assignment starts its next cycle, due at the recurrent due
// date, while the completed cycle is kept whole (its period, its ended attempt), so the matrix
// shows the person current until the old validity ends.
describe('recurrent cycles', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.stop();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts the next cycle once, due at the recurrent due date, losing nothing of the last', async () => {
    const lms = await buildLms(t.db);
    const curriculum = await buildCurriculum(t.db, lms.lmsKey, 'Recurrent');
    await t.db
      .updateTable('curriculum')
      .set({ validityRule: 'months', validityMonths: 12 })
      .where('curriculumKey', '=', curriculum.curriculumKey)
      .execute();
    const student = await buildStudent(t.db, lms.lmsKey, 'LHR');
    const completedAt = new Date(t.clock.now().getTime() - DAY);
    const assignment = await buildAssignment(t.db, {
      userKey: student.userKey,
      curriculumKey: curriculum.curriculumKey,
      assignedAt: new Date(completedAt.getTime() - 30 * DAY),
      startDate: new Date(completedAt.getTime() - 30 * DAY),
      durationMs: 60 * DAY,
    });
    const key = { assignmentKey: assignment.assignmentKey, lessonKey: curriculum.lessonKey };
    await t.db
      .insertInto('lessonProgress')
      .values({
        ...key,
        userKey: student.userKey,
        attempts: 1,
        completion: 1,
        credit: 1,
        score: 0.9,
        completionInstant: completedAt,
        lastLaunchedAt: completedAt,
        totalTimeMs: 600_000,
        cmi: '{"cmi.core.lesson_status":"passed"}',
        updatedAt: completedAt,
      })
      .execute();
    await t.db
      .insertInto('lessonAttempt')
      .values({
        ...key,
        number: 1,
        userKey: student.userKey,
        source: 'player',
        startedAt: completedAt,
        endedAt: completedAt,
        updatedAt: completedAt,
        completion: 1,
        credit: 1,
        score: 0.9,
        completionInstant: completedAt,
        durationMs: 600_000,
      })
      .execute();
    await refreshStandings(t.app.deps, lms.lmsKey, 100);
    const [period] = await periodsOf(t.db, assignment.assignmentKey);
    expect(period!.windowOpensAt!.getTime()).toBe(period!.validUntil!.getTime() - 30 * DAY);

    // Before the window: nothing starts.
    expect(await startOpenCycles(t.app.deps)).toBe(0);
    t.clock.advance(period!.windowOpensAt!.getTime() - t.clock.now().getTime() + 1000);
    expect(await startOpenCycles(t.app.deps)).toBe(1);
    expect(await startOpenCycles(t.app.deps)).toBe(0);

    // Due at the recurrent due date (§4: start plus duration), everywhere due dates show.
    const cycle = await t.db
      .selectFrom('assignment')
      .select(['startDate', 'durationMs'])
      .where('assignmentKey', '=', assignment.assignmentKey)
      .executeTakeFirstOrThrow();
    expect(cycle.startDate.getTime() + Number(cycle.durationMs)).toBe(
      period!.recurrentDueAt!.getTime(),
    );
    // The lesson starts over; its attempt count and time stay, so the next attempt is number 2.
    const progress = await t.db
      .selectFrom('lessonProgress')
      .selectAll()
      .where('assignmentKey', '=', assignment.assignmentKey)
      .executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ attempts: 1, completion: 0, credit: 0, cmi: '{}' });
    // Its attempt limit counts this cycle's attempts only (§4 maxAttempts).
    expect(progress.cycleStartAttempts).toBe(1);
    const report = await buildAssignmentReport(
      t.app.deps,
      { userKey: student.userKey, lmsKey: lms.lmsKey },
      t.clock.now().getTime(),
      { assignmentKey: assignment.assignmentKey, curriculumKey: curriculum.curriculumKey },
    );
    const lessonOf = (element: ProgressElement): ProgressElement | undefined =>
      element.elementType === 'lesson'
        ? element
        : element.elementChildren.map(lessonOf).find(Boolean);
    const element = lessonOf(report!.progressReport[0]!)!;
    expect(element.elementAttempts).toBe(0);
    expect(progress.completionInstant).toBeNull();
    expect(Number(progress.totalTimeMs)).toBe(600_000);
    // The completed cycle is kept whole: its attempt and its period.
    const attempts = await t.db
      .selectFrom('lessonAttempt')
      .selectAll()
      .where('assignmentKey', '=', assignment.assignmentKey)
      .execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ number: 1, completion: 1, credit: 1 });
    expect(attempts[0]!.completionInstant).toEqual(completedAt);
    const [kept] = await periodsOf(t.db, assignment.assignmentKey);
    expect(kept).toEqual(period);

    // The matrix: current until the old validity ends, the new cycle running.
    await refreshStandings(t.app.deps, lms.lmsKey, 100);
    const standing = await t.db
      .selectFrom('assignmentStanding')
      .selectAll()
      .where('assignmentKey', '=', assignment.assignmentKey)
      .executeTakeFirstOrThrow();
    expect(standing.outcome).not.toBe('complete');
    const cell = qualificationCell(
      {
        outcome: standing.outcome,
        completedAt: null,
        dueAt: standing.dueAt.getTime(),
        lastActivityAt: null,
        validUntil: standing.validUntil?.getTime() ?? null,
      },
      t.clock.now().getTime(),
    );
    expect(cell).toMatchObject({ status: 'current', date: period!.validUntil!.getTime() });
  });

  it('starts no cycle for a completion recorded after its window opened (an upgrade)', async () => {
    const lms = await buildLms(t.db);
    const curriculum = await buildCurriculum(t.db, lms.lmsKey, 'Old');
    await t.db
      .updateTable('curriculum')
      .set({ validityRule: 'months', validityMonths: 12 })
      .where('curriculumKey', '=', curriculum.curriculumKey)
      .execute();
    const student = await buildStudent(t.db, lms.lmsKey, 'LHR');
    const completedAt = new Date(t.clock.now().getTime() - 400 * DAY);
    const assignment = await buildAssignment(t.db, {
      userKey: student.userKey,
      curriculumKey: curriculum.curriculumKey,
      assignedAt: completedAt,
      startDate: completedAt,
      durationMs: 60 * DAY,
    });
    await t.db
      .insertInto('lessonProgress')
      .values({
        assignmentKey: assignment.assignmentKey,
        lessonKey: curriculum.lessonKey,
        userKey: student.userKey,
        attempts: 1,
        completion: 1,
        completionInstant: completedAt,
        updatedAt: completedAt,
      })
      .execute();
    await refreshStandings(t.app.deps, lms.lmsKey, 100);
    expect(await periodsOf(t.db, assignment.assignmentKey)).toHaveLength(1);
    expect(await startOpenCycles(t.app.deps)).toBe(0);
    const progress = await t.db
      .selectFrom('lessonProgress')
      .select('completion')
      .where('assignmentKey', '=', assignment.assignmentKey)
      .executeTakeFirstOrThrow();
    expect(progress.completion).toBe(1);
  });
});
