import type { Db } from '../connection.js';

/** What a student has done in one lesson (times relative to the seed's "now"). */
export interface ProgressSeed {
  attempts: number;
  /** 1 complete, 0 not, negative failure codes (spec §4 "Completion codes"). */
  completion: number;
  completedDaysAgo?: number;
  score?: number;
  credit?: number;
  location?: number;
  maxLocation?: number;
  progressMeasure?: number;
  totalTimeMinutes?: number;
  lastLaunchedHoursAgo?: number;
  flaggedOffline?: boolean;
}

export interface LessonSeed {
  name: string;
  description?: string;
  playMode?: 1 | 2 | 3;
  prerequisite?: 0 | 1 | 2;
  maxAttempts?: number;
  minScorePass?: number;
  minScoreComplete?: number;
  scoreWeight?: number;
  scorable?: number;
  player?: string;
  launchData?: Record<string, unknown>;
  maxLocation?: number;
  progress?: ProgressSeed;
}

export interface TopicSeed {
  name: string;
  prerequisite?: 0 | 1 | 2;
  lessons: LessonSeed[];
}

export interface CourseSeed {
  name: string;
  description?: string;
  draft?: number;
  /** curriculum_prerequisite_type: 0 None, 1 PreviousCourse, 2 AllPreviousCourses. */
  prerequisiteKey?: 0 | 1 | 2;
  minScorePass?: number;
  topics: TopicSeed[];
}

export interface AssignmentSeed {
  assignedDaysAgo: number;
  startDaysAgo: number;
  /** null: the default (open-ended) curriculum duration of the database. */
  durationDays: number | null;
  flaggedOfflineCompletion?: boolean;
}

export interface CurriculumSeed {
  name: string;
  description: string;
  certificateUrl?: string;
  inLibrary?: boolean;
  courses: CourseSeed[];
}

/** One demo curriculum and how `student` is assigned to it (null: not assigned). */
export interface DemoCurriculum {
  curriculum: CurriculumSeed;
  assignment: AssignmentSeed | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Inserts a curriculum with its courses, topics and lessons; returns its key and lessons by name. */
export async function insertCurriculum(
  db: Db,
  lmsKey: number,
  seed: CurriculumSeed,
): Promise<{
  curriculumKey: number;
  lessons: Map<string, { lessonKey: number; seed: LessonSeed }>;
}> {
  const { curriculumKey } = await db
    .insertInto('curriculum')
    .values({
      lmsKey,
      name: seed.name,
      description: seed.description,
      certificateUrl: seed.certificateUrl ?? '',
      inLibrary: seed.inLibrary ?? false,
    })
    .returning('curriculumKey')
    .executeTakeFirstOrThrow();
  const lessons = new Map<string, { lessonKey: number; seed: LessonSeed }>();
  for (const [courseIndex, course] of seed.courses.entries()) {
    const { courseKey } = await db
      .insertInto('course')
      .values({
        curriculumKey,
        sortOrder: courseIndex,
        name: course.name,
        description: course.description ?? '',
        draft: course.draft ?? 0,
        prerequisiteKey: course.prerequisiteKey ?? 0,
        minScorePass: course.minScorePass ?? 0,
      })
      .returning('courseKey')
      .executeTakeFirstOrThrow();
    for (const [topicIndex, topic] of course.topics.entries()) {
      const { topicKey } = await db
        .insertInto('topic')
        .values({
          courseKey,
          sortOrder: topicIndex,
          name: topic.name,
          prerequisite: topic.prerequisite ?? 0,
        })
        .returning('topicKey')
        .executeTakeFirstOrThrow();
      if (topic.lessons.length === 0) continue;
      const rows = await db
        .insertInto('lesson')
        .values(
          topic.lessons.map((lesson, lessonIndex) => ({
            topicKey,
            sortOrder: lessonIndex,
            name: lesson.name,
            description: lesson.description ?? '',
            // No content here: demo-content.ts imports the demo SCORM packages after the seed
            // commits and points every lesson with something to play at its SCO.
            scoKey: null,
            playMode: lesson.playMode ?? 1,
            prerequisite: lesson.prerequisite ?? 0,
            maxAttempts: lesson.maxAttempts ?? 0,
            minScorePass: lesson.minScorePass ?? 0,
            minScoreComplete: lesson.minScoreComplete ?? 0,
            scoreWeight: lesson.scoreWeight ?? 0,
            scorable: lesson.scorable ?? 0,
            player: lesson.player ?? '',
            launchData: JSON.stringify(lesson.launchData ?? {}),
            maxLocation: lesson.maxLocation ?? 0,
          })),
        )
        .returning(['lessonKey', 'sortOrder'])
        .execute();
      for (const row of rows) {
        const lesson = topic.lessons[row.sortOrder]!;
        lessons.set(lesson.name, { lessonKey: row.lessonKey, seed: lesson });
      }
    }
  }
  return { curriculumKey, lessons };
}

/** Assigns a curriculum to a user and records the progress its lesson seeds describe. */
export async function assignCurriculum(
  db: Db,
  now: Date,
  userKey: number,
  curriculum: Awaited<ReturnType<typeof insertCurriculum>>,
  assignment: AssignmentSeed,
  withProgress = true,
): Promise<number> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const { assignmentKey } = await db
    .insertInto('assignment')
    .values({
      userKey,
      curriculumKey: curriculum.curriculumKey,
      assignedAt: at(assignment.assignedDaysAgo),
      startDate: at(assignment.startDaysAgo),
      ...(assignment.durationDays === null ? {} : { durationMs: assignment.durationDays * DAY_MS }),
      flaggedOfflineCompletion: assignment.flaggedOfflineCompletion ?? false,
    })
    .returning('assignmentKey')
    .executeTakeFirstOrThrow();
  const progress = withProgress
    ? [...curriculum.lessons.values()].filter((lesson) => lesson.seed.progress)
    : [];
  if (progress.length === 0) return assignmentKey;
  await db
    .insertInto('lessonProgress')
    .values(
      progress.map(({ lessonKey, seed }) => {
        const p = seed.progress!;
        return {
          assignmentKey,
          lessonKey,
          userKey,
          attempts: p.attempts,
          completion: p.completion,
          completionInstant: p.completedDaysAgo === undefined ? null : at(p.completedDaysAgo),
          score: p.score ?? 0,
          credit: p.credit ?? 0,
          location: p.location ?? 0,
          maxLocation: p.maxLocation ?? seed.maxLocation ?? 0,
          progressMeasure: p.progressMeasure ?? 0,
          totalTimeMs: Math.round((p.totalTimeMinutes ?? 0) * 60_000),
          lastLaunchedAt:
            p.lastLaunchedHoursAgo === undefined
              ? null
              : new Date(now.getTime() - p.lastLaunchedHoursAgo * HOUR_MS),
          flaggedOffline: p.flaggedOffline ?? false,
        };
      }),
    )
    .execute();
  // The demo's history is imported, not played: each lesson's latest attempt is its record
  // (ADR 0023), ended once it has a result, still open (resumable) while in progress.
  await db
    .insertInto('lessonAttempt')
    .values(
      progress.map(({ lessonKey, seed }) => {
        const p = seed.progress!;
        const lastLaunched =
          p.lastLaunchedHoursAgo === undefined
            ? null
            : new Date(now.getTime() - p.lastLaunchedHoursAgo * HOUR_MS);
        const completed = p.completedDaysAgo === undefined ? null : at(p.completedDaysAgo);
        // A completed attempt started its time before it completed; a lesson launched again later
        // (to review it) does not move that start.
        const durationMs = Math.round((p.totalTimeMinutes ?? 0) * 60_000);
        const completedStart = completed && new Date(completed.getTime() - durationMs);
        const startedAt =
          lastLaunched && completedStart
            ? new Date(Math.min(lastLaunched.getTime(), completedStart.getTime()))
            : (lastLaunched ?? completedStart ?? at(assignment.startDaysAgo));
        return {
          assignmentKey,
          lessonKey,
          number: Math.max(p.attempts, 1),
          userKey,
          source: 'imported' as const,
          startedAt,
          endedAt: p.completion === 0 ? null : (completed ?? startedAt),
          updatedAt: completed ?? startedAt,
          completion: p.completion,
          credit: p.credit ?? 0,
          score: p.score ?? null,
          progressMeasure: p.progressMeasure ?? null,
          completionInstant: completed,
          durationMs,
          flaggedOffline: p.flaggedOffline ?? false,
        };
      }),
    )
    .execute();
  return assignmentKey;
}
