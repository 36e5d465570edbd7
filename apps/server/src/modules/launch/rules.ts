import {
  attemptsLeft,
  courseLock,
  isExpired,
  isLessonLaunchable,
  mayLaunchWhenExpired,
  missingLessonPrerequisites,
  PLAY_MODE,
  type ProgressElement,
} from '@waypoint/domain';

/** Where a lesson sits in its student's progress report. */
export interface LessonPlace {
  curriculum: ProgressElement;
  courses: ProgressElement[];
  courseIndex: number;
  topics: ProgressElement[];
  topicIndex: number;
  lesson: ProgressElement;
}

/** The curriculum of an assignment in a progress report. */
export function findAssignedCurriculum(
  report: ProgressElement[],
  assignmentKey: number,
  curriculumKey: number,
): ProgressElement | null {
  return (
    report.find(
      (c) => c.elementAssignmentKey === assignmentKey && c.curriculumKey === curriculumKey,
    ) ?? null
  );
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

/** Finds a lesson of an assignment in a progress report. */
export function findLessonPlace(
  report: ProgressElement[],
  assignmentKey: number,
  curriculumKey: number,
  lessonKey: number,
): LessonPlace | null {
  const curriculum = findAssignedCurriculum(report, assignmentKey, curriculumKey);
  if (!curriculum) return null;
  for (const place of lessonPlaces(curriculum)) {
    if (place.lesson.elementKey === lessonKey) return place;
  }
  return null;
}

export interface LaunchContext {
  nowMs: number;
  prerequisiteNames: Map<number, string>;
  allowExpiredAssignmentsToBeCompleted: number;
  enforceCurriculumPrerequisitesToggle: number;
  /** The stored attempt was suspended: going back into it uses no new attempt. */
  resumable: boolean;
}

/**
 * Why the server refuses to launch a lesson (§4 Expiry and launchability, issue 5 item 3), or null
 * when the rules allow it: course lock, chapter prerequisites, expiry, attempts left, content.
 */
export function launchRefusal(place: LessonPlace, context: LaunchContext): string | null {
  const { curriculum, courses, courseIndex, topics, topicIndex, lesson } = place;
  const browse = lesson.elementPlayMode === PLAY_MODE.browse;
  const course = courses[courseIndex]!;
  const drafts = course.elementDraft > 0;
  if (!browse) {
    const lock = courseLock(courses, courseIndex, {
      prerequisiteName: context.prerequisiteNames.get(course.elementPrerequisite) ?? 'None',
      drafts,
      enforceCurriculumPrerequisitesToggle: context.enforceCurriculumPrerequisitesToggle,
    });
    if (lock.locked) return `This lesson is locked. ${lock.message}.`;
  }
  const missing = missingLessonPrerequisites(topics, topicIndex, lesson);
  if (missing.length > 0) {
    return `This lesson is locked until you complete the prerequisites: ${missing.join(', ')}.`;
  }
  const expired = isExpired(curriculum.elementStartDate, curriculum.elementDuration, context.nowMs);
  if (!mayLaunchWhenExpired(expired, context.allowExpiredAssignmentsToBeCompleted)) {
    return 'This assignment has expired, so its lessons can no longer be launched.';
  }
  if (
    !browse &&
    !context.resumable &&
    attemptsLeft(lesson.elementMaxAttempts, lesson.elementAttempts) <= 0
  ) {
    return 'You have no attempts left for this lesson.';
  }
  if (!isLessonLaunchable(lesson, true) || lesson.elementSCOKey <= 0) {
    return 'This lesson has no content to play yet. Please contact your training department.';
  }
  return null;
}
