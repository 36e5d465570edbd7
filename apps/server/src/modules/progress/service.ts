import { dueDate, isExpired } from '@waypoint/domain';
import type {
  PrerequisiteType,
  ProgressReport,
  ProgressReportOptions,
} from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import { loadPackageRules, type SequencingDeps } from '../sequencing/index.js';
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
import {
  flaggedOf,
  groupBy,
  presentAssignment,
  progressKey,
  type ReportRows,
} from './report-tree.js';

// The query's three switches (§7): showExpired leaves out expired assignments when false;
// withFlaggedAssignments fills flaggedLeafAssignments (lessons completed offline on the mobile
// app); showEmptyLeafs keeps topics and courses that have no lessons (docs/decisions/0004).
export type { ProgressReportOptions };

/**
 * What building a report needs: the database, and the instance's sequencing memory (a sequenced
 * package's new-attempt view is worked out once per instance: ADR 0007). The app's deps fit.
 */
export type ReportDeps = SequencingDeps;

/** One assignment of the student's: a report of its curriculum alone. */
export interface AssignmentScope {
  assignmentKey: number;
  curriculumKey: number;
}

/**
 * The student's curricula as element trees with their progress (§3, §7). Null when the student has
 * nothing assigned ('Nothing to report.'). Runs a fixed number of queries whatever the tree's size.
 */
export async function buildProgressReport(
  deps: ReportDeps,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
  options: ProgressReportOptions,
): Promise<ProgressReport | null> {
  return (await buildTimedProgressReport(deps, user, nowMs, options)).report;
}

/** A report, until when it stays right, and the rows it was presented from (none: nothing to report). */
export interface TimedReport {
  report: ProgressReport | null;
  validUntil: number;
  rows: ReportRows | null;
}

/**
 * The report and until when it stays right as time passes: the tree depends on "now" only through
 * hiding expired assignments, so it holds until the next due date (forever when showExpired).
 */
export async function buildTimedProgressReport(
  deps: ReportDeps,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
  options: ProgressReportOptions,
  scope?: AssignmentScope,
): Promise<TimedReport> {
  const all = (
    await selectAssignments(deps.db, user.userKey, user.lmsKey, scope?.assignmentKey)
  ).filter((assignment) => !scope || assignment.curriculumKey === scope.curriculumKey);
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
  if (assignments.length === 0) return { report: null, validUntil, rows: null };
  const rows = await readRows(deps, user, assignments, options, scope);
  // Every assignment read counts, shown or not: the report cache compares the sum (report-tree.ts).
  rows.digests.assignments = all.reduce((sum, assignment) => sum + assignment.rowHash, 0);
  const report = {
    progressReport: assignments.map((assignment) => presentAssignment(rows, assignment)),
    prerequisiteTypes: rows.prerequisiteTypes,
    flaggedLeafAssignments: flaggedOf(rows),
  };
  return { report, validUntil, rows };
}

/**
 * The report of one assignment (its curriculum's tree alone, every assignment state shown): what
 * the launch rules judge a launch and the player's sibling lessons on, without building every
 * curriculum of the student (same five queries, narrowed to the one curriculum).
 */
export async function buildAssignmentReport(
  deps: ReportDeps,
  user: { userKey: number; lmsKey: number },
  nowMs: number,
  scope: AssignmentScope,
): Promise<ProgressReport | null> {
  const options = { showExpired: true, withFlaggedAssignments: false, showEmptyLeafs: false };
  return (await buildTimedProgressReport(deps, user, nowMs, options, scope)).report;
}

async function readRows(
  deps: ReportDeps,
  user: { userKey: number; lmsKey: number },
  assignments: AssignmentRow[],
  options: ProgressReportOptions,
  scope: AssignmentScope | undefined,
): Promise<ReportRows> {
  const { db } = deps;
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
  return {
    user,
    options,
    assignments,
    coursesByCurriculum: groupBy(courses, (row) => row.curriculumKey),
    topicsByCourse: groupBy(topics, (row) => row.courseKey),
    lessonsByTopic: groupBy(lessons, (row) => row.topicKey),
    progress: new Map(progress.map((row) => [progressKey(row.assignmentKey, row.lessonKey), row])),
    prerequisiteTypes,
    packageRules: await loadPackageRules(deps, packages, states),
    digests: {
      assignments: 0,
      progress: progress.reduce((sum, row) => sum + row.rowHash, 0),
      sequencing: states[0]?.digest ?? 0,
    },
  };
}

/**
 * The reports of several students of one LMS at once, every assignment shown (showExpired): the
 * same seven queries for the whole batch instead of seven per student, then each student's trees
 * presented as their own report would present them. Compliance standings recompute hundreds of
 * students a pass with it (docs/decisions/0022). A student with nothing assigned maps to null.
 */
export async function buildProgressReports(
  deps: ReportDeps,
  lmsKey: number,
  userKeys: readonly number[],
): Promise<Map<number, ProgressReport | null>> {
  const reports = new Map<number, ProgressReport | null>(userKeys.map((key) => [key, null]));
  if (userKeys.length === 0) return reports;
  const options = { showExpired: true, withFlaggedAssignments: false, showEmptyLeafs: false };
  const { db } = deps;
  const [assignments, courses, topics, lessons, progress, prerequisiteTypes, packages, states] =
    await Promise.all([
      selectAssignments(db, userKeys, lmsKey),
      selectCourses(db, userKeys),
      selectTopics(db, userKeys),
      selectLessons(db, userKeys),
      selectProgress(db, userKeys),
      selectPrerequisiteTypes(db),
      selectPackageRules(db, userKeys),
      selectSequencingPanels(db, userKeys),
    ]);
  // The tree is per curriculum and the package rules per assignment: shared by the batch.
  const shared = {
    options,
    coursesByCurriculum: groupBy(courses, (row) => row.curriculumKey),
    topicsByCourse: groupBy(topics, (row) => row.courseKey),
    lessonsByTopic: groupBy(lessons, (row) => row.topicKey),
    prerequisiteTypes,
    packageRules: await loadPackageRules(deps, packages, states),
    digests: { assignments: 0, progress: 0, sequencing: 0 },
  };
  const progressByUser = groupBy(progress, (row) => row.userKey);
  for (const [userKey, own] of groupBy(assignments, (row) => row.userKey)) {
    const rows: ReportRows = {
      ...shared,
      user: { userKey, lmsKey },
      assignments: own,
      progress: new Map(
        (progressByUser.get(userKey) ?? []).map((row) => [
          progressKey(row.assignmentKey, row.lessonKey),
          row,
        ]),
      ),
    };
    reports.set(userKey, {
      progressReport: own.map((assignment) => presentAssignment(rows, assignment)),
      prerequisiteTypes,
      flaggedLeafAssignments: [],
    });
  }
  return reports;
}

/** GET /api/CurriculumPrerequisiteTypes: the course-level prerequisite names and keys (§7). */
export function listPrerequisiteTypes(deps: { db: Db }): Promise<PrerequisiteType[]> {
  return selectPrerequisiteTypes(deps.db);
}
