/**
 * The training programme's rules (docs/decisions/0021): the tree; edits of a curriculum, course,
 * topic or lesson checked by the domain's rules (§3/§4), each written with its audit event in one
 * transaction; order; classroom lessons. An edit of a curriculum that is assigned takes effect for
 * its students at once: this instance's report cache is emptied, and the content version the
 * tables' triggers bump tells every other instance (migration 0004). Recorded progress
 * (lesson_progress) is never written here: a student's status follows the new rule from the same
 * stored rows.
 */
import {
  CLASSROOM_PLAYER,
  courseProblems,
  curriculumProblems,
  lessonProblems,
  moveAmongSiblings,
  nameProblem,
  descriptionProblem,
  topicProblems,
  type CourseSettings,
  type CurriculumSettings,
  type LessonSettings,
  type TopicSettings,
} from '@waypoint/domain/staff';
import type { ProgrammeChange, ProgrammeTree } from '@waypoint/domain/console-contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CourseTable, CurriculumTable, LessonTable, TopicTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { ReportCache } from '../progress/report-cache.js';
import { recordAudit, type AuditActor } from '../staff/audit.js';
import { durationDays, presentTree } from './presenter.js';
import * as repo from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the programme's services need (app.deps has it). */
export interface ProgrammeDeps {
  db: Db;
  clock: Clock;
  state: { reportCache: Pick<ReportCache, 'invalidate'> };
}

/** Who acts, and in which LMS. */
export interface ProgrammeActor {
  lmsKey: number;
  actor: AuditActor;
}

export const refused = (problems: string[]) => new HttpError(400, problems.join(' '));
const noSuch = (what: string) => new HttpError(404, `No such ${what}.`);

/** The LMS's whole programme. */
export async function readProgramme(deps: { db: Db }, lmsKey: number): Promise<ProgrammeTree> {
  const [curricula, courses, topics, lessons, prerequisiteTypes] = await Promise.all([
    repo.selectCurricula(deps.db, lmsKey),
    repo.selectCourses(deps.db, lmsKey),
    repo.selectTopics(deps.db, lmsKey),
    repo.selectLessons(deps.db, lmsKey),
    repo.selectPrerequisiteTypes(deps.db),
  ]);
  return presentTree({ curricula, courses, topics, lessons, prerequisiteTypes });
}

/** How one level of the tree is edited. */
interface EditSpec<S extends { name: string }> {
  level: 'curriculum' | 'course' | 'topic' | 'lesson';
  /** The item's settings as the rules read them, locked; undefined when not in the LMS. */
  lock(trx: Db, lmsKey: number, key: number): Promise<S | undefined>;
  problems(settings: S): string[];
  write(trx: Db, key: number, change: Partial<S>): Promise<void>;
}

/** The fields whose values differ. */
function changedFields<S extends object>(before: S, after: S): (keyof S)[] {
  return (Object.keys(after) as (keyof S)[]).filter((field) => before[field] !== after[field]);
}

const pick = <S extends object>(settings: S, fields: (keyof S)[]) =>
  Object.fromEntries(fields.map((field) => [field, settings[field]])) as Partial<S>;

/**
 * Applies an edit: the item (404 when not in the LMS), the settings after it checked by the
 * rules (400 with every problem, nothing written), the changed fields written with their audit
 * event, the report caches told.
 */
async function applyEdit<S extends { name: string }>(
  deps: ProgrammeDeps,
  who: ProgrammeActor,
  spec: EditSpec<S>,
  key: number,
  edit: Partial<S>,
): Promise<ProgrammeChange> {
  const changed = await deps.db.transaction().execute(async (trx) => {
    const before = await spec.lock(trx, who.lmsKey, key);
    if (!before) throw noSuch(spec.level);
    const given = Object.fromEntries(
      Object.entries(edit).filter(([, value]) => value !== undefined),
    ) as Partial<S>;
    if (typeof given.name === 'string') given.name = given.name.trim();
    const after = { ...before, ...given };
    const problems = spec.problems(after);
    if (problems.length > 0) throw refused(problems);
    const fields = changedFields(before, after);
    if (fields.length === 0) return fields;
    await spec.write(trx, key, pick(after, fields));
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: `programme.${spec.level}.update`,
        targetType: spec.level,
        targetKey: key,
        summary: `Edited ${spec.level} '${after.name || before.name}': ${fields.join(', ')}`,
        before: pick(before, fields),
        after: pick(after, fields),
      },
    ]);
    return fields;
  });
  if (changed.length > 0) deps.state.reportCache.invalidate();
  return { key, changed: changed.map(String) };
}

const curriculumSpec: EditSpec<CurriculumSettings> = {
  level: 'curriculum',
  async lock(trx, lmsKey, key) {
    const row = await repo.lockCurriculum(trx, lmsKey, key);
    return (
      row && {
        name: row.name,
        description: row.description,
        defaultDurationDays: durationDays(row.defaultDurationMs),
        defaultDueDate: row.defaultDueDate,
        validityRule: row.validityRule,
        validityMonths: row.validityMonths,
      }
    );
  },
  problems: curriculumProblems,
  async write(trx, key, change) {
    const row: Updateable<CurriculumTable> = {};
    if (change.name !== undefined) row.name = change.name;
    if (change.description !== undefined) row.description = change.description;
    if (change.defaultDurationDays !== undefined)
      row.defaultDurationMs =
        change.defaultDurationDays === null ? null : change.defaultDurationDays * DAY_MS;
    if (change.defaultDueDate !== undefined) row.defaultDueDate = change.defaultDueDate;
    // A new rule counts the completions recorded after it (validity/periods.ts).
    if (change.validityRule !== undefined) row.validityRule = change.validityRule;
    if (change.validityMonths !== undefined) row.validityMonths = change.validityMonths;
    await repo.updateCurriculum(trx, key, row);
  },
};

const courseSpec: EditSpec<CourseSettings> = {
  level: 'course',
  async lock(trx, lmsKey, key) {
    const row = await repo.lockCourse(trx, lmsKey, key);
    return (
      row && {
        name: row.name,
        description: row.description,
        draft: row.draft > 0,
        prerequisiteKey: row.prerequisiteKey,
        minScore: Number(row.minScore),
        minScorePass: Number(row.minScorePass),
      }
    );
  },
  problems: courseProblems,
  async write(trx, key, change) {
    const { draft, ...rest } = change;
    const row: Updateable<CourseTable> = { ...rest };
    if (draft !== undefined) row.draft = draft ? 1 : 0;
    await repo.updateCourse(trx, key, row);
  },
};

const topicSpec: EditSpec<TopicSettings> = {
  level: 'topic',
  async lock(trx, lmsKey, key) {
    const row = await repo.lockTopic(trx, lmsKey, key);
    return row && { name: row.name, description: row.description, prerequisite: row.prerequisite };
  },
  problems: topicProblems,
  async write(trx, key, change) {
    await repo.updateTopic(trx, key, change as Updateable<TopicTable>);
  },
};

/** A lesson's settings and whether its score counts (§4 Lesson status: "scorable"). */
type LessonEditSettings = LessonSettings & { scorable: boolean };

const lessonSpec: EditSpec<LessonEditSettings> = {
  level: 'lesson',
  async lock(trx, lmsKey, key) {
    const row = await repo.lockLesson(trx, lmsKey, key);
    return (
      row && {
        name: row.name,
        description: row.description,
        playMode: row.playMode,
        prerequisite: row.prerequisite,
        maxAttempts: row.maxAttempts,
        minScoreComplete: Number(row.minScoreComplete),
        minScorePass: Number(row.minScorePass),
        scorable: row.scorable > 0,
      }
    );
  },
  problems: lessonProblems,
  async write(trx, key, change) {
    const { scorable, ...rest } = change;
    const row: Updateable<LessonTable> = { ...rest };
    if (scorable !== undefined) row.scorable = scorable ? 1 : 0;
    await repo.updateLesson(trx, key, row);
  },
};

export const editCurriculum = (
  deps: ProgrammeDeps,
  who: ProgrammeActor,
  key: number,
  edit: Partial<CurriculumSettings>,
) => applyEdit(deps, who, curriculumSpec, key, edit);

export const editCourse = (
  deps: ProgrammeDeps,
  who: ProgrammeActor,
  key: number,
  edit: Partial<CourseSettings>,
) => applyEdit(deps, who, courseSpec, key, edit);

export const editTopic = (
  deps: ProgrammeDeps,
  who: ProgrammeActor,
  key: number,
  edit: Partial<TopicSettings>,
) => applyEdit(deps, who, topicSpec, key, edit);

export const editLesson = (
  deps: ProgrammeDeps,
  who: ProgrammeActor,
  key: number,
  edit: Partial<LessonEditSettings>,
) => applyEdit(deps, who, lessonSpec, key, edit);

type Level = 'course' | 'topic' | 'lesson';

/** The item's name and its parent's key, or undefined when not in the LMS. */
async function placeOf(trx: Db, lmsKey: number, level: Level, key: number) {
  if (level === 'course') {
    const row = await repo.lockCourse(trx, lmsKey, key);
    return row && { name: row.name, parentKey: row.curriculumKey };
  }
  if (level === 'topic') {
    const row = await repo.lockTopic(trx, lmsKey, key);
    return row && { name: row.name, parentKey: row.courseKey };
  }
  const row = await repo.lockLesson(trx, lmsKey, key);
  return row && { name: row.name, parentKey: row.topicKey };
}

/** Moves a course, topic or lesson one place up or down among its siblings (§2: their order). */
export async function moveItem(
  deps: ProgrammeDeps,
  who: ProgrammeActor,
  level: Level,
  key: number,
  direction: 'up' | 'down',
): Promise<ProgrammeChange> {
  await deps.db.transaction().execute(async (trx) => {
    const item = await placeOf(trx, who.lmsKey, level, key);
    if (!item) throw noSuch(level);
    const siblings = await repo.siblingKeys(trx, level, item.parentKey);
    const order = moveAmongSiblings(siblings, key, direction);
    if (!order) {
      throw new HttpError(
        400,
        `The ${level} is already the ${direction === 'up' ? 'first' : 'last'}; it cannot move ${direction}.`,
      );
    }
    await repo.renumber(trx, level, order);
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: `programme.${level}.move`,
        targetType: level,
        targetKey: key,
        summary: `Moved ${level} '${item.name}' ${direction}`,
        before: { position: siblings.indexOf(key) + 1 },
        after: { position: order.indexOf(key) + 1 },
      },
    ]);
  });
  deps.state.reportCache.invalidate();
  return { key, changed: ['sortOrder'] };
}

/** Adds a classroom lesson (player 'CLAS', nothing to play online; §2) at the end of a topic. */
export async function addClassroomLesson(
  deps: ProgrammeDeps,
  who: ProgrammeActor,
  topicKey: number,
  input: { name: string; description?: string },
): Promise<ProgrammeChange> {
  const name = input.name.trim();
  const description = input.description ?? '';
  const problems = [nameProblem(name, 'lesson name'), descriptionProblem(description)].filter(
    (problem): problem is string => problem !== null,
  );
  if (problems.length > 0) throw refused(problems);
  const lessonKey = await deps.db.transaction().execute(async (trx) => {
    const topic = await repo.lockTopic(trx, who.lmsKey, topicKey);
    if (!topic) throw noSuch('topic');
    const row = { topicKey, name, description, player: CLASSROOM_PLAYER };
    const key = await repo.insertLessonLast(trx, row);
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: 'programme.classroom.add',
        targetType: 'lesson',
        targetKey: key,
        summary: `Added classroom lesson '${name}' to topic ${topicKey}`,
        after: row,
      },
    ]);
    return key;
  });
  deps.state.reportCache.invalidate();
  return { key: lessonKey, changed: ['created'] };
}
