import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** The only SQL of the evaluations module. */

export function findDefinition(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('evaluationDefinition')
    .selectAll()
    .where('lmsKey', '=', lmsKey)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function insertDefinition(
  db: Db,
  values: {
    lmsKey: number;
    name: string;
    description: string;
    anonymous: boolean;
    questions: unknown;
  },
) {
  return db
    .insertInto('evaluationDefinition')
    .values({ ...values, questions: JSON.stringify(values.questions) })
    .returning(['definitionKey', 'name'])
    .executeTakeFirstOrThrow();
}

export function findCurricula(db: Db, lmsKey: number, name: string) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .execute();
}

export function findCourses(db: Db, curriculumKey: number, name: string) {
  return db
    .selectFrom('course')
    .select(['courseKey', 'name'])
    .where('curriculumKey', '=', curriculumKey)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .execute();
}

/** Attaches a definition to a curriculum or course; null when it was attached there already. */
export function insertAttachment(
  db: Db,
  values: { definitionKey: number; curriculumKey: number; courseKey: number | null },
) {
  return (
    db
      .insertInto('evaluationAttachment')
      .values(values)
      // The one unique index: (definition, curriculum, course or 0).
      .onConflict((oc) => oc.doNothing())
      .returning('attachmentKey')
      .executeTakeFirst()
  );
}

/** The attachments of some curricula, with their evaluation's name. */
export function selectAttachments(db: Db, curriculumKeys: number[]) {
  return db
    .selectFrom('evaluationAttachment as a')
    .innerJoin('evaluationDefinition as d', 'd.definitionKey', 'a.definitionKey')
    .select(['a.attachmentKey', 'a.curriculumKey', 'a.courseKey', 'd.name', 'd.lmsKey'])
    .where('a.curriculumKey', 'in', curriculumKeys)
    .orderBy('a.attachmentKey')
    .execute();
}

/** Makes evaluations due, once per attachment and assignment (a second time does nothing). */
export async function insertDueEvaluations(
  db: Db,
  rows: {
    lmsKey: number;
    userKey: number;
    evaluationType: string;
    name: string;
    attachmentKey: number;
    assignmentKey: number;
    dueAt: Date;
  }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('evaluation')
    .values(rows.map((row) => ({ ...row, halfLink: '' })))
    // The one unique index: one row per attachment and assignment (evaluation_due_once).
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The student's evaluations of a type not submitted yet, oldest due first. */
export function selectOpenEvaluations(db: Db, lmsKey: number, userKey: number, type: string) {
  return db
    .selectFrom('evaluation')
    .select(['evaluationKey', 'name', 'halfLink'])
    .where('lmsKey', '=', lmsKey)
    .where('userKey', '=', userKey)
    .where('evaluationType', '=', type)
    .where('submittedAt', 'is', null)
    .orderBy('dueAt')
    .orderBy('evaluationKey')
    .execute();
}

/** One evaluation with its definition and what it evaluates (FOR UPDATE inside a submission). */
export function selectEvaluation(db: Db, evaluationKey: number, forUpdate = false) {
  return db
    .selectFrom('evaluation as e')
    .leftJoin('evaluationAttachment as a', 'a.attachmentKey', 'e.attachmentKey')
    .leftJoin('evaluationDefinition as d', 'd.definitionKey', 'a.definitionKey')
    .leftJoin('curriculum as c', 'c.curriculumKey', 'a.curriculumKey')
    .leftJoin('course as co', 'co.courseKey', 'a.courseKey')
    .select([
      'e.evaluationKey',
      'e.lmsKey',
      'e.userKey',
      'e.name',
      'e.attachmentKey',
      'e.submittedAt',
      'd.definitionKey',
      'd.name as definitionName',
      'd.description',
      'd.anonymous',
      'd.questions',
      'c.name as curriculumName',
      'co.name as courseName',
    ])
    .where('e.evaluationKey', '=', evaluationKey)
    .$if(forUpdate, (qb) => qb.forUpdate('e'))
    .executeTakeFirst();
}

export type EvaluationRow = NonNullable<Awaited<ReturnType<typeof selectEvaluation>>>;

export function insertResponse(
  db: Db,
  values: {
    definitionKey: number;
    attachmentKey: number;
    userKey: number | null;
    answers: unknown;
    submittedAt: Date;
  },
) {
  return db
    .insertInto('evaluationResponse')
    .values({ ...values, answers: JSON.stringify(values.answers) })
    .execute();
}

export function markSubmitted(db: Db, evaluationKey: number, at: Date) {
  return db
    .updateTable('evaluation')
    .set({ submittedAt: at })
    .where('evaluationKey', '=', evaluationKey)
    .where('submittedAt', 'is', null)
    .executeTakeFirst();
}

/** Every response to a definition with who answered (none when anonymous) and what it was about. */
export function selectResponses(db: Db, definitionKey: number) {
  return db
    .selectFrom('evaluationResponse as r')
    .innerJoin('evaluationAttachment as a', 'a.attachmentKey', 'r.attachmentKey')
    .innerJoin('curriculum as c', 'c.curriculumKey', 'a.curriculumKey')
    .leftJoin('course as co', 'co.courseKey', 'a.courseKey')
    .leftJoin('appUser as u', 'u.userKey', 'r.userKey')
    .select([
      'r.responseKey',
      'r.answers',
      'r.submittedAt',
      'c.name as curriculumName',
      'co.name as courseName',
      'u.userId',
      'u.nameOther',
      'u.nameCollated',
      'u.employeeId',
    ])
    .where('r.definitionKey', '=', definitionKey)
    .orderBy('r.responseKey')
    .execute();
}
