import { buildProgressElement, type ProgressElement } from '@waypoint/domain';
import type { AssignmentRow, CourseRow, LessonRow, ProgressRow, TopicRow } from './repo.js';

/** Rows to the spec's progress elements (§3). Instants go out as ms since the epoch; none is 0. */

const ms = (value: Date | null | undefined): number => (value ? value.getTime() : 0);

/** Fields every element of one assignment's tree carries. */
interface AssignmentContext {
  curriculumKey: number;
  assignmentKey: number;
}

export function presentLesson(
  lesson: LessonRow,
  progress: ProgressRow | undefined,
  context: AssignmentContext,
): ProgressElement {
  return buildProgressElement({
    elementType: 'lesson',
    elementKey: lesson.lessonKey,
    elementName: lesson.name,
    elementDescription: lesson.description,
    elementCompletion: progress?.completion ?? 0,
    elementCompletionInstant: ms(progress?.completionInstant),
    elementScore: progress?.score ?? 0,
    elementCredit: progress?.credit ?? 0,
    elementAttempts: progress?.attempts ?? 0,
    elementLocation: progress ? progress.location : -1,
    elementMaxLocation: Math.max(progress?.maxLocation ?? 0, lesson.maxLocation),
    elementLocationBlob: progress?.locationBlob ?? '',
    elementSuspendData: progress?.suspendData ?? '',
    elementProgressMeasure: progress?.progressMeasure ?? 0,
    elementTotalTime: progress?.totalTimeMs ?? 0,
    elementLastLaunchedInstant: ms(progress?.lastLaunchedAt),
    elementMaxAttempts: lesson.maxAttempts,
    elementMinScoreComplete: lesson.minScoreComplete,
    elementMinScorePass: lesson.minScorePass,
    elementMinScore: lesson.minScore,
    elementScoreWeight: lesson.scoreWeight,
    elementScorable: lesson.scorable,
    elementPlayMode: lesson.playMode,
    elementPrerequisite: lesson.prerequisite,
    elementSCOKey: lesson.scoKey ?? -1,
    elementSCOType: lesson.scoType ?? '',
    elementBaseFolder: lesson.storageFolder ?? '',
    elementLaunchFile: lesson.launchFile ?? '',
    elementUploadInstant: ms(lesson.packageUploadedAt),
    launchData: JSON.stringify(lesson.launchData ?? {}),
    launchMode: lesson.launchMode,
    studentVerificationEnabled: lesson.studentVerificationEnabled,
    player: lesson.player,
    curriculumKey: context.curriculumKey,
    elementAssignmentKey: context.assignmentKey,
  });
}

/**
 * The roll-up of a topic, course or curriculum from its children: a failure code (below -1) of any
 * child fails the parent (§4 "Below -1 counts as failed for topics and curricula"); otherwise the
 * parent is complete (1) when every credited child is, else 0. Browse lessons (play mode 2) carry
 * no credit and are left out of the roll-up.
 */
export function rollUp(
  children: ProgressElement[],
): Pick<
  ProgressElement,
  | 'elementCompletion'
  | 'elementCompletionInstant'
  | 'elementScore'
  | 'elementTotalTime'
  | 'elementAttempts'
  | 'elementLastLaunchedInstant'
  | 'elementProgressMeasure'
> {
  const credited = children.filter(
    (child) => !(child.elementType === 'lesson' && child.elementPlayMode === 2),
  );
  const failed = credited.find((child) => child.elementCompletion < -1);
  const complete = credited.length > 0 && credited.every((child) => child.elementCompletion >= 1);
  const scored = credited.filter((child) => child.elementAttempts > 0 && child.elementScore > 0);
  const done = credited.filter((child) => child.elementCompletion >= 1).length;
  return {
    elementCompletion: failed ? failed.elementCompletion : complete ? 1 : 0,
    elementCompletionInstant: complete
      ? Math.max(0, ...credited.map((child) => child.elementCompletionInstant))
      : 0,
    elementScore: scored.length
      ? Math.round(
          (scored.reduce((sum, child) => sum + child.elementScore, 0) / scored.length) * 100,
        ) / 100
      : 0,
    elementTotalTime: children.reduce((sum, child) => sum + child.elementTotalTime, 0),
    elementAttempts: children.reduce((sum, child) => sum + child.elementAttempts, 0),
    elementLastLaunchedInstant: Math.max(
      0,
      ...children.map((child) => child.elementLastLaunchedInstant),
    ),
    elementProgressMeasure: credited.length ? Math.round((done / credited.length) * 100) / 100 : 0,
  };
}

export function presentTopic(
  topic: TopicRow,
  lessons: ProgressElement[],
  context: AssignmentContext,
): ProgressElement {
  return buildProgressElement({
    elementType: 'topic',
    elementKey: topic.topicKey,
    elementName: topic.name,
    elementDescription: topic.description,
    elementPrerequisite: topic.prerequisite,
    curriculumKey: context.curriculumKey,
    elementAssignmentKey: context.assignmentKey,
    elementChildren: lessons,
    ...rollUp(lessons),
  });
}

export function presentCourse(
  course: CourseRow,
  topics: ProgressElement[],
  context: AssignmentContext,
): ProgressElement {
  return buildProgressElement({
    elementType: 'course',
    elementKey: course.courseKey,
    elementName: course.name,
    elementDescription: course.description,
    elementDraft: course.draft,
    elementPrerequisite: course.prerequisiteKey,
    elementMinScoreComplete: course.minScoreComplete,
    elementMinScorePass: course.minScorePass,
    elementMinScore: course.minScore,
    elementCertificateUrl: course.certificateUrl,
    curriculumKey: context.curriculumKey,
    elementAssignmentKey: context.assignmentKey,
    elementChildren: topics,
    ...rollUp(topics),
  });
}

export function presentCurriculum(
  assignment: AssignmentRow,
  courses: ProgressElement[],
): ProgressElement {
  return buildProgressElement({
    elementType: 'curriculum',
    elementKey: assignment.curriculumKey,
    elementName: assignment.name,
    elementDescription: assignment.description,
    elementCertificateUrl: assignment.certificateUrl,
    elementStartDate: ms(assignment.startDate),
    elementDuration: assignment.durationMs,
    elementAssignedDate: ms(assignment.assignedAt),
    elementAssignmentKey: assignment.assignmentKey,
    curriculumKey: assignment.curriculumKey,
    elementChildren: courses,
    ...rollUp(courses),
  });
}
