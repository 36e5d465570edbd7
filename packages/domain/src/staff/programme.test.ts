import { describe, expect, it } from 'vitest';
import {
  courseProblems,
  curriculumProblems,
  lessonProblems,
  moveAmongSiblings,
  topicProblems,
  type CourseSettings,
  type CurriculumSettings,
  type LessonSettings,
} from './programme.js';

const lesson: LessonSettings = {
  name: 'Engine fire',
  description: '',
  playMode: 1,
  prerequisite: 0,
  maxAttempts: 3,
  minScoreComplete: 0.5,
  minScorePass: 0.8,
};

describe('lessonProblems', () => {
  it.each<[string, Partial<LessonSettings>, string[]]>([
    ['a good lesson', {}, []],
    ['no pass mark below a minimum', { minScorePass: 0 }, []],
    ['Browse and Review', { playMode: 3 }, []],
    ['an empty name', { name: '  ' }, ['The lesson name is empty.']],
    [
      'a long name',
      { name: 'x'.repeat(201) },
      ['The lesson name is too long (200 characters max).'],
    ],
    ['a control character', { name: 'a\u0007b' }, ['The lesson name contains control characters.']],
    [
      'an unknown play mode',
      { playMode: 4 },
      ['Unknown play mode 4: 1 normal, 2 Browse, 3 Review.'],
    ],
    [
      'an unknown prerequisite',
      { prerequisite: 3 },
      ['Unknown lesson prerequisite 3: 0 none, 1 previous chapter, 2 all previous chapters.'],
    ],
    [
      'negative attempts',
      { maxAttempts: -1 },
      ['The maximum attempts must be a whole number from 0 (no limit) to 999.'],
    ],
    [
      'fractional attempts',
      { maxAttempts: 1.5 },
      ['The maximum attempts must be a whole number from 0 (no limit) to 999.'],
    ],
    [
      'a negative pass mark',
      { minScorePass: -0.1 },
      ['The pass mark must be between 0% and 100%.'],
    ],
    [
      'a pass mark above 100%',
      { minScorePass: 1.01 },
      ['The pass mark must be between 0% and 100%.'],
    ],
    [
      'a negative minimum',
      { minScoreComplete: -1 },
      ['The minimum score must be between 0% and 100%.'],
    ],
    [
      'a pass mark below the minimum',
      { minScoreComplete: 0.7, minScorePass: 0.6 },
      ['The pass mark (60%) is below the minimum score (70%).'],
    ],
  ])('%s', (_label, change, expected) => {
    expect(lessonProblems({ ...lesson, ...change })).toEqual(expected);
  });
});

const course: CourseSettings = {
  name: 'Systems',
  description: 'Aircraft systems',
  draft: false,
  prerequisiteKey: 1,
  minScore: 0.5,
  minScorePass: 0.75,
};

describe('courseProblems', () => {
  it.each<[string, Partial<CourseSettings>, string[]]>([
    ['a good course', {}, []],
    ['a draft', { draft: true }, []],
    [
      'an unknown prerequisite',
      { prerequisiteKey: 5 },
      ['Unknown course prerequisite 5: 0 none, 1 previous course, 2 all previous courses.'],
    ],
    [
      'a pass mark below the minimum',
      { minScore: 0.9 },
      ['The pass mark (75%) is below the minimum score (90%).'],
    ],
    ['a NaN score', { minScore: Number.NaN }, ['The minimum score must be between 0% and 100%.']],
    [
      'a long description',
      { description: 'd'.repeat(4001) },
      ['The description is too long (4000 characters max).'],
    ],
    ['line breaks in a description', { description: 'one\ntwo\r\n\tthree' }, []],
  ])('%s', (_label, change, expected) => {
    expect(courseProblems({ ...course, ...change })).toEqual(expected);
  });
});

describe('topicProblems', () => {
  it.each<[string, { name?: string; prerequisite?: number }, string[]]>([
    ['a nameless topic (shown as Chapter, §2)', { name: '' }, []],
    ['a named topic', { name: 'Hydraulics' }, []],
    [
      'a long name',
      { name: 'n'.repeat(201) },
      ['The topic name is too long (200 characters max).'],
    ],
    [
      'an unknown prerequisite',
      { prerequisite: -1 },
      ['Unknown topic prerequisite -1: 0 none, 1 previous chapter, 2 all previous chapters.'],
    ],
  ])('%s', (_label, change, expected) => {
    expect(topicProblems({ name: 'T', description: '', prerequisite: 0, ...change })).toEqual(
      expected,
    );
  });
});

const curriculum: CurriculumSettings = {
  name: 'Recurrent 2026',
  description: '',
  defaultDurationDays: null,
  defaultDueDate: null,
  validityRule: 'none',
  validityMonths: 0,
};

describe('curriculumProblems', () => {
  it.each<[string, Partial<CurriculumSettings>, string[]]>([
    ['open-ended', {}, []],
    ['a duration', { defaultDurationDays: 90 }, []],
    ['a due date', { defaultDueDate: '2027-02-28' }, []],
    [
      'a zero duration',
      { defaultDurationDays: 0 },
      ['The default duration must be a whole number of days from 1 to 36500.'],
    ],
    [
      'a date that does not exist',
      { defaultDueDate: '2027-02-30' },
      ["The default due date '2027-02-30' is not a date (YYYY-MM-DD)."],
    ],
    [
      'both',
      { defaultDurationDays: 30, defaultDueDate: '2027-01-01' },
      ['Give a default duration or a default due date, not both.'],
    ],
    ['an EASA validity of 12 months', { validityRule: 'easa', validityMonths: 12 }, []],
    [
      'an FAA validity without months',
      { validityRule: 'faa', validityMonths: 0 },
      ['The validity must be a whole number of months from 1 to 1200.'],
    ],
  ])('%s', (_label, change, expected) => {
    expect(curriculumProblems({ ...curriculum, ...change })).toEqual(expected);
  });
});

describe('moveAmongSiblings', () => {
  it.each<[string, number, 'up' | 'down', number[] | null]>([
    ['the middle one up', 2, 'up', [2, 1, 3]],
    ['the middle one down', 2, 'down', [1, 3, 2]],
    ['the first up: nowhere to go', 1, 'up', null],
    ['the last down: nowhere to go', 3, 'down', null],
    ['one that is not there', 9, 'up', null],
  ])('%s', (_label, key, direction, expected) => {
    expect(moveAmongSiblings([1, 2, 3], key, direction)).toEqual(expected);
  });
});
