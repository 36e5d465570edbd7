import { sql } from 'kysely';
import type { ValidityRuleKind } from '@waypoint/domain/staff';
import type { Db } from '../../db/connection.js';

/**
 * The only SQL of validity rules (docs/decisions/0022 "Validity rules"): each curriculum's rule
 * and the qualification periods (migration 0029), one per completion, appended and never changed.
 */

export interface CurriculumRuleRow {
  curriculumKey: number;
  validityRule: ValidityRuleKind;
  validityMonths: number;
}

/** The rules of these curricula. */
export async function curriculumRules(db: Db, curricula: number[]): Promise<CurriculumRuleRow[]> {
  if (curricula.length === 0) return [];
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'validityRule', 'validityMonths'])
    .where('curriculumKey', 'in', curricula)
    .execute();
}

/** A curriculum of the LMS by key, with its rule. */
export async function curriculumRuleOf(db: Db, lmsKey: number, curriculumKey: number) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name', 'validityRule', 'validityMonths'])
    .where('lmsKey', '=', lmsKey)
    .where('curriculumKey', '=', curriculumKey)
    .executeTakeFirst();
}

/** Sets a curriculum's rule (applies to completions recorded from now on). */
export async function setCurriculumRule(
  db: Db,
  curriculumKey: number,
  rule: { validityRule: ValidityRuleKind; validityMonths: number },
): Promise<void> {
  await db.updateTable('curriculum').set(rule).where('curriculumKey', '=', curriculumKey).execute();
}

export interface PeriodRow {
  assignmentKey: number;
  recordedAt?: Date;
  number: number;
  completedAt: Date;
  validUntil: Date | null;
  recurrentDueAt: Date | null;
  windowOpensAt: Date | null;
  validityRule: ValidityRuleKind;
  validityMonths: number;
}

const PERIOD_COLUMNS = [
  'assignmentKey',
  'number',
  'completedAt',
  'validUntil',
  'recurrentDueAt',
  'windowOpensAt',
  'validityRule',
  'validityMonths',
] as const;

/** The latest period of each of these assignments (those with none are left out). */
export async function latestPeriods(db: Db, assignmentKeys: number[]): Promise<PeriodRow[]> {
  if (assignmentKeys.length === 0) return [];
  return db
    .selectFrom('qualificationPeriod')
    .distinctOn('assignmentKey')
    .select(PERIOD_COLUMNS)
    .where('assignmentKey', 'in', assignmentKeys)
    .orderBy('assignmentKey')
    .orderBy('number', 'desc')
    .execute();
}

/** Every period of an assignment, oldest first. */
export async function periodsOf(db: Db, assignmentKey: number): Promise<PeriodRow[]> {
  return db
    .selectFrom('qualificationPeriod')
    .select(PERIOD_COLUMNS)
    .where('assignmentKey', '=', assignmentKey)
    .orderBy('number')
    .execute();
}

/**
 * Appends periods; a number another instance took first is left as it recorded it (both worked
 * out the same completion from the same previous period).
 */
export async function appendPeriods(db: Db, rows: PeriodRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('qualificationPeriod')
    .values(rows)
    .onConflict((oc) => oc.columns(['assignmentKey', 'number']).doNothing())
    .execute();
}

/** Periods whose next cycle has opened by `now` and not been started, oldest first. */
export async function openingPeriods(db: Db, now: Date, limit: number) {
  const result = await sql<PeriodRow & { userKey: number; removed: boolean; latest: number }>`
    select p.assignment_key as "assignmentKey", p.number, p.completed_at as "completedAt",
           p.valid_until as "validUntil", p.recurrent_due_at as "recurrentDueAt",
           p.window_opens_at as "windowOpensAt", p.validity_rule as "validityRule",
           p.validity_months as "validityMonths", a.user_key as "userKey",
           a.removed_at is not null as removed,
           (select max(q.number) from qualification_period q
             where q.assignment_key = p.assignment_key) as latest
      from qualification_period p join assignment a on a.assignment_key = p.assignment_key
     where p.cycle_started_at is null and p.window_opens_at is not null
       and p.window_opens_at <= ${now}
       -- Only a window that opened after the completion was recorded: old completions recorded
       -- at an upgrade (their windows long open) never restart anyone's training by surprise.
       and p.window_opens_at >= p.recorded_at
     order by p.window_opens_at limit ${limit}`.execute(db);
  return result.rows;
}

/** Marks a period's next cycle started; false when another instance did it first. */
export async function markCycleStarted(
  db: Db,
  assignmentKey: number,
  number: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('qualificationPeriod')
    .set({ cycleStartedAt: now })
    .where('assignmentKey', '=', assignmentKey)
    .where('number', '=', number)
    .where('cycleStartedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Starts an assignment's next recurrent cycle (cycle.ts), in the caller's transaction:
 * - the assignment runs from the window's opening to the recurrent due date (§4 start plus
 *   duration), which every due list, the calendar, its feed and the reminders read;
 * - each lesson's open attempt ends with its cmi (lesson_attempt keeps every attempt, ADR 0023);
 * - each lesson's current state starts over (result, bookmark, cmi): the next launch is a new
 *   attempt. The count of attempts and the time spent stay (the next attempt is numbered on).
 * - the sequencing state of the cycle that ended goes: its rollup would say complete again.
 * The completed cycle stays in its qualification period and its ended attempts.
 */
export async function startCycle(
  db: Db,
  cycle: { assignmentKey: number; startAt: Date; dueAt: Date; now: Date },
): Promise<void> {
  await db
    .updateTable('assignment')
    .set({
      startDate: cycle.startAt,
      durationMs: cycle.dueAt.getTime() - cycle.startAt.getTime(),
    })
    .where('assignmentKey', '=', cycle.assignmentKey)
    .execute();
  await sql`update lesson_attempt la set ended_at = ${cycle.now}, cmi = lp.cmi
      from lesson_progress lp
     where la.assignment_key = ${cycle.assignmentKey} and la.ended_at is null
       and lp.assignment_key = la.assignment_key and lp.lesson_key = la.lesson_key`.execute(db);
  await db
    .updateTable('lessonProgress')
    .set({
      completion: 0,
      credit: 0,
      score: 0,
      progressMeasure: 0,
      completionInstant: null,
      location: 0,
      locationBlob: '',
      suspendData: '',
      cmi: '{}',
      flaggedOffline: false,
      // The new cycle's attempt limit counts its own attempts; the numbers go on (ADR 0023).
      cycleStartAttempts: sql<number>`attempts`,
      updatedAt: cycle.now,
    })
    .where('assignmentKey', '=', cycle.assignmentKey)
    .execute();
  await db.deleteFrom('sequencingState').where('assignmentKey', '=', cycle.assignmentKey).execute();
}
