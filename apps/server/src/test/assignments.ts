import type { Db } from '../db/connection.js';
import { buildUser } from './factories.js';

/** Test data for the assignment tests: curricula with one lesson, and students of a base. */

/** A curriculum with one course, topic and lesson (no content: the tree is what the report lists). */
export async function buildCurriculum(db: Db, lmsKey: number, name: string) {
  const curriculum = await db
    .insertInto('curriculum')
    .values({ lmsKey, name })
    .returning('curriculumKey')
    .executeTakeFirstOrThrow();
  const course = await db
    .insertInto('course')
    .values({ curriculumKey: curriculum.curriculumKey, name: `${name} course` })
    .returning('courseKey')
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto('topic')
    .values({ courseKey: course.courseKey, name: `${name} topic` })
    .returning('topicKey')
    .executeTakeFirstOrThrow();
  const lesson = await db
    .insertInto('lesson')
    .values({ topicKey: topic.topicKey, name: `${name} lesson` })
    .returning('lessonKey')
    .executeTakeFirstOrThrow();
  return { curriculumKey: curriculum.curriculumKey, lessonKey: lesson.lessonKey, name };
}

/** A student of a base, in that base's restriction group (as the demo LMS and imports make them). */
export function buildStudent(
  db: Db,
  lmsKey: number,
  base: string,
  fields: { fleet?: string; position?: string; userId?: string } = {},
) {
  return buildUser(db, lmsKey, { base, restrictionGroup: base, ...fields });
}

/** A person's held (not removed) assignments: curriculum key -> assignment key. */
export async function heldAssignments(db: Db, userKey: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('assignment')
    .select(['curriculumKey', 'assignmentKey'])
    .where('userKey', '=', userKey)
    .where('removedAt', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.curriculumKey, row.assignmentKey]));
}

/** Counts of the assignment and audit tables, to show a refused request wrote nothing. */
export async function writeCounts(db: Db) {
  const [assignments, audit, rules] = await Promise.all([
    db
      .selectFrom('assignment')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('removedAt').as('removed'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('auditEvent')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('assignmentRule')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    assignments: Number(assignments.n),
    removed: Number(assignments.removed),
    audit: Number(audit.n),
    rules: Number(rules.n),
  };
}
