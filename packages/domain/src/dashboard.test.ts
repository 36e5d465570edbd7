import { describe, expect, it } from 'vitest';
import {
  completionReportProgress,
  dashboardCurriculumProgress,
  newAssignments,
  recentLessons,
  splitAssignments,
  upcomingDueCurricula,
} from './dashboard.js';
import { DAY_MS } from './dates.js';
import { hasDrafts, isDraftAssociated, isDraftCurriculum, isShownAssignment } from './drafts.js';
import { buildProgressElement as element, type ProgressElement } from './progress-element.js';

const now = Date.UTC(2026, 10, 22);
const lesson = (fields: Partial<ProgressElement> = {}) =>
  element({ elementType: 'lesson', ...fields });
const course = (fields: Partial<ProgressElement> = {}, lessons = [lesson()]) =>
  element({
    elementType: 'course',
    elementChildren: [element({ elementType: 'topic', elementChildren: lessons })],
    ...fields,
  });
const curriculum = (name: string, fields: Partial<ProgressElement> = {}, courses = [course()]) =>
  element({
    elementType: 'curriculum',
    elementName: name,
    elementStartDate: now - DAY_MS,
    elementDuration: 365 * DAY_MS,
    elementChildren: courses,
    ...fields,
  });

describe('drafts and lists (§4)', () => {
  const someDraft = curriculum('Mixed', {}, [course({ elementDraft: 1 }), course()]);
  const allDraft = curriculum('All draft', {}, [course({ elementDraft: 1 })]);
  it('"A curriculum is draft if any child course is draft"', () => {
    expect(isDraftCurriculum(someDraft)).toBe(true);
    expect(isDraftCurriculum(curriculum('Plain'))).toBe(false);
  });
  it('"draft-associated ... when all children are drafts"', () => {
    expect(isDraftAssociated(allDraft)).toBe(true);
    expect(isDraftAssociated(someDraft)).toBe(false);
  });
  it('"Assignments shown need a non-empty name and must not be drafts"', () => {
    expect(isShownAssignment(curriculum(' '))).toBe(false);
    expect(isShownAssignment(someDraft)).toBe(false);
    expect(isShownAssignment(curriculum('Plain'))).toBe(true);
  });
  it('"The Drafts link shows only when any progress-report child has elementDraft above 0"', () => {
    expect(hasDrafts([curriculum('Plain'), someDraft])).toBe(true);
    expect(hasDrafts([curriculum('Plain')])).toBe(false);
  });
});

describe('dashboard lists (§2, §9)', () => {
  it('"the 3 most recently launched lessons ... excluding draft-associated curricula"', () => {
    const launched = (at: number, name: string) =>
      lesson({ elementName: name, elementLastLaunchedInstant: at });
    const report = [
      curriculum('A', {}, [
        course({}, [launched(1, 'a1'), launched(5, 'a5'), launched(0, 'never')]),
      ]),
      curriculum('B', {}, [course({}, [launched(3, 'b3'), launched(4, 'b4')])]),
      curriculum('Draft', {}, [course({ elementDraft: 1 }, [launched(9, 'd9')])]),
    ];
    expect(recentLessons(report).map((r) => r.lesson.elementName)).toEqual(['a5', 'b4', 'b3']);
  });

  it('"upcoming due window 30 days"; "Due list excludes completed lessons and lessons not in play mode 1 or 3"', () => {
    const dueIn = (days: number) => ({
      elementStartDate: now - DAY_MS,
      elementDuration: (days + 1) * DAY_MS,
    });
    const report = [
      curriculum('Soon', dueIn(5)),
      curriculum('Later', dueIn(40)),
      curriculum('Edge', dueIn(30)),
      curriculum('Done lessons', dueIn(3), [course({}, [lesson({ elementCompletion: 1 })])]),
      curriculum('Browse only', dueIn(3), [course({}, [lesson({ elementPlayMode: 2 })])]),
      curriculum('Overdue', dueIn(-2)),
    ];
    expect(upcomingDueCurricula(report, now).map((c) => c.elementName)).toEqual(['Soon', 'Edge']);
  });

  it('"new assignments assigned within 14 days", at most 5', () => {
    const report = [
      curriculum('Old', { elementAssignedDate: now - 20 * DAY_MS }),
      ...[1, 2, 3, 4, 5, 6].map((d) =>
        curriculum(`New ${d}`, { elementAssignedDate: now - d * DAY_MS }),
      ),
    ];
    expect(newAssignments(report, now).map((c) => c.elementName)).toEqual([
      'New 1',
      'New 2',
      'New 3',
      'New 4',
      'New 5',
    ]);
  });

  it('"percentage of courses with completion 1 or more (100 if the curriculum is complete)"', () => {
    const c = curriculum('P', {}, [
      course({ elementCompletion: 1 }),
      course(),
      course(),
      course({ elementCompletion: 2 }),
    ]);
    expect(dashboardCurriculumProgress(c)).toBe(50);
    expect(dashboardCurriculumProgress({ ...c, elementCompletion: 1 })).toBe(100);
  });

  it('"Completion-report progress counts a child above 0 as done"', () => {
    const c = curriculum('P', {}, [
      course({ elementCompletion: 0.5 }),
      course({ elementCompletion: -2 }),
    ]);
    expect(completionReportProgress(c)).toBe(50);
  });

  it('Active and Expired tabs; expired only within 90 days', () => {
    const report = [
      curriculum('Active'),
      curriculum('Recently expired', {
        elementStartDate: now - 40 * DAY_MS,
        elementDuration: 10 * DAY_MS,
      }),
      curriculum('Long expired', {
        elementStartDate: now - 400 * DAY_MS,
        elementDuration: 10 * DAY_MS,
      }),
    ];
    const { active, expired } = splitAssignments(report, now);
    expect(active.map((c) => c.elementName)).toEqual(['Active']);
    expect(expired.map((c) => c.elementName)).toEqual(['Recently expired']);
  });
});
