import { dueDate, isExpired } from '@waypoint/domain';
import type {
  PrerequisiteType,
  ProgressReport,
  ProgressReportOptions,
} from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import { courseLocks, loadPackageRules } from './package-locks.js';
import { presentCourse, presentCurriculum, presentLesson, presentTopic } from './presenter.js';
import {
  type AssignmentRow,
  selectAssignments,
  selectCourses,
  selectLessons,
  selectPackageRules,
  selectPrerequisiteTypes,
  selectProgress,
  selectSequencingPanels,
  selectTopics,
} from './repo.js';

// The query's three switches (§7): showExpired leaves out expired assignments when false;
// withFlaggedAssignments fills flaggedLeafAssignments (lessons completed offline on the mobile
// app); showEmptyLeafs keeps topics and courses that have no lessons (docs/decisions/0004).
export type { ProgressReportOptions };

/** One assignment of the student's: a report of its curriculum alone. */
export interface AssignmentScope {
  assignmentKey: number;
  curriculumKey: number;
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
  scope?: AssignmentScope,
): Promise<{ report: ProgressReport | null; validUntil: number }> {
  const all = (await selectAssignments(db, user.userKey, user.lmsKey, scope?.assignmentKey)).filter(
    (assignment) => !scope || assignment.curriculumKey === scope.curriculumKey,
  );
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
  return { report: await buildTree(db, user, assignments, options, scope), validUntil };
}

/**
 * The report of one assignment (its curriculum's tree alone, every assignment state shown): what
 * the launch rules judge a launch and the player's sibling lessons on, without building every
 * curriculum of the student (same five queries, narrowed to the one curriculum).
 */
export async function buildAssignmentReport(
  db: Db,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
  scope: AssignmentScope,
): Promise<ProgressReport | null> {
  const options = { showExpired: true, withFlaggedAssignments: false, showEmptyLeafs: false };
  return (await buildTimedProgressReport(db, user, nowMs, options, scope)).report;
}

async function buildTree(
  db: Db,
  user: { userKey: number; lmsKey: number },
  assignments: AssignmentRow[],
  options: ProgressReportOptions,
  scope: AssignmentScope | undefined,
): Promise<ProgressReport | null> {
  if (assignments.length === 0) return null;
  const curriculumKey = scope?.curriculumKey;
  const [courses, topics, lessons, progress, prerequisiteTypes, packages, states] =
    await Promise.all([
      selectCourses(db, user.userKey, curriculumKey),
      selectTopics(db, user.userKey, curriculumKey),
      selectLessons(db, user.userKey, curriculumKey),
      selectProgress(db, user.userKey, scope?.assignmentKey),
      selectPrerequisiteTypes(db),
      selectPackageRules(db, user.userKey, curriculumKey),
      selectSequencingPanels(db, user.userKey, scope?.assignmentKey),
    ]);
  const packageRules = await loadPackageRules(db, packages, states);
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
      certificates: {
        lmsKey: user.lmsKey,
        userKey: user.userKey,
        allowed: assignment.allowStudentsToViewCertificates > 0,
      },
    };
    const courseElements = (coursesByCurriculum.get(assignment.curriculumKey) ?? [])
      .map((course) => {
        const courseTopics = topicsByCourse.get(course.courseKey) ?? [];
        const progressOf = (lesson: { lessonKey: number }) =>
          progressByLesson.get(`${assignment.assignmentKey}:${lesson.lessonKey}`);
        // The course's packages may hold lessons back and decide its rollup (ADR 0007).
        const { locks, rollup } = courseLocks(
          {
            assignmentKey: assignment.assignmentKey,
            courseKey: course.courseKey,
            lessons: courseTopics.flatMap((topic) =>
              (lessonsByTopic.get(topic.topicKey) ?? []).map((row) => ({
                row,
                progress: progressOf(row),
              })),
            ),
          },
          packageRules,
        );
        const topicElements = courseTopics
          .map((topic) =>
            presentTopic(
              topic,
              (lessonsByTopic.get(topic.topicKey) ?? []).map((lesson) =>
                presentLesson(lesson, progressOf(lesson), context, locks.get(lesson.lessonKey)),
              ),
              context,
            ),
          )
          .filter(keepEmpty);
        return presentCourse(course, topicElements, context, rollup);
      })
      .filter(keepEmpty);
    return presentCurriculum(assignment, courseElements, user);
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
export function listPrerequisiteTypes(deps: { db: Db }): Promise<PrerequisiteType[]> {
  return selectPrerequisiteTypes(deps.db);
}
