import {
  lessonLaunchBlock,
  lessonPlaces,
  type LaunchRules,
  type LessonPlace,
  type ProgressElement,
} from '@waypoint/domain';

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

const NO_CONTENT =
  'This lesson has no content to play yet. Please contact your training department.';

/**
 * Why the server refuses to launch a lesson, whatever the page showed (§4 Expiry and
 * launchability, by the domain's lessonLaunchBlock, the rule the panel shows), or null when the
 * rules allow it. A lesson in play mode 2 needs no content key to be shown launchable, but the
 * player still needs one to play it.
 */
export function launchRefusal(place: LessonPlace, rules: LaunchRules): string | null {
  const block = lessonLaunchBlock(place, rules);
  switch (block?.reason) {
    case 'courseLocked':
      return `This lesson is locked. ${block.lock.message}.`;
    case 'prerequisites':
      return `This lesson is locked until you complete the prerequisites: ${block.missing.join(', ')}.`;
    case 'packageLocked':
      return `This lesson is locked until you complete the prerequisites: ${block.waitsFor.join(', ')}.`;
    case 'expired':
      return 'This assignment has expired, so its lessons can no longer be launched.';
    case 'noAttempts':
      return 'You have no attempts left for this lesson.';
    case 'noContent':
      return NO_CONTENT;
    case undefined:
      return place.lesson.elementSCOKey > 0 ? null : NO_CONTENT;
  }
}
