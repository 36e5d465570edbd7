import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { scopeUsers } from '../staff/scope.js';
import type { StaffContext } from '../staff/service.js';

/**
 * The only SQL on assignments from the console and on assignment rules. Bulk changes are set-based
 * (one statement for any number of people and curricula, arrays passed as parameters), never one
 * query per person.
 */

export type Executor = Db | Transaction<Database>;
type Scope = Pick<StaffContext, 'lmsKey' | 'restrictionGroups'>;

/** Who a rule or a search matches; a criterion left out (undefined or null) matches any value. */
export interface Criteria {
  base?: string | null | undefined;
  fleet?: string | null | undefined;
  position?: string | null | undefined;
  restrictionGroup?: string | null | undefined;
}

/**
 * The scope condition on app_user for queries that join it to other tables (scope.ts's scopeUsers
 * narrows a query of app_user alone): the staff member's LMS, and their restriction groups.
 */
function appUserInScope(scope: Scope) {
  return scope.restrictionGroups.length === 0
    ? sql<boolean>`app_user.lms_key = ${scope.lmsKey}`
    : sql<boolean>`app_user.lms_key = ${scope.lmsKey}
        AND app_user.restriction_group = ANY (${scope.restrictionGroups}::text[])`;
}

const personColumns = [
  'appUser.userKey',
  'appUser.userId',
  'appUser.displayName',
  'appUser.nameOther',
  'appUser.nameCollated',
  'appUser.employeeId',
  'appUser.base',
  'appUser.fleet',
  'appUser.position',
  'appUser.restrictionGroup',
] as const;

/** The curricula of an LMS among these keys, with their default term (migration 0024). */
export async function findCurricula(db: Executor, lmsKey: number, curriculumKeys: number[]) {
  if (curriculumKeys.length === 0) return [];
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name', 'defaultDurationMs', 'defaultDueDate'])
    .where('lmsKey', '=', lmsKey)
    .where('curriculumKey', 'in', curriculumKeys)
    .execute();
}

/**
 * The people among these keys within a staff member's scope, locked until the transaction ends (in
 * key order, so two bulk actions never wait on each other crosswise): an assignment of a person is
 * read and written by one action at a time, as the operator's assign does.
 */
export async function lockPeopleInScope(trx: Executor, scope: Scope, userKeys: number[]) {
  return scopeUsers(trx.selectFrom('appUser').select(['appUser.userKey', 'appUser.userId']), scope)
    .where('appUser.userKey', 'in', userKeys)
    .orderBy('appUser.userKey')
    .forUpdate()
    .execute();
}

/** A person within scope, for the tables. */
export async function findPersonInScope(db: Executor, scope: Scope, userKey: number) {
  return scopeUsers(db.selectFrom('appUser').select(personColumns), scope)
    .where('appUser.userKey', '=', userKey)
    .executeTakeFirst();
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPersonInScope>>>;

/** One assignment per person and curriculum as the bulk statements plan it. */
export interface WantedTerm {
  curriculumKey: number;
  startDate: Date;
  durationMs: number;
}

/** What the bulk statements did to one assignment. */
export interface AssignmentChange {
  kind: 'assigned' | 'reassigned' | 'changed';
  assignmentKey: number;
  lmsKey: number;
  userKey: number;
  userId: string;
  curriculumKey: number;
  curriculumName: string;
  startDate: Date;
  durationMs: number;
  /** The rule that made or gave it back; null for a staff member's own assign. */
  ruleKey: number | null;
  beforeStart: Date | null;
  beforeDurationMs: number | null;
  beforeRemovedAt: Date | null;
}

/**
 * Brings the wanted assignments about in one statement. `wanted` is a query of (user_key,
 * curriculum_key, start_date, duration_ms, rule_key, restore_before). For each pair:
 * - no assignment ever: one is made;
 * - removed: the latest is given back (removed_at cleared, the same assignment_key, so the
 *   student's progress, kept by assignment_key, comes back) unless it was removed at or after
 *   restore_before (a rule does not undo an unassign made while it was in force);
 * - held: with `changeHeld`, its dates change when they differ; else it is left as it is.
 */
async function applyWanted(
  trx: Executor,
  wanted: RawBuilder<unknown>,
  now: Date,
  changeHeld: boolean,
): Promise<AssignmentChange[]> {
  const result = await sql<AssignmentChange>`
    WITH wanted AS (${wanted}),
    plan AS (
      SELECT w.user_key, w.curriculum_key, w.start_date, w.duration_ms, w.rule_key,
             w.restore_before, h.assignment_key, h.start_date AS before_start,
             h.duration_ms AS before_duration_ms, h.removed_at AS before_removed_at
        FROM wanted w
        -- One index lookup per pair (assignment_user_curriculum), whatever the planner guesses
        -- of how many pairs there are: the held one, else the latest removed one.
        LEFT JOIN LATERAL (
          SELECT a.assignment_key, a.start_date, a.duration_ms, a.removed_at
            FROM assignment a
           WHERE a.user_key = w.user_key AND a.curriculum_key = w.curriculum_key
           ORDER BY (a.removed_at IS NULL) DESC, a.assignment_key DESC
           LIMIT 1
        ) h ON true
    ),
    changed AS (
      UPDATE assignment a
         SET start_date = p.start_date,
             duration_ms = p.duration_ms,
             removed_at = NULL,
             assigned_at = CASE WHEN p.before_removed_at IS NULL THEN a.assigned_at ELSE ${now} END,
             rule_key = CASE WHEN p.before_removed_at IS NULL THEN a.rule_key ELSE p.rule_key END
        FROM plan p
       WHERE a.assignment_key = p.assignment_key
         AND ((p.before_removed_at IS NOT NULL AND p.before_removed_at < p.restore_before)
              OR (${changeHeld} AND p.before_removed_at IS NULL
                  AND (a.start_date <> p.start_date OR a.duration_ms <> p.duration_ms)))
      RETURNING a.assignment_key, a.user_key, a.curriculum_key, a.start_date, a.duration_ms,
                a.rule_key, p.before_start, p.before_duration_ms, p.before_removed_at
    ),
    added AS (
      INSERT INTO assignment (user_key, curriculum_key, assigned_at, start_date, duration_ms, rule_key)
      SELECT user_key, curriculum_key, ${now}, start_date, duration_ms, rule_key
        FROM plan WHERE assignment_key IS NULL
      RETURNING assignment_key, user_key, curriculum_key, start_date, duration_ms, rule_key
    ),
    done AS (
      SELECT CASE WHEN before_removed_at IS NULL THEN 'changed' ELSE 'reassigned' END AS kind,
             assignment_key, user_key, curriculum_key, start_date, duration_ms, rule_key,
             before_start, before_duration_ms, before_removed_at
        FROM changed
      UNION ALL
      SELECT 'assigned', assignment_key, user_key, curriculum_key, start_date, duration_ms,
             rule_key, NULL::timestamptz, NULL::bigint, NULL::timestamptz
        FROM added
    )
    SELECT d.kind, d.assignment_key, u.lms_key, d.user_key, u.user_id, d.curriculum_key,
           c.name AS curriculum_name, d.start_date, d.duration_ms, d.rule_key, d.before_start,
           d.before_duration_ms, d.before_removed_at
      FROM done d
      JOIN app_user u ON u.user_key = d.user_key
      JOIN curriculum c ON c.curriculum_key = d.curriculum_key
     ORDER BY d.user_key, d.curriculum_key`.execute(trx);
  return result.rows.map((row) => ({
    ...row,
    startDate: new Date(row.startDate),
    durationMs: Number(row.durationMs),
    beforeStart: row.beforeStart === null ? null : new Date(row.beforeStart),
    beforeDurationMs: row.beforeDurationMs === null ? null : Number(row.beforeDurationMs),
    beforeRemovedAt: row.beforeRemovedAt === null ? null : new Date(row.beforeRemovedAt),
  }));
}

/**
 * Assigns every curriculum (each with its term) to every person, as one statement: held ones get
 * the new dates, removed ones come back with their progress.
 */
export function assignAll(
  trx: Executor,
  input: { userKeys: number[]; terms: WantedTerm[]; now: Date },
): Promise<AssignmentChange[]> {
  const wanted = sql`
    SELECT u.user_key, t.curriculum_key, t.start_date, t.duration_ms,
           NULL::integer AS rule_key, 'infinity'::timestamptz AS restore_before
      FROM unnest(${input.userKeys}::integer[]) AS u (user_key)
     CROSS JOIN unnest(${input.terms.map((t) => t.curriculumKey)}::integer[],
                       ${input.terms.map((t) => t.startDate.toISOString())}::timestamptz[],
                       ${input.terms.map((t) => t.durationMs)}::bigint[])
           AS t (curriculum_key, start_date, duration_ms)`;
  return applyWanted(trx, wanted, input.now, true);
}

/**
 * Assigns the active rules of an LMS (all, or one) to the students they match (all, or these), as
 * one statement. A person matching several rules of one curriculum takes the oldest rule's term.
 * What people hold already is left as it is; what was unassigned while a rule was in force stays
 * unassigned.
 */
export function assignByRules(
  trx: Executor,
  input: { lmsKey?: number; ruleKey?: number; userKeys?: number[]; now: Date },
): Promise<AssignmentChange[]> {
  const wanted = sql`
    SELECT DISTINCT ON (u.user_key, r.curriculum_key)
           u.user_key, r.curriculum_key,
           coalesce(r.start_date, ${input.now}::timestamptz) AS start_date,
           coalesce(r.duration_ms,
                    (extract(epoch FROM r.due_date - r.start_date) * 1000)::bigint) AS duration_ms,
           r.rule_key, r.created_at AS restore_before
      FROM assignment_rule r
      JOIN app_user u ON u.lms_key = r.lms_key
     WHERE r.ended_at IS NULL
       AND u.is_student
       ${input.lmsKey === undefined ? sql`` : sql`AND r.lms_key = ${input.lmsKey}`}
       AND (r.base IS NULL OR u.base = r.base)
       AND (r.fleet IS NULL OR u.fleet = r.fleet)
       AND (r.position IS NULL OR u.position = r.position)
       AND (r.restriction_group IS NULL OR u.restriction_group = r.restriction_group)
       AND (cardinality(r.scope_groups) = 0 OR u.restriction_group = ANY (r.scope_groups))
       ${input.ruleKey === undefined ? sql`` : sql`AND r.rule_key = ${input.ruleKey}`}
       ${input.userKeys === undefined ? sql`` : sql`AND u.user_key = ANY (${input.userKeys}::integer[])`}
     ORDER BY u.user_key, r.curriculum_key, r.rule_key`;
  return applyWanted(trx, wanted, input.now, false);
}

/**
 * Locks the students the active rules of an LMS (all, or one) match (all, or these), in key order,
 * and says how many they are: run before assignByRules, as lockPeopleInScope before assignAll.
 */
export async function lockRuleMatches(
  trx: Executor,
  input: { lmsKey?: number; ruleKey?: number; userKeys?: number[] },
): Promise<number> {
  const result = await sql`
    SELECT u.user_key FROM app_user u
     WHERE u.is_student
       ${input.lmsKey === undefined ? sql`` : sql`AND u.lms_key = ${input.lmsKey}`}
       AND EXISTS (
         SELECT 1 FROM assignment_rule r
          WHERE r.lms_key = u.lms_key AND r.ended_at IS NULL
            AND (r.base IS NULL OR u.base = r.base)
            AND (r.fleet IS NULL OR u.fleet = r.fleet)
            AND (r.position IS NULL OR u.position = r.position)
            AND (r.restriction_group IS NULL OR u.restriction_group = r.restriction_group)
            AND (cardinality(r.scope_groups) = 0 OR u.restriction_group = ANY (r.scope_groups))
            ${input.ruleKey === undefined ? sql`` : sql`AND r.rule_key = ${input.ruleKey}`})
       ${input.userKeys === undefined ? sql`` : sql`AND u.user_key = ANY (${input.userKeys}::integer[])`}
     ORDER BY u.user_key
       FOR UPDATE OF u`.execute(trx);
  return result.rows.length;
}

/** Removes every held assignment of these curricula from these people (their progress is kept). */
export async function removeAll(
  trx: Executor,
  input: { userKeys: number[]; curriculumKeys: number[]; now: Date },
) {
  const result = await sql<{
    assignmentKey: number;
    userKey: number;
    userId: string;
    curriculumKey: number;
    curriculumName: string;
    startDate: Date;
    durationMs: number;
  }>`
    WITH removed AS (
      UPDATE assignment a SET removed_at = ${input.now}
       WHERE a.user_key = ANY (${input.userKeys}::integer[])
         AND a.curriculum_key = ANY (${input.curriculumKeys}::integer[])
         AND a.removed_at IS NULL
      RETURNING a.assignment_key, a.user_key, a.curriculum_key, a.start_date, a.duration_ms
    )
    SELECT r.assignment_key, r.user_key, u.user_id, r.curriculum_key,
           c.name AS curriculum_name, r.start_date, r.duration_ms
      FROM removed r
      JOIN app_user u ON u.user_key = r.user_key
      JOIN curriculum c ON c.curriculum_key = r.curriculum_key
     ORDER BY r.user_key, r.curriculum_key`.execute(trx);
  return result.rows.map((row) => ({
    ...row,
    startDate: new Date(row.startDate),
    durationMs: Number(row.durationMs),
  }));
}

const assignmentColumns = [
  'assignment.assignmentKey',
  'assignment.userKey',
  'appUser.userId',
  'appUser.displayName',
  'appUser.nameOther',
  'appUser.nameCollated',
  'appUser.base',
  'appUser.fleet',
  'appUser.position',
  'assignment.curriculumKey',
  'curriculum.name as curriculumName',
  'assignment.assignedAt',
  'assignment.startDate',
  'assignment.durationMs',
  'assignment.ruleKey',
] as const;

/** The held assignments of one person, by curriculum name. */
export async function assignmentsOfPerson(db: Executor, userKey: number) {
  return db
    .selectFrom('assignment')
    .innerJoin('appUser', 'appUser.userKey', 'assignment.userKey')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'assignment.curriculumKey')
    .select(assignmentColumns)
    .where('assignment.userKey', '=', userKey)
    .where('assignment.removedAt', 'is', null)
    .orderBy(sql`lower(curriculum.name)`)
    .orderBy('assignment.assignmentKey')
    .execute();
}

/** The held assignments of one curriculum to people within scope, by login. */
export async function assignmentsOfCurriculum(db: Executor, scope: Scope, curriculumKey: number) {
  return db
    .selectFrom('appUser')
    .innerJoin('assignment', 'assignment.userKey', 'appUser.userKey')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'assignment.curriculumKey')
    .select(assignmentColumns)
    .where(appUserInScope(scope))
    .where('assignment.curriculumKey', '=', curriculumKey)
    .where('assignment.removedAt', 'is', null)
    .orderBy(sql`lower(app_user.user_id)`)
    .execute();
}

export type AssignmentRow = Awaited<ReturnType<typeof assignmentsOfPerson>>[number];

/** The curricula of an LMS (these, or all) with how many people within scope hold each. */
export async function curriculaWithCounts(db: Executor, scope: Scope, curriculumKeys?: number[]) {
  const held = db
    .selectFrom('appUser')
    .innerJoin('assignment', 'assignment.userKey', 'appUser.userKey')
    .select(['assignment.curriculumKey', (eb) => eb.fn.countAll<number>().as('n')])
    .where(appUserInScope(scope))
    .where('assignment.removedAt', 'is', null)
    .groupBy('assignment.curriculumKey');
  let query = db
    .selectFrom('curriculum')
    .leftJoin(held.as('held'), 'held.curriculumKey', 'curriculum.curriculumKey')
    .select([
      'curriculum.curriculumKey',
      'curriculum.name',
      (eb) => eb.fn.coalesce('held.n', sql<number>`0`).as('assignedCount'),
    ])
    .where('curriculum.lmsKey', '=', scope.lmsKey);
  if (curriculumKeys) query = query.where('curriculum.curriculumKey', 'in', curriculumKeys);
  const rows = await query
    .orderBy(sql`lower(curriculum.name)`)
    .orderBy('curriculum.curriculumKey')
    .execute();
  return rows.map((row) => ({ ...row, assignedCount: Number(row.assignedCount) }));
}

/** The students within scope matching a search (name, login, employee id) and criteria. */
export async function matchingStudents(
  db: Executor,
  scope: Scope,
  filter: Criteria & { search?: string | undefined; limit: number },
) {
  let query = scopeUsers(db.selectFrom('appUser'), scope).where('appUser.isStudent', '=', true);
  for (const column of ['base', 'fleet', 'position', 'restrictionGroup'] as const) {
    const value = filter[column];
    if (value) query = query.where(`appUser.${column}`, '=', value);
  }
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(app_user.user_id)`, 'like', pattern),
        eb(sql`lower(app_user.display_name)`, 'like', pattern),
        eb(sql`lower(app_user.name_other || ' ' || app_user.name_collated)`, 'like', pattern),
        eb(sql`lower(app_user.employee_id)`, 'like', pattern),
      ]),
    );
  }
  const [total, people] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    filter.limit === 0
      ? Promise.resolve([])
      : query
          .select(personColumns)
          .orderBy(sql`lower(app_user.name_collated)`)
          .orderBy(sql`lower(app_user.name_other)`)
          .orderBy('appUser.userKey')
          .limit(filter.limit)
          .execute(),
  ]);
  return { total: Number(total.n), people };
}

/** The distinct bases, fleets, positions and restriction groups of the students within scope. */
export async function criteriaValues(db: Executor, scope: Scope) {
  const distinct = (column: 'base' | 'fleet' | 'position' | 'restrictionGroup') =>
    scopeUsers(db.selectFrom('appUser').select(`appUser.${column} as value`), scope)
      .where('appUser.isStudent', '=', true)
      .where(`appUser.${column}`, '<>', '')
      .groupBy(`appUser.${column}`)
      .orderBy(`appUser.${column}`)
      .execute()
      .then((rows) => rows.map((row) => row.value));
  const [bases, fleets, positions, restrictionGroups] = await Promise.all([
    distinct('base'),
    distinct('fleet'),
    distinct('position'),
    distinct('restrictionGroup'),
  ]);
  return { bases, fleets, positions, restrictionGroups };
}

/** A new rule, as stored. */
export interface NewRule extends Criteria {
  lmsKey: number;
  curriculumKey: number;
  startDate: Date | null;
  durationMs: number | null;
  dueDate: Date | null;
  scopeGroups: string[];
  createdBy: number;
  now: Date;
}

export async function insertRule(trx: Executor, rule: NewRule): Promise<number> {
  const row = await trx
    .insertInto('assignmentRule')
    .values({
      lmsKey: rule.lmsKey,
      curriculumKey: rule.curriculumKey,
      base: rule.base ?? null,
      fleet: rule.fleet ?? null,
      position: rule.position ?? null,
      restrictionGroup: rule.restrictionGroup ?? null,
      startDate: rule.startDate,
      durationMs: rule.durationMs,
      dueDate: rule.dueDate,
      scopeGroups: rule.scopeGroups,
      createdBy: rule.createdBy,
      createdAt: rule.now,
    })
    .returning('ruleKey')
    .executeTakeFirstOrThrow();
  return row.ruleKey;
}

/**
 * The rules of an LMS a staff member sees: all for a whole-LMS scope; for a scoped one, those
 * limited to (some of) their restriction groups. With `ruleKey`, that one rule.
 */
export async function listRules(
  db: Executor,
  scope: Scope,
  filter: { ended: boolean; ruleKey?: number },
) {
  let query = db
    .selectFrom('assignmentRule')
    .innerJoin('curriculum', 'curriculum.curriculumKey', 'assignmentRule.curriculumKey')
    .leftJoin('appUser', 'appUser.userKey', 'assignmentRule.createdBy')
    .select([
      'assignmentRule.ruleKey',
      'assignmentRule.curriculumKey',
      'curriculum.name as curriculumName',
      'assignmentRule.base',
      'assignmentRule.fleet',
      'assignmentRule.position',
      'assignmentRule.restrictionGroup',
      'assignmentRule.scopeGroups',
      'assignmentRule.startDate',
      'assignmentRule.durationMs',
      'assignmentRule.dueDate',
      'appUser.userId as createdBy',
      'assignmentRule.createdAt',
      'assignmentRule.endedAt',
      (eb) =>
        eb
          .selectFrom('assignment')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('assignment.ruleKey', '=', 'assignmentRule.ruleKey')
          .where('assignment.removedAt', 'is', null)
          .as('assignedCount'),
    ])
    .where('assignmentRule.lmsKey', '=', scope.lmsKey)
    .where('assignmentRule.endedAt', filter.ended ? 'is not' : 'is', null);
  if (scope.restrictionGroups.length > 0) {
    query = query
      .where(sql<boolean>`cardinality(assignment_rule.scope_groups) > 0`)
      .where(sql<boolean>`assignment_rule.scope_groups <@ ${scope.restrictionGroups}::text[]`);
  }
  if (filter.ruleKey !== undefined)
    query = query.where('assignmentRule.ruleKey', '=', filter.ruleKey);
  const rows = await query.orderBy('assignmentRule.ruleKey', 'desc').execute();
  return rows.map((row) => ({
    ...row,
    durationMs: row.durationMs === null ? null : Number(row.durationMs),
    assignedCount: Number(row.assignedCount ?? 0),
  }));
}

export type RuleRow = Awaited<ReturnType<typeof listRules>>[number];

/** Ends an active rule; false when it had ended already. */
export async function endRule(trx: Executor, ruleKey: number, now: Date): Promise<boolean> {
  const row = await trx
    .updateTable('assignmentRule')
    .set({ endedAt: now })
    .where('ruleKey', '=', ruleKey)
    .where('endedAt', 'is', null)
    .returning('ruleKey')
    .executeTakeFirst();
  return row !== undefined;
}
