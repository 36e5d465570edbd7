import { isCompletionComplete } from './completion.js';
import { DAY_MS, daysUntil } from './dates.js';
import { isDraftAssociated, isDraftCurriculum, isShownAssignment } from './drafts.js';
import { dueDate, isExpired, isRecentlyExpired } from './expiry.js';
import { isLessonComplete } from './lesson-status.js';
import { countsAsDue } from './play-mode.js';
import { lessonsOf, type ProgressElement } from './progress-element.js';

/** "Dashboard list size 5; recent lessons 3; upcoming due window 30 days; new assignments assigned
 * within 14 days" (§9). */
export const DASHBOARD_LIST_SIZE = 5;
export const RECENT_LESSONS_COUNT = 3;
export const UPCOMING_DUE_WINDOW_DAYS = 30;
export const NEW_ASSIGNMENT_WINDOW_DAYS = 14;

export interface RecentLesson {
  lesson: ProgressElement;
  curriculum: ProgressElement;
}

/** "the recent-lessons list shows the 3 most recently launched lessons (elementLastLaunchedInstant),
 * excluding draft-associated curricula". */
export function recentLessons(progressReport: ProgressElement[]): RecentLesson[] {
  return progressReport
    .filter((curriculum) => !isDraftAssociated(curriculum))
    .flatMap((curriculum) => lessonsOf(curriculum).map((lesson) => ({ lesson, curriculum })))
    .filter(({ lesson }) => lesson.elementLastLaunchedInstant > 0)
    .sort((a, b) => b.lesson.elementLastLaunchedInstant - a.lesson.elementLastLaunchedInstant)
    .slice(0, RECENT_LESSONS_COUNT);
}

/** "Due list excludes completed lessons and lessons not in play mode 1 or 3." */
export function dueLessons(curriculum: ProgressElement): ProgressElement[] {
  return lessonsOf(curriculum).filter(
    (lesson) => countsAsDue(lesson.elementPlayMode) && !isLessonComplete(lesson),
  );
}

/** Curricula still due within the next 30 days (day count rounded up), soonest first, at most 5. */
export function upcomingDueCurricula(
  progressReport: ProgressElement[],
  nowMs: number,
): ProgressElement[] {
  return progressReport
    .filter((curriculum) => isShownAssignment(curriculum))
    .filter((curriculum) => !isCompletionComplete(curriculum.elementCompletion))
    .filter((curriculum) => dueLessons(curriculum).length > 0)
    .filter((curriculum) => {
      const days = daysUntil(
        dueDate(curriculum.elementStartDate, curriculum.elementDuration),
        nowMs,
      );
      return days > 0 && days <= UPCOMING_DUE_WINDOW_DAYS;
    })
    .sort(
      (a, b) =>
        dueDate(a.elementStartDate, a.elementDuration) -
        dueDate(b.elementStartDate, b.elementDuration),
    )
    .slice(0, DASHBOARD_LIST_SIZE);
}

/** Curricula assigned within the last 14 days, newest first, at most 5. */
export function newAssignments(
  progressReport: ProgressElement[],
  nowMs: number,
): ProgressElement[] {
  return progressReport
    .filter((curriculum) => isShownAssignment(curriculum))
    .filter(
      (curriculum) =>
        curriculum.elementAssignedDate > 0 &&
        nowMs - curriculum.elementAssignedDate <= NEW_ASSIGNMENT_WINDOW_DAYS * DAY_MS,
    )
    .sort((a, b) => b.elementAssignedDate - a.elementAssignedDate)
    .slice(0, DASHBOARD_LIST_SIZE);
}

/** "Dashboard curriculum progress: percentage of courses with completion 1 or more (100 if the
 * curriculum is complete)." */
export function dashboardCurriculumProgress(curriculum: ProgressElement): number {
  if (isCompletionComplete(curriculum.elementCompletion)) return 100;
  const courses = curriculum.elementChildren;
  if (courses.length === 0) return 0;
  const done = courses.filter((course) => isCompletionComplete(course.elementCompletion)).length;
  return Math.round((done / courses.length) * 100);
}

/** "Completion-report progress counts a child above 0 as done." */
export function completionReportProgress(element: ProgressElement): number {
  const children = element.elementChildren;
  if (children.length === 0) return isCompletionComplete(element.elementCompletion) ? 100 : 0;
  const done = children.filter((child) => child.elementCompletion > 0).length;
  return Math.round((done / children.length) * 100);
}

/** Dashboard curricula: "draft curricula are hidden on the dashboard". */
export function dashboardCurricula(progressReport: ProgressElement[]): ProgressElement[] {
  return progressReport.filter(
    (curriculum) => isShownAssignment(curriculum) && !isDraftCurriculum(curriculum),
  );
}

/** The Active and Expired tabs of Assignments: "expired assignments shown if expired within ... 90 days" (§9). */
export function splitAssignments(
  progressReport: ProgressElement[],
  nowMs: number,
): { active: ProgressElement[]; expired: ProgressElement[] } {
  const shown = progressReport.filter(isShownAssignment);
  return {
    active: shown.filter((c) => !isExpired(c.elementStartDate, c.elementDuration, nowMs)),
    expired: shown.filter((c) => isRecentlyExpired(c.elementStartDate, c.elementDuration, nowMs)),
  };
}
