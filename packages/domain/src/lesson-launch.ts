/**
 * "May this lesson launch now?" (§4 Expiry and launchability), decided once for the panel's
 * course details (which lessons are clickable) and the server's launch rules (which launches it
 * refuses, whatever the page showed).
 */
import { attemptsLeft } from './attempts.js';
import { isDraftCurriculum } from './drafts.js';
import { isExpired, mayLaunchWhenExpired } from './expiry.js';
import { PLAY_MODE } from './play-mode.js';
import { courseLock, missingLessonPrerequisites, type CourseLock } from './prerequisites.js';
import type { ProgressElement } from './progress-element.js';

/** Where a lesson sits in its curriculum's tree. */
export interface LessonPlace {
  curriculum: ProgressElement;
  courses: ProgressElement[];
  courseIndex: number;
  topics: ProgressElement[];
  topicIndex: number;
  lesson: ProgressElement;
}

/** Every lesson of a curriculum with where it sits, in tree order. */
export function* lessonPlaces(curriculum: ProgressElement): Generator<LessonPlace> {
  const courses = curriculum.elementChildren;
  for (const [courseIndex, course] of courses.entries()) {
    const topics = course.elementChildren;
    for (const [topicIndex, topic] of topics.entries()) {
      for (const lesson of topic.elementChildren) {
        yield { curriculum, courses, courseIndex, topics, topicIndex, lesson };
      }
    }
  }
}

/** What a launch is judged on besides the tree. */
export interface LaunchRules {
  nowMs: number;
  /** Course-level prerequisite names by key (the report's prerequisiteTypes). */
  prerequisiteNames: ReadonlyMap<number, string>;
  enforceCurriculumPrerequisitesToggle: number;
  allowExpiredAssignmentsToBeCompleted: number;
  /**
   * Whether the stored attempt was suspended, so going back into it uses no new attempt; null
   * when not known (the panel), which leaves the attempts check to the server.
   */
  resumable: boolean | null;
}

/** Why a lesson may not launch, first rule first. */
export type LaunchBlock =
  | { reason: 'courseLocked'; lock: CourseLock }
  | { reason: 'prerequisites'; missing: string[] }
  | { reason: 'packageLocked'; waitsFor: string[] }
  | { reason: 'expired' }
  | { reason: 'noAttempts' }
  | { reason: 'noContent' };

/**
 * The lock on a course of a curriculum (§4 Course-level prerequisites). "Ignored for drafts":
 * a curriculum holding drafts is only ever shown in the Drafts preview, where no course is locked.
 */
export function courseLockOf(
  curriculum: ProgressElement,
  courseIndex: number,
  rules: Pick<LaunchRules, 'prerequisiteNames' | 'enforceCurriculumPrerequisitesToggle'>,
): CourseLock {
  const courses = curriculum.elementChildren;
  return courseLock(courses, courseIndex, {
    prerequisiteName:
      rules.prerequisiteNames.get(courses[courseIndex]?.elementPrerequisite ?? 0) ?? 'None',
    drafts: isDraftCurriculum(curriculum),
    enforceCurriculumPrerequisitesToggle: rules.enforceCurriculumPrerequisitesToggle,
  });
}

/** What a package's lock lists when it cannot name the lessons it waits for (a sequencing rule). */
export const PACKAGE_LOCK_FALLBACK = "This course's sequencing rules";

/**
 * The names a lesson's package lock lists (ADR 0007, Sequencing in the panel): the lessons its
 * SCORM 2004 sequencing or SCORM 1.2 prerequisites wait for, shown like the chapter
 * prerequisites of §2 Course details ('Prerequisites' naming the missing ones); none in play
 * mode 2 ("no prerequisite logic", §4 Play modes) or when the package does not hold it back.
 */
export function packageLockNames(
  lesson: Pick<ProgressElement, 'elementPackageLock' | 'elementPlayMode'>,
): string[] {
  const lock = lesson.elementPackageLock;
  if (!lock?.locked || lesson.elementPlayMode === PLAY_MODE.browse) return [];
  return lock.waitsFor.length > 0 ? lock.waitsFor : [PACKAGE_LOCK_FALLBACK];
}

/** Whether the panel lists a lesson: its package may leave it out (hidden from choice, ADR 0007). */
export function isLessonListed(lesson: Pick<ProgressElement, 'elementPackageLock'>): boolean {
  return lesson.elementPackageLock?.hidden !== true;
}

/** What the course details already worked out for a lesson (to judge big trees once). */
export interface KnownLaunchFacts {
  /** The lesson's course lock (courseLockOf). */
  lock: CourseLock;
  /** The chapters the lesson waits for (missingLessonPrerequisites). */
  missing: string[];
}

/**
 * Why the lesson may not launch now, or null when it may (§4): the course lock (not in play
 * mode 2), the chapter prerequisites, the package's own lock (ADR 0007), expiry ("expired lessons launch only if
 * allowExpiredAssignmentsToBeCompleted is above 0"), attempts left (when the stored attempt is
 * known), content ("launchable if it has a content key and its prerequisites are met, or its play
 * mode is 2": play mode 2 waives the prerequisites, never the content key, which the player
 * needs to play anything; ADR 0010).
 */
export function lessonLaunchBlock(
  place: LessonPlace,
  rules: LaunchRules,
  known: KnownLaunchFacts = {
    lock: courseLockOf(place.curriculum, place.courseIndex, rules),
    missing: missingLessonPrerequisites(place.topics, place.topicIndex, place.lesson),
  },
): LaunchBlock | null {
  const { curriculum, lesson } = place;
  const browse = lesson.elementPlayMode === PLAY_MODE.browse;
  if (!browse && known.lock.locked) return { reason: 'courseLocked', lock: known.lock };
  if (known.missing.length > 0) return { reason: 'prerequisites', missing: known.missing };
  const waitsFor = packageLockNames(lesson);
  if (waitsFor.length > 0) return { reason: 'packageLocked', waitsFor };
  const expired = isExpired(curriculum.elementStartDate, curriculum.elementDuration, rules.nowMs);
  if (!mayLaunchWhenExpired(expired, rules.allowExpiredAssignmentsToBeCompleted)) {
    return { reason: 'expired' };
  }
  if (
    !browse &&
    rules.resumable === false &&
    attemptsLeft(lesson.elementMaxAttempts, lesson.elementAttempts) <= 0
  ) {
    return { reason: 'noAttempts' };
  }
  if (!(lesson.elementSCOKey > 0)) return { reason: 'noContent' };
  return null;
}

/**
 * What the panel can tell of going back into the stored attempt (LaunchRules.resumable) from the
 * report alone: an attempt that kept neither a bookmark nor suspend data has nothing to go back
 * into, so false; otherwise null, and the server judges it on the attempt's exit (ADR 0010).
 */
export function resumableFromReport(
  lesson: Pick<ProgressElement, 'elementLocationBlob' | 'elementSuspendData'>,
): false | null {
  return lesson.elementLocationBlob === '' && lesson.elementSuspendData === '' ? false : null;
}

/**
 * The short text a lesson row shows when the lesson may not launch (§2 Course details: a play
 * button only "when launchable"; the reason in words, not colour alone). The spec's own words
 * where it has them: the lock message 'Unlocks after completing: …' (§4) and 'No attempts left'
 * (§8); the others are ours (ADR 0010, Why a lesson row cannot launch).
 */
export const LAUNCH_BLOCK_TEXTS = {
  prerequisites: 'Complete the prerequisites first',
  expired: 'Assignment expired',
  noAttempts: 'No attempts left',
  noContent: 'No content yet',
} as const;

/** The row's text for why a lesson may not launch (LAUNCH_BLOCK_TEXTS). */
export function launchBlockText(block: LaunchBlock): string {
  switch (block.reason) {
    case 'courseLocked':
      return block.lock.message ?? LAUNCH_BLOCK_TEXTS.prerequisites;
    case 'prerequisites':
    case 'packageLocked':
      return LAUNCH_BLOCK_TEXTS.prerequisites;
    case 'expired':
      return LAUNCH_BLOCK_TEXTS.expired;
    case 'noAttempts':
      return LAUNCH_BLOCK_TEXTS.noAttempts;
    case 'noContent':
      return LAUNCH_BLOCK_TEXTS.noContent;
  }
}
