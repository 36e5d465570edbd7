/**
 * What the course-details screen shows for each curriculum, course, topic and lesson (spec §2
 * Course details, §4), computed once per progress report from the rules in @waypoint/domain.
 */
import {
  attemptsText,
  courseLockOf,
  courseDisplayName,
  courseStatus,
  dueDate,
  EXAM_PLAYER,
  failureHint,
  formatDate,
  formatScorePercent,
  isElementComplete,
  isExpired,
  isFailedCompletion,
  isLessonListed,
  isOpenDate,
  launchBlockText,
  lessonLaunchBlock,
  lessonsOf,
  outcomeOf,
  missingChapterPrerequisites,
  missingLessonPrerequisites,
  packageLockNames,
  PLAY_MODE,
  playModeBadge,
  playModeLabel,
  progressBarView,
  resumableFromReport,
  type CourseScoreContext,
  type CourseStatus,
  type LaunchRules,
  type LessonStatus,
  type ProgressBarView,
  type ProgressElement,
} from '@waypoint/domain';
import type { FlaggedLeafAssignment, PrerequisiteType } from '../../api/progress';

/** "Correct To 100%" hover text (§2). */
export const REQUIRE_100_HINT = 'This lesson must be completed with a score of 100%';
/** The draft course hover (§2). */
export const DRAFT_HINT = 'This is a draft course.';
/** §8 offline-completion tooltip. */
export const OFFLINE_COMPLETION_HINT =
  'This assignment was completed offline on the mobile app. At that time, the local time of the mobile device was ahead of the server, which may cause the completion date to be adjusted to when the assignment was synced.';

export interface LessonView {
  id: string;
  lesson: ProgressElement;
  name: string;
  status: LessonStatus;
  attemptsText: string;
  score: string;
  bar: ProgressBarView;
  launchable: boolean;
  /** Why it may not launch, in words (§4; ADR 0010), or null when it may. */
  blockedText: string | null;
  require100: boolean;
  modeLabel: string | null;
  modeBadge: 'B' | 'R' | null;
  classroom: boolean;
  failureHint: string | null;
  completedOffline: boolean;
  /** Names of the chapters this lesson waits for; empty when none or in play mode 2. */
  missingPrerequisites: string[];
  /** Locked by the course's prerequisite: a click scrolls to the previous course. */
  courseLocked: boolean;
}

export interface TopicView {
  id: string;
  name: string;
  status: 'notstarted' | 'started' | 'complete' | 'failed';
  missingPrerequisites: string[];
  lessons: LessonView[];
}

export interface CourseView {
  id: string;
  name: string;
  lessonCount: number;
  draft: boolean;
  status: CourseStatus;
  lockMessage: string | null;
  /** Id of the course to scroll to when a locked lesson is clicked. */
  previousCourseId: string | null;
  topics: TopicView[];
}

export interface CurriculumView {
  id: string;
  curriculum: ProgressElement;
  name: string;
  /** 'Due YYYY/MM/DD' or 'Open Lessons'. */
  dueText: string;
  lessonCount: number;
  expired: boolean;
  failed: boolean;
  courses: CourseView[];
}

export interface ModelContext {
  nowMs: number;
  prerequisiteTypes: PrerequisiteType[];
  flaggedLeafAssignments: FlaggedLeafAssignment[];
  enforceCurriculumPrerequisitesToggle: number;
  allowExpiredAssignmentsToBeCompleted: number;
}

/** True when launchData (JSON text) asks for require100. */
export function requires100(launchData: string): boolean {
  if (!launchData) return false;
  try {
    const data: unknown = JSON.parse(launchData);
    return typeof data === 'object' && data !== null && 'require100' in data && !!data.require100;
  } catch {
    return false;
  }
}

/** The top block's date: 'Due YYYY/MM/DD', or 'Open Lessons' past 100 years (§2, §9). */
export function curriculumDueText(curriculum: ProgressElement, nowMs: number): string {
  const due = dueDate(curriculum.elementStartDate, curriculum.elementDuration);
  return isOpenDate(due, nowMs) ? 'Open Lessons' : `Due ${formatDate(due)}`;
}

function courseScoreContext(course: ProgressElement): CourseScoreContext {
  const scored = lessonsOf(course).filter((l) => l.elementScorable > 0 && l.elementAttempts > 0);
  const average =
    scored.length > 0 ? scored.reduce((sum, l) => sum + l.elementScore, 0) / scored.length : 0;
  return { courseMinScore: course.elementMinScore, courseAverageScore: average };
}

function topicStatus(topic: ProgressElement, lessons: LessonView[]): TopicView['status'] {
  if (isFailedCompletion(topic.elementCompletion) || lessons.some((l) => l.status === 'failed')) {
    return 'failed';
  }
  if (isElementComplete(topic)) return 'complete';
  return lessons.some((l) => l.lesson.elementAttempts > 0) ? 'started' : 'notstarted';
}

const chapterName = (topic: ProgressElement) => topic.elementName || 'Chapter';

/** The lessons the panel lists (ADR 0007: a package may leave some out). */
const listedLessonsOf = (element: ProgressElement) => lessonsOf(element).filter(isLessonListed);

/** Builds the view of one curriculum. */
export function buildCurriculumView(
  curriculum: ProgressElement,
  index: number,
  context: ModelContext,
): CurriculumView {
  // The panel does not know whether a stored attempt was suspended: unless the report shows it
  // kept nothing to go back into (resumableFromReport, per lesson), the server judges attempts.
  const rules: LaunchRules = {
    nowMs: context.nowMs,
    prerequisiteNames: new Map(
      context.prerequisiteTypes.map((t) => [t.prerequisiteKey, t.prerequisiteName]),
    ),
    enforceCurriculumPrerequisitesToggle: context.enforceCurriculumPrerequisitesToggle,
    allowExpiredAssignmentsToBeCompleted: context.allowExpiredAssignmentsToBeCompleted,
    resumable: null,
  };
  const flagged = new Set(
    context.flaggedLeafAssignments.map((f) => `${f.assignmentKey}:${f.leafKey}`),
  );
  const expired = isExpired(curriculum.elementStartDate, curriculum.elementDuration, context.nowMs);
  const curriculumId = `c${index}`;
  const courses = curriculum.elementChildren;

  const courseViews = courses.map((course, courseIndex): CourseView => {
    const id = `${curriculumId}-${courseIndex}`;
    const lock = courseLockOf(curriculum, courseIndex, rules);
    const scoreContext = courseScoreContext(course);
    const topics = course.elementChildren;
    const topicViews = topics.map((topic, topicIndex): TopicView => {
      const topicMissing = missingChapterPrerequisites(
        topic.elementPrerequisite,
        topics,
        topicIndex,
      );
      const lessons = topic.elementChildren.flatMap((lesson, lessonIndex): LessonView[] => {
        // A lesson its package leaves out (hidden from choice; not the one entry of a flow-only
        // SCORM 2004 package) is not listed (ADR 0007, Sequencing in the panel).
        if (!isLessonListed(lesson)) return [];
        const browse = lesson.elementPlayMode === PLAY_MODE.browse;
        // The chapters it waits for, then what its package's lock waits for: the same lock and
        // 'Prerequisites' hover (§2 Course details).
        const missingNames = [
          ...new Set([
            ...missingLessonPrerequisites(topics, topicIndex, lesson),
            ...packageLockNames(lesson),
          ]),
        ];
        const courseLocked = lock.locked && !browse;
        // The server's own rule (§4 Expiry and launchability), with what is worked out above.
        const place = { curriculum, courses, courseIndex, topics, topicIndex, lesson };
        const block = lessonLaunchBlock(
          place,
          { ...rules, resumable: resumableFromReport(lesson) },
          { lock, missing: missingNames },
        );
        const view: LessonView = {
          id: `${id}-${topicIndex}-${lessonIndex}`,
          lesson,
          name: lesson.elementName,
          // The one outcome rule (§4): a failure code or a result that does not pass is failed.
          status: outcomeOf(lesson, scoreContext),
          attemptsText: attemptsText(lesson.elementMaxAttempts, lesson.elementAttempts),
          score: formatScorePercent(lesson.elementScore, lesson.elementPlayMode),
          bar: progressBarView(lesson, curriculum.elementCompletion),
          launchable: block === null,
          blockedText: block && launchBlockText(block),
          require100: lesson.player === EXAM_PLAYER && requires100(lesson.launchData),
          modeLabel: playModeLabel(lesson.elementPlayMode),
          modeBadge: playModeBadge(lesson.elementPlayMode),
          classroom: lesson.player === 'CLAS',
          failureHint: failureHint(lesson.elementCompletion),
          completedOffline: flagged.has(`${lesson.elementAssignmentKey}:${lesson.elementKey}`),
          missingPrerequisites: missingNames,
          courseLocked,
        };
        return [view];
      });
      return {
        id: `${id}-${topicIndex}`,
        name: chapterName(topic),
        status: topicStatus(topic, lessons),
        missingPrerequisites: [...new Set(topicMissing.map(chapterName))],
        lessons,
      };
    });
    return {
      id,
      // A recurrent course shows the period it covers (§4 Drafts and lists).
      name: courseDisplayName(course.elementName),
      lessonCount: listedLessonsOf(course).length,
      draft: course.elementDraft > 0,
      status: courseStatus(course, curriculum.elementCompletion),
      lockMessage: lock.locked ? lock.message : null,
      previousCourseId:
        lock.previousCourseIndex === null ? null : `${curriculumId}-${lock.previousCourseIndex}`,
      // A chapter whose lessons its package all leaves out is not listed either.
      topics: topicViews.filter(
        (view, topicIndex) =>
          view.lessons.length > 0 || topics[topicIndex]!.elementChildren.length === 0,
      ),
    };
  });

  return {
    id: curriculumId,
    curriculum,
    name: curriculum.elementName,
    dueText: curriculumDueText(curriculum, context.nowMs),
    lessonCount: listedLessonsOf(curriculum).length,
    expired,
    failed: isFailedCompletion(curriculum.elementCompletion),
    courses: courseViews,
  };
}
