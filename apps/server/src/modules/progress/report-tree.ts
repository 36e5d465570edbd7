/**
 * The progress report presented from its rows (docs/decisions/0004): pure. The report cache keeps
 * the rows with an entry so that, after a commit changes some progress rows, it re-presents only
 * the curricula they belong to (docs/decisions/0006, Patching after a commit).
 */
import type {
  FlaggedLeafAssignment,
  PrerequisiteType,
  ProgressElement,
  ProgressReportOptions,
} from '@waypoint/domain/contract';
import { courseLocks, type PackageRules } from '../sequencing/index.js';
import { presentCourse, presentCurriculum, presentLesson, presentTopic } from './presenter.js';
import type { AssignmentRow, CourseRow, LessonRow, ProgressRow, TopicRow } from './repo.js';

/** The rows a report is presented from. */
export interface ReportRows {
  user: { userKey: number; lmsKey: number };
  options: ProgressReportOptions;
  /** The assignments shown, in report order (one curriculum element each). */
  assignments: AssignmentRow[];
  coursesByCurriculum: Map<number, CourseRow[]>;
  topicsByCourse: Map<number, TopicRow[]>;
  lessonsByTopic: Map<number, LessonRow[]>;
  /** Every progress row of the student's live assignments, by progressKey. */
  progress: Map<string, ProgressRow>;
  prerequisiteTypes: PrerequisiteType[];
  packageRules: PackageRules;
  /**
   * Sums of the hashes of the rows read (repo.ts rowHash): the student's assignments (all of them
   * read, shown or not), progress rows and sequencing states. A patch compares them with the
   * database's to know that nothing else changed (docs/decisions/0006).
   */
  digests: { assignments: number; progress: number; sequencing: number };
}

/** The key of a progress row: progress is per assignment and lesson (docs/decisions/0004). */
export const progressKey = (assignmentKey: number, lessonKey: number) =>
  `${assignmentKey}:${lessonKey}`;

/** Groups rows by a key, keeping their order. */
export function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** One assignment's curriculum as an element tree with the student's progress (§3). */
export function presentAssignment(rows: ReportRows, assignment: AssignmentRow): ProgressElement {
  const { user, options, topicsByCourse, lessonsByTopic, progress, packageRules } = rows;
  const context = {
    curriculumKey: assignment.curriculumKey,
    assignmentKey: assignment.assignmentKey,
    certificates: {
      lmsKey: user.lmsKey,
      userKey: user.userKey,
      allowed: assignment.allowStudentsToViewCertificates > 0,
    },
  };
  const keepEmpty = <T extends { elementChildren: unknown[] }>(element: T) =>
    options.showEmptyLeafs || element.elementChildren.length > 0;
  const progressOf = (lesson: { lessonKey: number }) =>
    progress.get(progressKey(assignment.assignmentKey, lesson.lessonKey));
  const courseElements = (rows.coursesByCurriculum.get(assignment.curriculumKey) ?? [])
    .map((course) => {
      const courseTopics = topicsByCourse.get(course.courseKey) ?? [];
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
}

/** The lessons completed offline (§3 flaggedLeafAssignments) of the assignments shown, in key order. */
export function flaggedOf(rows: ReportRows): FlaggedLeafAssignment[] {
  if (!rows.options.withFlaggedAssignments) return [];
  const shown = new Set(rows.assignments.map((a) => a.assignmentKey));
  return [...rows.progress.values()]
    .filter((row) => row.flaggedOffline && shown.has(row.assignmentKey))
    .sort((a, b) => a.assignmentKey - b.assignmentKey || a.lessonKey - b.lessonKey)
    .map((row) => ({ assignmentKey: row.assignmentKey, leafKey: row.lessonKey }));
}

/** A commit's progress rows as the database now has them (missing: deleted). */
export interface ProgressChange {
  asked: ReadonlyArray<{ assignmentKey: number; lessonKey: number }>;
  rows: ProgressRow[];
}

/**
 * The sum of the progress rows' hashes once the change is applied: equal to the database's when
 * nothing but those rows changed since the rows were read.
 */
export function progressDigestAfter(rows: ReportRows, change: ProgressChange): number {
  let digest = rows.digests.progress;
  for (const { assignmentKey, lessonKey } of change.asked) {
    digest -= rows.progress.get(progressKey(assignmentKey, lessonKey))?.rowHash ?? 0;
  }
  for (const row of change.rows) digest += row.rowHash;
  return digest;
}

/**
 * Applies a commit's progress rows to the kept rows; answers the indexes (in rows.assignments) of
 * the curricula to present again: everything that depends on a lesson's progress lies within its
 * assignment's curriculum (topic, course and curriculum roll-ups, package locks and rollups).
 */
export function applyProgress(rows: ReportRows, change: ProgressChange): Set<number> {
  const digest = progressDigestAfter(rows, change);
  const touched = new Set<number>();
  for (const { assignmentKey, lessonKey } of change.asked) {
    rows.progress.delete(progressKey(assignmentKey, lessonKey));
    touched.add(assignmentKey);
  }
  for (const row of change.rows) {
    rows.progress.set(progressKey(row.assignmentKey, row.lessonKey), row);
    touched.add(row.assignmentKey);
  }
  rows.digests.progress = digest;
  const curricula = new Set<number>();
  rows.assignments.forEach((assignment, index) => {
    if (touched.has(assignment.assignmentKey)) curricula.add(index);
  });
  return curricula;
}
