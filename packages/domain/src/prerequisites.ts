import { isCompletionComplete, isFailedCompletion } from './completion.js';
import { isLessonComplete } from './lesson-status.js';
import { isFailedByCodes } from './outcome.js';
import { PLAY_MODE } from './play-mode.js';
import { lessonsOf, type ProgressElement } from './progress-element.js';
import { courseDisplayName } from './recurrent.js';

/** Course-level prerequisite names (from GET /api/CurriculumPrerequisiteTypes, §4). */
export const COURSE_PREREQUISITE = {
  none: 'None',
  previousCourse: 'PreviousCourse',
  allPreviousCourses: 'AllPreviousCourses',
} as const;

/** Lesson/topic prerequisite values: "0 none, 1 previous chapter complete, 2 all previous chapters complete". */
export const CHAPTER_PREREQUISITE = {
  none: 0,
  previousChapter: 1,
  allPreviousChapters: 2,
} as const;

/** The lessons that can be completed: Browse lessons (play mode 2) record no completion (§4 Play modes). */
export function creditedLessonsOf(element: ProgressElement): ProgressElement[] {
  return lessonsOf(element).filter((lesson) => lesson.elementPlayMode !== PLAY_MODE.browse);
}

/** An element is complete when its completion is 1 or more, or every credited lesson below it is. */
export function isElementComplete(element: ProgressElement): boolean {
  if (isCompletionComplete(element.elementCompletion)) return true;
  const lessons = creditedLessonsOf(element);
  return element.elementType !== 'lesson' && lessons.length > 0 && lessons.every(isLessonComplete);
}

export interface CourseLock {
  locked: boolean;
  /** 'Unlocks after completing: {previous course}' (+ ' and Previous' for all-previous). */
  message: string | null;
  /** Index of the previous course, to scroll to and highlight when a locked lesson is clicked. */
  previousCourseIndex: number | null;
}

const UNLOCKED: CourseLock = { locked: false, message: null, previousCourseIndex: null };

export interface CourseLockOptions {
  /** The name of the course's prerequisite type (None, PreviousCourse, AllPreviousCourses). */
  prerequisiteName: string;
  /** Drafts are never locked. */
  drafts: boolean;
  enforceCurriculumPrerequisitesToggle: number;
}

/**
 * The lock on course `index` of a curriculum (§4): "Course-level prerequisites: None, PreviousCourse,
 * AllPreviousCourses ... Ignored for drafts, when enforceCurriculumPrerequisitesToggle is 0 or less, for
 * play mode 2, and for the first course."
 */
export function courseLock(
  courses: ProgressElement[],
  index: number,
  options: CourseLockOptions,
): CourseLock {
  const course = courses[index];
  if (!course || index === 0 || options.drafts) return UNLOCKED;
  if (options.enforceCurriculumPrerequisitesToggle <= 0) return UNLOCKED;
  if (course.elementPlayMode === PLAY_MODE.browse) return UNLOCKED;
  const previous = courses[index - 1];
  if (!previous) return UNLOCKED;
  const lockedBy = (message: string): CourseLock => ({
    locked: true,
    message,
    previousCourseIndex: index - 1,
  });
  if (options.prerequisiteName === COURSE_PREREQUISITE.previousCourse) {
    return isElementComplete(previous)
      ? UNLOCKED
      : lockedBy(`Unlocks after completing: ${courseDisplayName(previous.elementName)}`);
  }
  if (options.prerequisiteName === COURSE_PREREQUISITE.allPreviousCourses) {
    return courses.slice(0, index).every(isElementComplete)
      ? UNLOCKED
      : lockedBy(
          `Unlocks after completing: ${courseDisplayName(previous.elementName)} and Previous`,
        );
  }
  return UNLOCKED;
}

/**
 * The chapters (topics) a lesson or topic still waits for (§4): prerequisite 1 needs the previous
 * chapter complete, 2 all previous chapters. Empty when met, or in play mode 2.
 * `topicIndex` is the position of the lesson's (or topic's own) chapter in `topics`.
 */
export function missingChapterPrerequisites(
  prerequisite: number,
  topics: ProgressElement[],
  topicIndex: number,
  playMode: number = PLAY_MODE.normal,
): ProgressElement[] {
  if (playMode === PLAY_MODE.browse || topicIndex <= 0) return [];
  if (prerequisite === CHAPTER_PREREQUISITE.previousChapter) {
    const previous = topics[topicIndex - 1];
    return previous && !isElementComplete(previous) ? [previous] : [];
  }
  if (prerequisite === CHAPTER_PREREQUISITE.allPreviousChapters) {
    return topics.slice(0, topicIndex).filter((topic) => !isElementComplete(topic));
  }
  return [];
}

/** "A lesson is launchable if it has a content key and its prerequisites are met, or its play mode is 2." */
export function isLessonLaunchable(
  lesson: Pick<ProgressElement, 'elementSCOKey' | 'elementPlayMode'>,
  prerequisitesMet: boolean,
): boolean {
  if (lesson.elementPlayMode === PLAY_MODE.browse) return true;
  return lesson.elementSCOKey > 0 && prerequisitesMet;
}

export type CourseStatus = 'Complete' | 'Failing' | 'Incomplete';

/** "Course-level status: Complete if curriculum completion is 1 or more or all lessons are complete;
 * Failing if some completed lesson has negative credit or is below pass score; otherwise Incomplete." */
export function courseStatus(course: ProgressElement, curriculumCompletion: number): CourseStatus {
  const lessons = creditedLessonsOf(course);
  if (isCompletionComplete(curriculumCompletion)) return 'Complete';
  // A sequenced SCORM 2004 course: its activity tree's rollup decides (ADR 0007).
  const rollup = course.elementSequencingRollup;
  if (rollup) {
    if (rollup.completed === true) return rollup.satisfied === false ? 'Failing' : 'Complete';
    return rollup.satisfied === false ? 'Failing' : 'Incomplete';
  }
  // A failure code carried up from a lesson ("Below -1 counts as failed", roll-up.ts) fails it too,
  // before 'all lessons complete' could call it Complete (outcome.ts).
  if (isFailedByCodes(course.elementCompletion, course.elementCredit)) return 'Failing';
  if (lessons.some((lesson) => isFailedCompletion(lesson.elementCompletion))) return 'Failing';
  if (lessons.length > 0 && lessons.every(isLessonComplete)) return 'Complete';
  const failing = lessons.some(
    (lesson) =>
      isCompletionComplete(lesson.elementCompletion) &&
      (lesson.elementCredit < 0 ||
        (lesson.elementMinScorePass > 0 && lesson.elementScore < lesson.elementMinScorePass)),
  );
  return failing ? 'Failing' : 'Incomplete';
}

/**
 * The names of the chapters a lesson still waits for: its chapter's prerequisite and its own (§4),
 * each missing chapter once ('Chapter' for an unnamed one); none in play mode 2.
 */
export function missingLessonPrerequisites(
  topics: ProgressElement[],
  topicIndex: number,
  lesson: Pick<ProgressElement, 'elementPrerequisite' | 'elementPlayMode'>,
): string[] {
  const topic = topics[topicIndex];
  if (!topic || lesson.elementPlayMode === PLAY_MODE.browse) return [];
  const missing = [
    ...missingChapterPrerequisites(
      topic.elementPrerequisite,
      topics,
      topicIndex,
      lesson.elementPlayMode,
    ),
    ...missingChapterPrerequisites(
      lesson.elementPrerequisite,
      topics,
      topicIndex,
      lesson.elementPlayMode,
    ),
  ];
  return [...new Set(missing.map((chapter) => chapter.elementName.trim() || 'Chapter'))];
}
