import { describe, expect, it } from 'vitest';
import {
  courseLock,
  courseStatus,
  isLessonLaunchable,
  missingChapterPrerequisites,
  missingLessonPrerequisites,
} from './prerequisites.js';
import { buildProgressElement as element, type ProgressElement } from './progress-element.js';

const lesson = (completion: number, fields: Partial<ProgressElement> = {}) =>
  element({
    elementType: 'lesson',
    elementCompletion: completion,
    elementAttempts: completion ? 1 : 0,
    ...fields,
  });
const topic = (name: string, lessons: ProgressElement[]) =>
  element({ elementType: 'topic', elementName: name, elementChildren: lessons });
const course = (name: string, complete: boolean, fields: Partial<ProgressElement> = {}) =>
  element({
    elementType: 'course',
    elementName: name,
    elementChildren: [topic('T', [lesson(complete ? 1 : 0)])],
    ...fields,
  });

const options = {
  prerequisiteName: 'PreviousCourse',
  drafts: false,
  enforceCurriculumPrerequisitesToggle: 1,
};

describe('course-level prerequisites (§4 Expiry and launchability)', () => {
  const courses = [
    course('Dangerous Goods', false),
    course('Security', true),
    course('CRM', false),
  ];

  it('"PreviousCourse": locked until the previous course is complete, with "Unlocks after completing: {previous course}"', () => {
    expect(courseLock(courses, 1, options)).toEqual({
      locked: true,
      message: 'Unlocks after completing: Dangerous Goods',
      previousCourseIndex: 0,
    });
    expect(courseLock(courses, 2, options).locked).toBe(false); // Security, before it, is complete
    expect(courseLock([courses[1]!, courses[2]!, courses[0]!], 1, options).locked).toBe(false);
  });

  it('names a recurrent previous course with its period (§4 Drafts and lists)', () => {
    const recurrent = [course('2026-01-01 Recurrent 2026-12-31', false), course('CRM', false)];
    expect(courseLock(recurrent, 1, options).message).toBe(
      'Unlocks after completing: Recurrent (2026/01/01 to 2026/12/31)',
    );
  });

  it('"AllPreviousCourses": every earlier course, message "plus \' and Previous\'"', () => {
    const all = { ...options, prerequisiteName: 'AllPreviousCourses' };
    expect(courseLock(courses, 2, all)).toEqual({
      locked: true,
      message: 'Unlocks after completing: Security and Previous',
      previousCourseIndex: 1,
    });
    const done = [course('A', true), course('B', true), course('C', false)];
    expect(courseLock(done, 2, all).locked).toBe(false);
  });

  it.each([
    ['for drafts', { ...options, drafts: true }, 1],
    [
      'when enforceCurriculumPrerequisitesToggle is 0 or less',
      { ...options, enforceCurriculumPrerequisitesToggle: 0 },
      1,
    ],
    ['for the first course', options, 0],
    ['"None"', { ...options, prerequisiteName: 'None' }, 1],
  ])('"Ignored %s"', (_case, opts, index) => {
    expect(courseLock(courses, index, opts).locked).toBe(false);
  });

  it('"Ignored ... for play mode 2"', () => {
    const browse = [course('A', false), course('B', false, { elementPlayMode: 2 })];
    expect(courseLock(browse, 1, options).locked).toBe(false);
  });
});

describe('lesson and topic prerequisites (§4 "0 none, 1 previous chapter complete, 2 all previous chapters complete")', () => {
  const topics = [
    topic('Intro', [lesson(0)]),
    topic('Systems', [lesson(1)]),
    topic('Exam', [lesson(0)]),
  ];

  it.each([
    [0, 2, []],
    [1, 2, []],
    [1, 1, ['Intro']],
    [2, 2, ['Intro']],
    [2, 0, []],
  ])('prerequisite %d in chapter %d misses %j', (prerequisite, index, missing) => {
    expect(
      missingChapterPrerequisites(prerequisite, topics, index).map((t) => t.elementName),
    ).toEqual(missing);
  });

  it('"(not in play mode 2)"', () => {
    expect(missingChapterPrerequisites(2, topics, 2, 2)).toEqual([]);
  });
});

describe('launchability (§4 "launchable if it has a content key and its prerequisites are met, or its play mode is 2")', () => {
  it.each([
    [{ elementSCOKey: 5, elementPlayMode: 1 }, true, true],
    [{ elementSCOKey: 5, elementPlayMode: 1 }, false, false],
    [{ elementSCOKey: -1, elementPlayMode: 1 }, true, false],
    [{ elementSCOKey: -1, elementPlayMode: 2 }, false, true],
  ])('%o, prerequisites met %s -> %s', (fields, met, launchable) => {
    expect(isLessonLaunchable(fields, met)).toBe(launchable);
  });
});

describe('course-level status (§4)', () => {
  it('"Complete if curriculum completion is 1 or more or all lessons are complete"', () => {
    expect(courseStatus(course('A', false), 1)).toBe('Complete');
    expect(courseStatus(course('A', true), 0)).toBe('Complete');
  });
  it('"Failing if some completed lesson has negative credit or is below pass score"', () => {
    const failing = element({
      elementType: 'course',
      elementChildren: [topic('T', [lesson(1, { elementCredit: -1 }), lesson(0)])],
    });
    expect(courseStatus(failing, 0)).toBe('Failing');
    const belowPass = element({
      elementType: 'course',
      elementChildren: [
        topic('T', [lesson(1, { elementMinScorePass: 80, elementScore: 60 }), lesson(0)]),
      ],
    });
    expect(courseStatus(belowPass, 0)).toBe('Failing');
  });
  it('a failure code below -1, on the course or a lesson, is Failing (§4 "Below -1 counts as failed")', () => {
    const failedQuiz = element({
      elementType: 'lesson',
      elementAttempts: 1,
      elementCompletion: -3,
      elementCredit: -1,
    });
    const c = element({
      elementType: 'course',
      elementChildren: [element({ elementType: 'topic', elementChildren: [failedQuiz] })],
    });
    expect(courseStatus(c, 0)).toBe('Failing');
    expect(courseStatus({ ...c, elementChildren: [], elementCompletion: -3 }, 0)).toBe('Failing');
  });

  it('"otherwise Incomplete"', () => {
    expect(courseStatus(course('A', false), 0)).toBe('Incomplete');
  });
  it.each([
    [{ completed: true, satisfied: true }, false, 'Complete'],
    [{ completed: true, satisfied: null }, false, 'Complete'],
    [{ completed: true, satisfied: false }, true, 'Failing'],
    [{ completed: false, satisfied: null }, true, 'Incomplete'],
    [{ completed: null, satisfied: false }, true, 'Failing'],
  ] as const)(
    'a sequenced course: its rollup %o decides, not "all lessons complete" (ADR 0007; all lessons complete: %s)',
    (rollup, allDone, expected) => {
      const sequenced = element({
        ...course('A', allDone),
        elementSequencingRollup: { ...rollup, measure: null },
      });
      expect(courseStatus(sequenced, 0)).toBe(expected);
    },
  );
});

describe("a lesson's missing prerequisites (§4: its chapter's and its own)", () => {
  const topics = [
    topic('', [lesson(0)]),
    topic('Systems', [lesson(0)]),
    { ...topic('Exam', [lesson(0)]), elementPrerequisite: 1 },
  ];
  it.each([
    [{ elementPrerequisite: 0, elementPlayMode: 1 }, ['Systems']],
    [{ elementPrerequisite: 2, elementPlayMode: 1 }, ['Systems', 'Chapter']],
    [{ elementPrerequisite: 2, elementPlayMode: 2 }, []],
  ])('%o -> %j', (fields, names) => {
    expect(missingLessonPrerequisites(topics, 2, fields)).toEqual(names);
  });
});
