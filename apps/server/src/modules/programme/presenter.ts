import type { ProgrammeCurriculum, ProgrammeTree } from '@waypoint/domain/console-contract';
import type * as repo from './repo.js';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(keyOf(row));
    if (list) list.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}

/** A stored default duration as whole days (the console edits days). */
export const durationDays = (ms: number | null): number | null =>
  ms === null ? null : Math.round(Number(ms) / DAY_MS);

/** The programme tree from its four row sets (each in order). */
export function presentTree(rows: {
  curricula: Rows<typeof repo.selectCurricula>;
  courses: Rows<typeof repo.selectCourses>;
  topics: Rows<typeof repo.selectTopics>;
  lessons: Rows<typeof repo.selectLessons>;
  prerequisiteTypes: Rows<typeof repo.selectPrerequisiteTypes>;
}): ProgrammeTree {
  const coursesOf = groupBy(rows.courses, (row) => row.curriculumKey);
  const topicsOf = groupBy(rows.topics, (row) => row.courseKey);
  const lessonsOf = groupBy(rows.lessons, (row) => row.topicKey);
  const curricula: ProgrammeCurriculum[] = rows.curricula.map((curriculum) => ({
    curriculumKey: curriculum.curriculumKey,
    name: curriculum.name,
    description: curriculum.description,
    inLibrary: curriculum.inLibrary,
    defaultDurationDays: durationDays(curriculum.defaultDurationMs),
    defaultDueDate: curriculum.defaultDueDate,
    validityRule: curriculum.validityRule,
    validityMonths: curriculum.validityMonths,
    assignedCount: Number(curriculum.assignedCount ?? 0),
    courses: (coursesOf.get(curriculum.curriculumKey) ?? []).map((course) => ({
      courseKey: course.courseKey,
      name: course.name,
      description: course.description,
      sortOrder: course.sortOrder,
      draft: course.draft > 0,
      prerequisiteKey: course.prerequisiteKey,
      minScore: Number(course.minScore),
      minScorePass: Number(course.minScorePass),
      topics: (topicsOf.get(course.courseKey) ?? []).map((topic) => ({
        topicKey: topic.topicKey,
        name: topic.name,
        description: topic.description,
        sortOrder: topic.sortOrder,
        prerequisite: topic.prerequisite,
        lessons: (lessonsOf.get(topic.topicKey) ?? []).map((lesson) => ({
          lessonKey: lesson.lessonKey,
          name: lesson.name,
          description: lesson.description,
          sortOrder: lesson.sortOrder,
          playMode: lesson.playMode,
          prerequisite: lesson.prerequisite,
          maxAttempts: lesson.maxAttempts,
          minScoreComplete: Number(lesson.minScoreComplete),
          minScorePass: Number(lesson.minScorePass),
          scorable: lesson.scorable > 0,
          scoreWeight: Number(lesson.scoreWeight),
          player: lesson.player,
          content:
            lesson.packageKey === null
              ? null
              : {
                  packageKey: lesson.packageKey,
                  packageTitle: lesson.packageTitle ?? '',
                  scormVersion: lesson.scormVersion ?? '',
                  scoTitle: lesson.scoTitle ?? '',
                },
        })),
      })),
    })),
  }));
  return { curricula, prerequisiteTypes: rows.prerequisiteTypes };
}
