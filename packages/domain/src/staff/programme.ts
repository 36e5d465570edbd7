/**
 * Rules of editing the training programme in the staff console (§3 Progress element fields, §4 play
 * modes, prerequisites and drafts; docs/decisions/0021). Pure: the server refuses with these
 * messages and the console's forms show the same ones before sending.
 *
 * Scores are kept as the report carries them, fractions 0 to 1 (§9 "values between 0 and 1"); the
 * messages speak in percent, as a person reads a pass mark.
 */
import { PLAY_MODE } from '../play-mode.js';
import { validityRuleProblem, type ValidityRuleKind } from './validity.js';

/** A curriculum, course, topic or lesson name: 1 to 200 characters, no control characters. */
export const PROGRAMME_NAME_MAX = 200;
/** A description: at most 4000 characters (line breaks allowed). */
export const PROGRAMME_DESCRIPTION_MAX = 4000;
/** elementMaxAttempts: 0 means no limit (§4 attempts); more than this is a typing slip. */
export const MAX_ATTEMPTS_LIMIT = 999;
/** A default assignment duration: 1 day to 100 years (beyond is 'Open', §9). */
export const DEFAULT_DURATION_DAYS_MAX = 36500;

/** The player value of a classroom lesson (§2 Course details: 'CLAS' shows a special icon). */
export const CLASSROOM_PLAYER = 'CLAS';

/** §4 Play modes: 1 normal, 2 Browse, 3 Review. */
export const PLAY_MODES = [PLAY_MODE.normal, PLAY_MODE.browse, PLAY_MODE.review] as const;
export const PLAY_MODE_NAMES: Readonly<Record<number, string>> = {
  1: 'Normal',
  2: 'Browse (no completion)',
  3: 'Review (with completion)',
};

/** §4 Lesson (and topic) prerequisite values: 0 none, 1 previous chapter, 2 all previous chapters. */
export const LESSON_PREREQUISITES = [0, 1, 2] as const;
export const LESSON_PREREQUISITE_NAMES: Readonly<Record<number, string>> = {
  0: 'None',
  1: 'Previous chapter complete',
  2: 'All previous chapters complete',
};

/** §4 Course-level prerequisites, by their prerequisiteTypes keys. */
export const COURSE_PREREQUISITES = [0, 1, 2] as const;
export const COURSE_PREREQUISITE_NAMES: Readonly<Record<number, string>> = {
  0: 'None',
  1: 'Previous course',
  2: 'All previous courses',
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- a description may hold line breaks and tabs, nothing else
const DESCRIPTION_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const percent = (fraction: number) => `${Math.round(fraction * 10000) / 100}%`;

/** Why a name is refused, or null. `label`: 'name', 'course name', ... */
export function nameProblem(value: string, label = 'name'): string | null {
  const name = value.trim();
  if (name === '') return `The ${label} is empty.`;
  if (name.length > PROGRAMME_NAME_MAX)
    return `The ${label} is too long (${PROGRAMME_NAME_MAX} characters max).`;
  if (CONTROL.test(name)) return `The ${label} contains control characters.`;
  return null;
}

/** Why a description is refused, or null. */
export function descriptionProblem(value: string): string | null {
  if (value.length > PROGRAMME_DESCRIPTION_MAX)
    return `The description is too long (${PROGRAMME_DESCRIPTION_MAX} characters max).`;
  if (DESCRIPTION_CONTROL.test(value)) return 'The description contains control characters.';
  return null;
}

/** Why a score (a fraction) is refused, or null. */
export function scoreProblem(value: number, label: string): string | null {
  if (!Number.isFinite(value) || value < 0 || value > 1)
    return `The ${label} must be between 0% and 100%.`;
  return null;
}

/**
 * A pass mark below the minimum score could never be the mark that decides (§4 Lesson status:
 * "minimum pass score met"); refused unless the pass mark is 0 (no pass mark).
 */
export function passBelowMinimumProblem(minimum: number, pass: number): string | null {
  if (pass > 0 && minimum > pass)
    return `The pass mark (${percent(pass)}) is below the minimum score (${percent(minimum)}).`;
  return null;
}

/** The fields of a lesson the console edits, as they are after the edit. */
export interface LessonSettings {
  name: string;
  description: string;
  playMode: number;
  prerequisite: number;
  maxAttempts: number;
  minScoreComplete: number;
  minScorePass: number;
}

/** The fields of a course the console edits, as they are after the edit. */
export interface CourseSettings {
  name: string;
  description: string;
  draft: boolean;
  prerequisiteKey: number;
  minScore: number;
  minScorePass: number;
}

/** The fields of a topic the console edits, as they are after the edit. */
export interface TopicSettings {
  name: string;
  description: string;
  prerequisite: number;
}

/** The fields of a curriculum the console edits, as they are after the edit. */
export interface CurriculumSettings {
  name: string;
  description: string;
  /** Days a new assignment runs (null: the spec's default, open-ended). */
  defaultDurationDays: number | null;
  /** A fixed due date (YYYY-MM-DD) for new assignments (null: none). */
  defaultDueDate: string | null;
  /** How long a completion stays valid (validity.ts; months 0 with 'none'). */
  validityRule: ValidityRuleKind;
  validityMonths: number;
}

const isOneOf = (values: readonly number[], value: number) => values.includes(value);

/** Every problem of a lesson's settings (empty: fine). */
export function lessonProblems(lesson: LessonSettings): string[] {
  const minimum = scoreProblem(lesson.minScoreComplete, 'minimum score');
  const pass = scoreProblem(lesson.minScorePass, 'pass mark');
  return [
    nameProblem(lesson.name, 'lesson name'),
    descriptionProblem(lesson.description),
    isOneOf(PLAY_MODES, lesson.playMode)
      ? null
      : `Unknown play mode ${lesson.playMode}: 1 normal, 2 Browse, 3 Review.`,
    isOneOf(LESSON_PREREQUISITES, lesson.prerequisite)
      ? null
      : `Unknown lesson prerequisite ${lesson.prerequisite}: 0 none, 1 previous chapter, 2 all previous chapters.`,
    Number.isInteger(lesson.maxAttempts) &&
    lesson.maxAttempts >= 0 &&
    lesson.maxAttempts <= MAX_ATTEMPTS_LIMIT
      ? null
      : `The maximum attempts must be a whole number from 0 (no limit) to ${MAX_ATTEMPTS_LIMIT}.`,
    minimum,
    pass,
    minimum || pass ? null : passBelowMinimumProblem(lesson.minScoreComplete, lesson.minScorePass),
  ].filter((problem): problem is string => problem !== null);
}

/** Every problem of a course's settings (empty: fine). */
export function courseProblems(course: CourseSettings): string[] {
  const minimum = scoreProblem(course.minScore, 'minimum score');
  const pass = scoreProblem(course.minScorePass, 'pass mark');
  return [
    nameProblem(course.name, 'course name'),
    descriptionProblem(course.description),
    isOneOf(COURSE_PREREQUISITES, course.prerequisiteKey)
      ? null
      : `Unknown course prerequisite ${course.prerequisiteKey}: 0 none, 1 previous course, 2 all previous courses.`,
    minimum,
    pass,
    minimum || pass ? null : passBelowMinimumProblem(course.minScore, course.minScorePass),
  ].filter((problem): problem is string => problem !== null);
}

/** Every problem of a topic's settings (empty: fine). */
export function topicProblems(topic: TopicSettings): string[] {
  return [
    // §2: an empty chapter name shows 'Chapter'; a topic may be nameless, but not too long.
    topic.name.trim() === '' ? null : nameProblem(topic.name, 'topic name'),
    descriptionProblem(topic.description),
    isOneOf(LESSON_PREREQUISITES, topic.prerequisite)
      ? null
      : `Unknown topic prerequisite ${topic.prerequisite}: 0 none, 1 previous chapter, 2 all previous chapters.`,
  ].filter((problem): problem is string => problem !== null);
}

/** The end of a YYYY-MM-DD day (UTC, ms), or null when it is not a real date. */
export function dueDateEnd(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const date = new Date(start);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return start + 24 * 60 * 60 * 1000 - 1;
}

/** Every problem of a curriculum's settings (empty: fine). */
export function curriculumProblems(curriculum: CurriculumSettings): string[] {
  const problems = [
    nameProblem(curriculum.name, 'curriculum name'),
    descriptionProblem(curriculum.description),
  ];
  const days = curriculum.defaultDurationDays;
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > DEFAULT_DURATION_DAYS_MAX)) {
    problems.push(
      `The default duration must be a whole number of days from 1 to ${DEFAULT_DURATION_DAYS_MAX}.`,
    );
  }
  const due = curriculum.defaultDueDate;
  if (due !== null && dueDateEnd(due) === null) {
    problems.push(`The default due date '${due}' is not a date (YYYY-MM-DD).`);
  }
  if (days !== null && due !== null) {
    problems.push('Give a default duration or a default due date, not both.');
  }
  problems.push(validityRuleProblem(curriculum.validityRule, curriculum.validityMonths));
  return problems.filter((problem): problem is string => problem !== null);
}

/**
 * The sort orders after moving one item up or down among its siblings: the siblings in their
 * order, renumbered 0..n-1. Null when it cannot move that way (first up, last down) or is absent.
 */
export function moveAmongSiblings<K>(
  siblings: readonly K[],
  key: K,
  direction: 'up' | 'down',
): K[] | null {
  const index = siblings.indexOf(key);
  if (index < 0) return null;
  const target = direction === 'up' ? index - 1 : index + 1;
  if (target < 0 || target >= siblings.length) return null;
  const order = [...siblings];
  order[index] = siblings[target]!;
  order[target] = key;
  return order;
}
