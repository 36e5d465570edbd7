import { sql, type RawBuilder } from 'kysely';
import type { ComplianceList, QualificationStatus } from '@waypoint/domain/staff';
import type { Db } from '../../db/connection.js';
import {
  listCondition,
  listOrder,
  statusCondition,
  statusRankSql,
  statusSql,
} from './standing-sql.js';

/**
 * The only SQL of compliance oversight (docs/decisions/0022). A population is the active students
 * of the LMS in the caller's scope (staff/scope.ts's rule: their restriction groups when they have
 * any), narrowed by the filter; their live standings (assignment_standing: the assignment's facts
 * and its outcome, migration 0026) are read by person through assignment_standing_person, and the
 * lists and status filters are ranges of its partial indexes (standing-sql.ts). Statuses are
 * worked out here only to filter and sort whole populations; a page's cells come from the domain.
 */

export interface Scope {
  lmsKey: number;
  restrictionGroups: string[];
}

/** The population's narrowing: a search prefix pattern and exact values. */
export interface PopulationFilter {
  pattern: string | null;
  base?: string | undefined;
  fleet?: string | undefined;
  position?: string | undefined;
  restrictionGroup?: string | undefined;
  /** Only people with a cell of this status among `curricula`. */
  status?: QualificationStatus | undefined;
}

/** What statuses are worked out at (each validity end is on its standing: migration 0029). */
export interface StatusClock {
  now: Date;
}

const PERSON_COLUMNS = sql`u.user_key as "userKey", u.user_id as "userID",
  u.display_name as "displayName", u.employee_id as "employeeId", u.base, u.fleet, u.position,
  u.restriction_group as "restrictionGroup"`;

export interface PersonData {
  userKey: number;
  userID: string;
  displayName: string;
  employeeId: string;
  base: string;
  fleet: string;
  position: string;
  restrictionGroup: string;
}

/** The WHERE of a population: LMS, scope, active students, filter values, search, status. */
function populationWhere(
  scope: Scope,
  filter: PopulationFilter,
  curricula: number[],
  clock: StatusClock,
): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [
    sql`u.lms_key = ${scope.lmsKey}`,
    sql`u.is_student`,
    sql`u.inactive = 0`,
  ];
  if (scope.restrictionGroups.length > 0) {
    parts.push(sql`u.restriction_group = any(${scope.restrictionGroups}::text[])`);
  }
  for (const [field, column] of [
    ['base', 'base'],
    ['fleet', 'fleet'],
    ['position', 'position'],
    ['restrictionGroup', 'restriction_group'],
  ] as const) {
    const value = filter[field];
    if (value !== undefined) parts.push(sql`u.${sql.raw(column)} = ${value}`);
  }
  if (filter.pattern !== null) {
    // Migration 0023's prefix indexes (lower(column) text_pattern_ops).
    const like = (column: string) =>
      sql`lower(u.${sql.raw(column)}) like ${filter.pattern} escape '\\'`;
    parts.push(
      sql`(${sql.join(
        ['user_id', 'employee_id', 'name_collated', 'name_other', 'display_name'].map(like),
        sql` or `,
      )})`,
    );
  }
  if (filter.status === 'notAssigned') {
    parts.push(sql`exists (select 1 from unnest(${curricula}::int[]) as col(key)
      where not exists (select 1 from assignment_standing s where s.user_key = u.user_key
        and s.curriculum_key = col.key and s.live))`);
  } else if (filter.status !== undefined) {
    const status = filter.status as Exclude<QualificationStatus, 'notAssigned'>;
    parts.push(sql`u.user_key in (select s.user_key from assignment_standing s
      where s.lms_key = ${scope.lmsKey} and s.live and s.curriculum_key = any(${curricula}::int[])
        and ${statusCondition(status, clock.now)})`);
  }
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/** The matrix's columns: the curricula asked for, else every curriculum with a live assignment. */
export async function matrixColumns(db: Db, lmsKey: number, only: number[] | null) {
  const result = await sql<{ curriculumKey: number; name: string }>`
    select c.curriculum_key as "curriculumKey", c.name from curriculum c
     where c.lms_key = ${lmsKey}
       and ${
         only === null
           ? sql`exists (select 1 from assignment a
                 where a.curriculum_key = c.curriculum_key and a.removed_at is null)`
           : sql`c.curriculum_key = any(${only}::int[])`
       }
     order by lower(c.name), c.curriculum_key`.execute(db);
  return result.rows;
}

export type MatrixSortColumn = 'name' | 'base' | 'fleet' | 'position';

/** One page of the population, sorted, and how many match in all. */
export async function matrixPeople(
  db: Db,
  scope: Scope,
  filter: PopulationFilter,
  curricula: number[],
  clock: StatusClock,
  page: {
    sort: MatrixSortColumn | { curriculumKey: number };
    descending: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PersonData[]; total: number }> {
  const where = populationWhere(scope, filter, curricula, clock);
  const direction = sql.raw(page.descending ? 'desc' : 'asc');
  const nameOrder = sql`lower(u.name_collated) ${direction}, lower(u.name_other) ${direction}, u.user_key ${direction}`;
  let from = sql`app_user u`;
  let order = nameOrder;
  if (typeof page.sort === 'object') {
    // Most urgent first (ascending), not assigned last; then the cell's date, then the name.
    from = sql`app_user u left join lateral (
      select s.due_at, ${statusSql(clock.now)} as status from assignment_standing s
       where s.user_key = u.user_key and s.curriculum_key = ${page.sort.curriculumKey} and s.live
       order by s.due_at desc, s.assignment_key desc limit 1) x on true`;
    order = sql`coalesce(${statusRankSql(sql`x.status`)}, 99) ${direction}, x.due_at ${direction} nulls last, ${nameOrder}`;
  } else if (page.sort !== 'name') {
    order = sql`lower(u.${sql.raw(page.sort)}) ${direction}, ${nameOrder}`;
  }
  const [rows, count] = await Promise.all([
    sql<PersonData>`select ${PERSON_COLUMNS} from ${from} where ${where}
      order by ${order} limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ total: string }>`select count(*) as total from app_user u where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** People of the population in name order after a key (keyset batches for exports). */
export async function populationBatch(
  db: Db,
  scope: Scope,
  filter: PopulationFilter,
  curricula: number[],
  clock: StatusClock,
  after: { name: string; other: string; userKey: number } | null,
  limit: number,
) {
  const where = populationWhere(scope, filter, curricula, clock);
  const cursor =
    after === null
      ? sql`true`
      : sql`(lower(u.name_collated), lower(u.name_other), u.user_key) > (${after.name}, ${after.other}, ${after.userKey})`;
  const result = await sql<PersonData & { sortName: string; sortOther: string }>`
    select ${PERSON_COLUMNS}, lower(u.name_collated) as "sortName", lower(u.name_other) as "sortOther"
      from app_user u where ${where} and ${cursor}
     order by lower(u.name_collated), lower(u.name_other), u.user_key limit ${limit}`.execute(db);
  return result.rows;
}

/** A standing as the domain rule reads it, with its assignment. */
export interface StandingData {
  userKey: number;
  curriculumKey: number;
  assignmentKey: number;
  outcome: 'notstarted' | 'started' | 'complete' | 'failed';
  completedAt: Date | null;
  lastActivityAt: Date | null;
  dueAt: Date;
  /** The latest qualification period's end (null: none, or no expiry). */
  validUntil: Date | null;
}

/** The live standings (latest per curriculum) of these people in these curricula. */
export async function standingsOf(db: Db, userKeys: number[], curricula: number[]) {
  if (userKeys.length === 0 || curricula.length === 0) return [];
  const result = await sql<StandingData>`
    select distinct on (s.user_key, s.curriculum_key)
           s.user_key as "userKey", s.curriculum_key as "curriculumKey",
           s.assignment_key as "assignmentKey", s.outcome, s.completed_at as "completedAt",
           s.last_activity_at as "lastActivityAt", s.due_at as "dueAt",
           s.valid_until as "validUntil"
      from assignment_standing s
     where s.user_key = any(${userKeys}::int[]) and s.curriculum_key = any(${curricula}::int[])
       and s.live
     order by s.user_key, s.curriculum_key, s.due_at desc, s.assignment_key desc`.execute(db);
  return result.rows;
}

export interface ListRowData extends PersonData {
  curriculumKey: number;
  curriculumName: string;
  assignmentKey: number;
  outcome: StandingData['outcome'];
  completedAt: Date | null;
  lastActivityAt: Date | null;
  dueAt: Date;
  validUntil: Date | null;
  sortName: string;
}

/** The rows of a list (person x curriculum), in the list's order, a page and the total. */
export async function listRows(
  db: Db,
  scope: Scope,
  list: ComplianceList,
  filter: PopulationFilter,
  curricula: number[],
  clock: StatusClock,
  page: { limit: number; offset: number },
): Promise<{ rows: ListRowData[]; total: number }> {
  // The status filter narrows the rows themselves here, not the people.
  const people = populationWhere(scope, { ...filter, status: undefined }, curricula, clock);
  if (filter.status === 'notAssigned') return { rows: [], total: 0 };
  const statusFilter =
    filter.status === undefined ? sql`true` : statusCondition(filter.status, clock.now);
  const from = sql`assignment_standing s
    join app_user u on u.user_key = s.user_key
    join curriculum c on c.curriculum_key = s.curriculum_key`;
  const where = sql`s.lms_key = ${scope.lmsKey} and s.live
    and s.curriculum_key = any(${curricula}::int[]) and ${listCondition(list, clock.now)}
    and ${statusFilter} and ${people}`;
  const [rows, count] = await Promise.all([
    sql<ListRowData>`select ${PERSON_COLUMNS}, s.curriculum_key as "curriculumKey",
        c.name as "curriculumName", s.assignment_key as "assignmentKey", s.outcome,
        s.completed_at as "completedAt", s.last_activity_at as "lastActivityAt",
        s.due_at as "dueAt", s.valid_until as "validUntil", lower(u.name_collated) as "sortName"
       from ${from} where ${where}
      order by ${listOrder(list)}, lower(u.name_collated), u.user_key, c.name, s.assignment_key
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ total: string }>`select count(*) as total from ${from} where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

/** How many live assignments of the LMS wait for their standing to be recalculated. */
export async function staleCount(db: Db, lmsKey: number): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*) as n from assignment_standing s
     where s.lms_key = ${lmsKey} and s.live and s.computed_version < s.version`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** A person of the LMS by key, with their restriction group (the service checks the scope). */
export async function personOf(db: Db, lmsKey: number, userKey: number) {
  const result = await sql<PersonData & { lmsKey: number; isStudent: boolean }>`
    select ${PERSON_COLUMNS}, u.lms_key as "lmsKey", u.is_student as "isStudent"
      from app_user u where u.user_key = ${userKey} and u.lms_key = ${lmsKey}`.execute(db);
  return result.rows[0] ?? null;
}

/** A curriculum of the LMS. */
export async function curriculumOf(db: Db, lmsKey: number, curriculumKey: number) {
  return db
    .selectFrom('curriculum')
    .select(['curriculumKey', 'name'])
    .where('lmsKey', '=', lmsKey)
    .where('curriculumKey', '=', curriculumKey)
    .executeTakeFirst();
}

/** The person's live assignment of the curriculum (the latest), with its dates. */
export async function assignmentOf(db: Db, userKey: number, curriculumKey: number) {
  const result = await sql<{
    assignmentKey: number;
    assignedAt: Date;
    startDate: Date;
    dueAt: Date;
  }>`select a.assignment_key as "assignmentKey", a.assigned_at as "assignedAt",
        a.start_date as "startDate", waypoint_due_at(a.start_date, a.duration_ms) as "dueAt"
       from assignment a
      where a.user_key = ${userKey} and a.curriculum_key = ${curriculumKey} and a.removed_at is null
      order by a.start_date desc, a.assignment_key desc limit 1`.execute(db);
  return result.rows[0] ?? null;
}

/** The audit events about an assignment, newest first. */
export async function assignmentEvents(db: Db, lmsKey: number, assignmentKey: number) {
  return db
    .selectFrom('auditEvent')
    .select(['at', 'action', 'actorLabel', 'summary'])
    .where('lmsKey', '=', lmsKey)
    .where('targetType', '=', 'assignment')
    .where('targetKey', '=', String(assignmentKey))
    .orderBy('eventKey', 'desc')
    .limit(200)
    .execute();
}

// Standings (standings.ts).

/** Stale standings of live assignments (of one LMS, or all), in person order. */
export async function staleStandings(db: Db, lmsKey: number | null, limit: number) {
  const result = await sql<{
    assignmentKey: number;
    version: string;
    userKey: number;
    lmsKey: number;
    curriculumKey: number;
  }>`select s.assignment_key as "assignmentKey", s.version, s.user_key as "userKey",
        s.lms_key as "lmsKey", s.curriculum_key as "curriculumKey"
       from assignment_standing s
      where s.computed_version < s.version and s.live
        ${lmsKey === null ? sql`` : sql`and s.lms_key = ${lmsKey}`}
      order by s.lms_key, s.user_key limit ${limit}`.execute(db);
  return result.rows;
}

export interface ComputedStanding {
  assignmentKey: number;
  /** The version read before the roll-up: the row is written only if nothing changed since. */
  version: string;
  outcome: StandingData['outcome'];
  completedAt: Date | null;
  lastActivityAt: Date | null;
}

/**
 * Writes computed standings in one statement; a row changed since it was read stays stale. The
 * validity end is the assignment's latest qualification period's (validity/periods.ts recorded
 * it by the domain's rule; migration 0029): kept while a new cycle runs, until it ends.
 */
export async function writeStandings(db: Db, rows: ComputedStanding[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await sql`
    update assignment_standing s set outcome = v.outcome, completed_at = v.completed_at,
           last_activity_at = v.last_activity_at, computed_version = v.version, computed_at = ${now},
           valid_until = (select p.valid_until from qualification_period p
             where p.assignment_key = s.assignment_key order by p.number desc limit 1)
      from unnest(${rows.map((r) => r.assignmentKey)}::int[],
                  ${rows.map((r) => r.version)}::bigint[],
                  ${rows.map((r) => r.outcome)}::text[],
                  ${rows.map((r) => r.completedAt?.toISOString() ?? null)}::timestamptz[],
                  ${rows.map((r) => r.lastActivityAt?.toISOString() ?? null)}::timestamptz[])
           as v(assignment_key, version, outcome, completed_at, last_activity_at)
     where s.assignment_key = v.assignment_key and s.version = v.version`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Reclaims the old row versions standings leave (every commit bumps one, every recomputation
 * rewrites it) and refreshes the planner's statistics, so that the partial indexes stay small and
 * chosen. PostgreSQL's autovacuum does this by itself; PGlite has none.
 */
export async function vacuumStandings(db: Db): Promise<void> {
  await sql`vacuum (analyze) assignment_standing`.execute(db);
}
