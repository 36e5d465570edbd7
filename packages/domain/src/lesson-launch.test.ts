import { describe, expect, it } from 'vitest';
import {
  isLessonListed,
  LAUNCH_BLOCK_TEXTS,
  launchBlockText,
  lessonLaunchBlock,
  lessonPlaces,
  PACKAGE_LOCK_FALLBACK,
  packageLockNames,
  resumableFromReport,
  type LaunchRules,
} from './lesson-launch.js';
import { buildProgressElement as element, type ProgressElement } from './progress-element.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);
const PREVIOUS_COURSE = 1;

const lesson = (fields: Partial<ProgressElement> = {}) =>
  element({ elementType: 'lesson', elementName: 'L', elementSCOKey: 7, ...fields });
const done = () => lesson({ elementCompletion: 1, elementAttempts: 1 });
const topic = (name: string, lessons: ProgressElement[], fields: Partial<ProgressElement> = {}) =>
  element({ elementType: 'topic', elementName: name, elementChildren: lessons, ...fields });
const course = (topics: ProgressElement[], fields: Partial<ProgressElement> = {}) =>
  element({ elementType: 'course', elementName: 'First', elementChildren: topics, ...fields });
const curriculum = (courses: ProgressElement[], fields: Partial<ProgressElement> = {}) =>
  element({
    elementType: 'curriculum',
    elementStartDate: NOW - 10 * DAY,
    elementChildren: courses,
    ...fields,
  });

const rules: LaunchRules = {
  nowMs: NOW,
  prerequisiteNames: new Map([[PREVIOUS_COURSE, 'PreviousCourse']]),
  enforceCurriculumPrerequisitesToggle: 1,
  allowExpiredAssignmentsToBeCompleted: 0,
  resumable: false,
};

/** The verdict on the last lesson of the tree. */
function verdict(tree: ProgressElement, overrides: Partial<LaunchRules> = {}) {
  const places = [...lessonPlaces(tree)];
  const block = lessonLaunchBlock(places[places.length - 1]!, { ...rules, ...overrides });
  return block?.reason ?? 'launches';
}

// Course 2 needs course 1 (incomplete) complete: "Course-level prerequisites: None,
// PreviousCourse, AllPreviousCourses".
const locked = (second: ProgressElement, fields: Partial<ProgressElement> = {}) =>
  curriculum([
    course([topic('T', [lesson()])]),
    course([topic('T', [second])], { elementPrerequisite: PREVIOUS_COURSE, ...fields }),
  ]);
const waitsForChapter = (last: ProgressElement) =>
  curriculum([course([topic('A', [lesson()]), topic('B', [last])])]);
const expired = curriculum([course([topic('T', [lesson()])])], {
  elementStartDate: NOW - 40 * DAY,
  elementDuration: 30 * DAY,
});
const packageLock = { locked: true, hidden: false, waitsFor: ['Briefing'] };
const usedUp = () => lesson({ elementMaxAttempts: 2, elementAttempts: 2 });

describe('may this lesson launch (§4 Expiry and launchability)', () => {
  const cases: [string, ProgressElement, Partial<LaunchRules>, string][] = [
    ['a plain lesson launches', curriculum([course([topic('T', [lesson()])])]), {}, 'launches'],
    ['the previous course incomplete locks the course', locked(lesson()), {}, 'courseLocked'],
    [
      '"Ignored ... when enforceCurriculumPrerequisitesToggle is 0 or less"',
      locked(lesson()),
      { enforceCurriculumPrerequisitesToggle: 0 },
      'launches',
    ],
    ['"Ignored for drafts"', locked(lesson(), { elementDraft: 1 }), {}, 'launches'],
    ['"Ignored ... for play mode 2"', locked(lesson({ elementPlayMode: 2 })), {}, 'launches'],
    [
      '"1 previous chapter complete": waits for chapter A',
      waitsForChapter(lesson({ elementPrerequisite: 1 })),
      {},
      'prerequisites',
    ],
    [
      'a chapter prerequisite means nothing in play mode 2 ("no prerequisite logic")',
      waitsForChapter(lesson({ elementPrerequisite: 1, elementPlayMode: 2 })),
      {},
      'launches',
    ],
    ['an expired curriculum does not launch', expired, {}, 'expired'],
    [
      '"expired lessons launch only if allowExpiredAssignmentsToBeCompleted is above 0"',
      expired,
      { allowExpiredAssignmentsToBeCompleted: 1 },
      'launches',
    ],
    ['no attempts left', curriculum([course([topic('T', [done(), usedUp()])])]), {}, 'noAttempts'],
    [
      'going back into a suspended attempt uses none',
      curriculum([course([topic('T', [usedUp()])])]),
      { resumable: true },
      'launches',
    ],
    [
      'attempts left unknown (the panel): the server decides',
      curriculum([course([topic('T', [usedUp()])])]),
      { resumable: null },
      'launches',
    ],
    [
      '"launchable if it has a content key"',
      curriculum([course([topic('T', [lesson({ elementSCOKey: -1 })])])]),
      {},
      'noContent',
    ],
    [
      '"... or its play mode is 2" waives the prerequisites, not the content key (ADR 0010)',
      curriculum([course([topic('T', [lesson({ elementSCOKey: -1, elementPlayMode: 2 })])])]),
      {},
      'noContent',
    ],
    [
      '"... or its play mode is 2" with content launches whatever its chapter waits for',
      waitsForChapter(lesson({ elementPrerequisite: 1, elementPlayMode: 2 })),
      {},
      'launches',
    ],
    [
      "its package's lock (SCORM 2004 sequencing, 1.2 prerequisites; ADR 0007)",
      curriculum([course([topic('T', [lesson({ elementPackageLock: packageLock })])])]),
      {},
      'packageLocked',
    ],
    [
      "the package's lock means nothing in play mode 2 (it plays outside the sequencer)",
      curriculum([
        course([topic('T', [lesson({ elementPackageLock: packageLock, elementPlayMode: 2 })])]),
      ]),
      {},
      'launches',
    ],
    [
      'a package lock that does not lock (a listed lesson) launches',
      curriculum([
        course([topic('T', [lesson({ elementPackageLock: { ...packageLock, locked: false } })])]),
      ]),
      {},
      'launches',
    ],
    [
      'the course lock is told before expiry',
      curriculum(
        [
          course([topic('T', [lesson()])]),
          course([topic('T', [lesson()])], { elementPrerequisite: PREVIOUS_COURSE }),
        ],
        { elementStartDate: NOW - 40 * DAY, elementDuration: 30 * DAY },
      ),
      {},
      'courseLocked',
    ],
  ];
  it.each(cases)('%s', (_name, tree, overrides, expected) => {
    expect(verdict(tree, overrides)).toBe(expected);
  });

  it('names the missing chapters and the lock message', () => {
    const places = [...lessonPlaces(waitsForChapter(lesson({ elementPrerequisite: 1 })))];
    expect(lessonLaunchBlock(places[1]!, rules)).toEqual({
      reason: 'prerequisites',
      missing: ['A'],
    });
    const [, second] = [...lessonPlaces(locked(lesson()))];
    expect(lessonLaunchBlock(second!, rules)).toMatchObject({
      reason: 'courseLocked',
      lock: { message: 'Unlocks after completing: First', previousCourseIndex: 0 },
    });
  });

  it("names what a package's lock waits for, or the course's sequencing rules when it cannot tell", () => {
    expect(packageLockNames(lesson({ elementPackageLock: packageLock }))).toEqual(['Briefing']);
    expect(
      packageLockNames(lesson({ elementPackageLock: { ...packageLock, waitsFor: [] } })),
    ).toEqual([PACKAGE_LOCK_FALLBACK]);
    expect(packageLockNames(lesson())).toEqual([]);
    const [place] = [
      ...lessonPlaces(
        curriculum([course([topic('T', [lesson({ elementPackageLock: packageLock })])])]),
      ),
    ];
    expect(lessonLaunchBlock(place!, rules)).toEqual({
      reason: 'packageLocked',
      waitsFor: ['Briefing'],
    });
    expect(isLessonListed(lesson({ elementPackageLock: { ...packageLock, hidden: true } }))).toBe(
      false,
    );
    expect(isLessonListed(lesson({ elementPackageLock: packageLock }))).toBe(true);
  });
});

describe('why a lesson row cannot launch, in words (§2 Course details; §4; ADR 0010)', () => {
  // Each block with the text its row shows: the spec's words where it has them.
  const texts: [string, ProgressElement, Partial<LaunchRules>, string][] = [
    [
      '§4 "Lock message \'Unlocks after completing: {previous course}\'"',
      locked(lesson()),
      {},
      'Unlocks after completing: First',
    ],
    [
      "unmet chapter prerequisites (the lock icon's hover names them)",
      waitsForChapter(lesson({ elementPrerequisite: 1 })),
      {},
      LAUNCH_BLOCK_TEXTS.prerequisites,
    ],
    [
      "the package's sequencing or 1.2 prerequisites (ADR 0007)",
      curriculum([course([topic('T', [lesson({ elementPackageLock: packageLock })])])]),
      {},
      LAUNCH_BLOCK_TEXTS.prerequisites,
    ],
    [
      '"expired lessons launch only if allowExpiredAssignmentsToBeCompleted is above 0"',
      expired,
      {},
      'Assignment expired',
    ],
    [
      "§8 attempt text 'No attempts left'",
      curriculum([course([topic('T', [usedUp()])])]),
      {},
      'No attempts left',
    ],
    [
      '"launchable if it has a content key"',
      curriculum([course([topic('T', [lesson({ elementSCOKey: -1 })])])]),
      {},
      'No content yet',
    ],
  ];
  it.each(texts)('%s', (_name, tree, overrides, expected) => {
    const places = [...lessonPlaces(tree)];
    const block = lessonLaunchBlock(places[places.length - 1]!, { ...rules, ...overrides });
    expect(block && launchBlockText(block)).toBe(expected);
  });

  it('the texts it adds are short and plain', () => {
    for (const text of Object.values(LAUNCH_BLOCK_TEXTS)) {
      expect(text.length).toBeLessThanOrEqual(32);
      expect(text).toMatch(/^[A-Z][a-z ]+$/);
    }
  });
});

describe('what the panel knows of resuming the stored attempt (LaunchRules.resumable)', () => {
  const cases: [string, Partial<ProgressElement>, false | null][] = [
    ['nothing kept: nothing to go back into', {}, false],
    ['a bookmark: the server judges its exit', { elementLocationBlob: '3' }, null],
    ['suspend data: the server judges its exit', { elementSuspendData: '{"a":1}' }, null],
  ];
  it.each(cases)('%s', (_name, fields, expected) => {
    expect(resumableFromReport(lesson(fields))).toBe(expected);
  });

  it('used attempts with nothing kept show no play button: "No attempts left"', () => {
    const tree = curriculum([course([topic('T', [usedUp()])])]);
    const [place] = [...lessonPlaces(tree)];
    expect(
      lessonLaunchBlock(place!, { ...rules, resumable: resumableFromReport(place!.lesson) }),
    ).toEqual({ reason: 'noAttempts' });
  });
});
