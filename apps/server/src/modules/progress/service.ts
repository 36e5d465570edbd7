import { dueDate, isExpired, type ProgressElement } from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import { presentCourse, presentCurriculum, presentLesson, presentTopic } from './presenter.js';
import {
  type AssignmentRow,
  selectAssignments,
  selectCourses,
  selectLessons,
  selectPrerequisiteTypes,
  selectProgress,
  selectTopics,
} from './repo.js';

export interface ProgressReportOptions {
  /** Include curricula whose assignment has expired. */
  showExpired: boolean;
  /** Fill flaggedLeafAssignments (lessons completed offline on the mobile app). */
  withFlaggedAssignments: boolean;
  /** Keep topics and courses that have no lessons ("empty leafs"); otherwise they are left out. */
  showEmptyLeafs: boolean;
}

export interface PrerequisiteType {
  prerequisiteName: string;
  prerequisiteKey: number;
}

/** The progress report response of §3. */
export interface ProgressReport {
  progressReport: ProgressElement[];
  prerequisiteTypes: PrerequisiteType[];
  flaggedLeafAssignments: { assignmentKey: number; leafKey: number }[];
}

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * The student's curricula as element trees with their progress (§3, §7). Null when the student has
 * nothing assigned ('Nothing to report.'). Runs a fixed number of queries whatever the tree's size.
 */
export async function buildProgressReport(
  db: Db,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
  options: ProgressReportOptions,
): Promise<ProgressReport | null> {
  return (await buildTimedProgressReport(db, user, nowMs, options)).report;
}

/**
 * The report and until when it stays right as time passes: the tree depends on "now" only through
 * hiding expired assignments, so it holds until the next due date (forever when showExpired).
 */
export async function buildTimedProgressReport(
  db: Db,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
  options: ProgressReportOptions,
): Promise<{ report: ProgressReport | null; validUntil: number }> {
  const all = await selectAssignments(db, user.userKey, user.lmsKey);
  let validUntil = Number.POSITIVE_INFINITY;
  if (!options.showExpired) {
    for (const assignment of all) {
      const due = dueDate(assignment.startDate.getTime(), assignment.durationMs);
      if (due > nowMs && due < validUntil) validUntil = due;
    }
  }
  const assignments = all.filter(
    (assignment) =>
      options.showExpired ||
      !isExpired(assignment.startDate.getTime(), assignment.durationMs, nowMs),
  );
  return { report: await buildTree(db, user, assignments, options), validUntil };
}

async function buildTree(
  db: Db,
  user: { userKey: number },
  assignments: AssignmentRow[],
  options: ProgressReportOptions,
): Promise<ProgressReport | null> {
  if (assignments.length === 0) return null;
  const [courses, topics, lessons, progress, prerequisiteTypes] = await Promise.all([
    selectCourses(db, user.userKey),
    selectTopics(db, user.userKey),
    selectLessons(db, user.userKey),
    selectProgress(db, user.userKey),
    selectPrerequisiteTypes(db),
  ]);
  const coursesByCurriculum = groupBy(courses, (row) => row.curriculumKey);
  const topicsByCourse = groupBy(topics, (row) => row.courseKey);
  const lessonsByTopic = groupBy(lessons, (row) => row.topicKey);
  const progressByLesson = new Map(
    progress.map((row) => [`${row.assignmentKey}:${row.lessonKey}`, row]),
  );
  const keepEmpty = <T extends { elementChildren: unknown[] }>(element: T) =>
    options.showEmptyLeafs || element.elementChildren.length > 0;

  const progressReport = assignments.map((assignment) => {
    const context = {
      curriculumKey: assignment.curriculumKey,
      assignmentKey: assignment.assignmentKey,
    };
    const courseElements = (coursesByCurriculum.get(assignment.curriculumKey) ?? [])
      .map((course) => {
        const topicElements = (topicsByCourse.get(course.courseKey) ?? [])
          .map((topic) =>
            presentTopic(
              topic,
              (lessonsByTopic.get(topic.topicKey) ?? []).map((lesson) =>
                presentLesson(
                  lesson,
                  progressByLesson.get(`${assignment.assignmentKey}:${lesson.lessonKey}`),
                  context,
                ),
              ),
              context,
            ),
          )
          .filter(keepEmpty);
        return presentCourse(course, topicElements, context);
      })
      .filter(keepEmpty);
    return presentCurriculum(assignment, courseElements);
  });

  const liveAssignments = new Set(assignments.map((a) => a.assignmentKey));
  const flaggedLeafAssignments = options.withFlaggedAssignments
    ? progress
        .filter((row) => row.flaggedOffline && liveAssignments.has(row.assignmentKey))
        .map((row) => ({ assignmentKey: row.assignmentKey, leafKey: row.lessonKey }))
    : [];
  return { progressReport, prerequisiteTypes, flaggedLeafAssignments };
}

/** GET /api/CurriculumPrerequisiteTypes: the course-level prerequisite names and keys (§7). */
export function listPrerequisiteTypes(db: Db): Promise<PrerequisiteType[]> {
  return selectPrerequisiteTypes(db);
}
