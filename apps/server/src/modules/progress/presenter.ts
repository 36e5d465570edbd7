import {
  buildProgressElement,
  certificateUrlFor,
  MINIMUM_SCORE_NOT_MET,
  rollUp,
  type ProgressElement,
  type RolledUpFields,
} from '@waypoint/domain';
import type { PackageLock, SequencingRollup } from '../sequencing/index.js';
import type { AssignmentRow, CourseRow, LessonRow, ProgressRow, TopicRow } from './repo.js';

/** Rows to the spec's progress elements (§3). Instants go out as ms since the epoch; none is 0. */

const ms = (value: Date | null | undefined): number => (value ? value.getTime() : 0);

/** Fields every element of one assignment's tree carries. */
interface AssignmentContext {
  curriculumKey: number;
  assignmentKey: number;
  /** For elementCertificateUrl (§6): whose report it is and whether certificates may be viewed. */
  certificates: { lmsKey: number; userKey: number; allowed: boolean };
}

/** A lesson with the student's progress on it (none yet: the §3 defaults). */
export function presentLesson(
  lesson: LessonRow,
  progress: ProgressRow | undefined,
  context: AssignmentContext,
  packageLock?: PackageLock,
): ProgressElement {
  return buildProgressElement({
    ...(packageLock ? { elementPackageLock: packageLock } : {}),
    elementType: 'lesson',
    elementKey: lesson.lessonKey,
    elementName: lesson.name,
    elementDescription: lesson.description,
    elementCompletion: progress?.completion ?? 0,
    elementCompletionInstant: ms(progress?.completionInstant),
    elementScore: progress?.score ?? 0,
    elementCredit: progress?.credit ?? 0,
    // §4's attempt limit is the current recurrent cycle's (ADR 0023 "Recurrent cycles").
    elementAttempts: progress ? progress.attempts - progress.cycleStartAttempts : 0,
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

/** A topic (chapter) with its lessons; its progress rolls up from them (§4). */
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

/**
 * A sequenced SCORM 2004 course's completion, success and score from its activity tree's rollup
 * (ADR 0007), not from 'all lessons complete'. One not satisfied has failed (SN RB.1.2: its
 * objective is not met) whether or not it is also completed: -3 "minimum score not met" with
 * credit below 0 (§4 Completion codes; outcome.ts), so that its curriculum fails with it and no
 * certificate is issued, as a failed SCO's commit is stored (scorm/cmi-progress.ts). Completed
 * and not failed is complete (1). The root's measure (-1..1), when at 0 or above, is the score as
 * a fraction of the maximum like every lesson's; a package that rolls up no measure has no score
 * (0, shown '-'). Times and attempts still add up from the lessons.
 */
function sequencedCourseFields(
  rollup: SequencingRollup,
  rolledUp: RolledUpFields,
  topics: ProgressElement[],
): RolledUpFields & Pick<ProgressElement, 'elementCredit' | 'elementSequencingRollup'> {
  const failed = rollup.satisfied === false;
  const completed = !failed && rollup.completed === true;
  const latest = Math.max(
    0,
    ...topics.flatMap((topic) => topic.elementChildren.map((l) => l.elementCompletionInstant)),
  );
  return {
    ...rolledUp,
    elementCompletion: failed ? MINIMUM_SCORE_NOT_MET : completed ? 1 : 0,
    elementCompletionInstant: completed ? latest : 0,
    elementCredit: failed ? -1 : rollup.satisfied === true ? 1 : 0,
    elementScore:
      rollup.measure !== null && rollup.measure >= 0
        ? Math.round(rollup.measure * 10_000) / 10_000
        : 0,
    elementSequencingRollup: rollup,
  };
}

/** A course with its topics; its progress rolls up from them (§4), or from its sequencing rollup. */
export function presentCourse(
  course: CourseRow,
  topics: ProgressElement[],
  context: AssignmentContext,
  sequencingRollup: SequencingRollup | null = null,
): ProgressElement {
  const rolledUp: RolledUpFields & Partial<Pick<ProgressElement, 'elementCredit'>> =
    sequencingRollup
      ? sequencedCourseFields(sequencingRollup, rollUp(topics), topics)
      : rollUp(topics);
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
    elementCertificateUrl: certificateUrlFor(
      {
        kind: 'course',
        storedUrl: course.certificateUrl,
        completion: rolledUp.elementCompletion,
        credit: rolledUp.elementCredit ?? 0,
        lmsKey: context.certificates.lmsKey,
        userKey: context.certificates.userKey,
        curriculumKey: context.curriculumKey,
        assignmentKey: context.assignmentKey,
        courseKey: course.courseKey,
      },
      context.certificates.allowed,
    ),
    curriculumKey: context.curriculumKey,
    elementAssignmentKey: context.assignmentKey,
    elementChildren: topics,
    ...rolledUp,
  });
}

/** An assigned curriculum with its courses; its progress rolls up from them (§4). */
export function presentCurriculum(
  assignment: AssignmentRow,
  courses: ProgressElement[],
  user: { lmsKey: number; userKey: number },
): ProgressElement {
  const rolledUp = rollUp(courses);
  return buildProgressElement({
    elementType: 'curriculum',
    elementKey: assignment.curriculumKey,
    elementName: assignment.name,
    elementDescription: assignment.description,
    elementCertificateUrl: certificateUrlFor(
      {
        kind: 'curriculum',
        storedUrl: assignment.certificateUrl,
        completion: rolledUp.elementCompletion,
        // A curriculum's failure is in its completion code (roll-up.ts); it carries no credit.
        credit: 0,
        lmsKey: user.lmsKey,
        userKey: user.userKey,
        curriculumKey: assignment.curriculumKey,
        assignmentKey: assignment.assignmentKey,
      },
      assignment.allowStudentsToViewCertificates > 0,
    ),
    elementStartDate: ms(assignment.startDate),
    elementDuration: assignment.durationMs,
    elementAssignedDate: ms(assignment.assignedAt),
    elementAssignmentKey: assignment.assignmentKey,
    curriculumKey: assignment.curriculumKey,
    elementChildren: courses,
    ...rolledUp,
  });
}
