/**
 * The qualification rule (packages/domain/src/staff/qualification.ts) as SQL, for what must be
 * worked out over a whole population in the database: filtering the matrix by status, sorting by
 * a curriculum column, and the daily lists. The cells a page shows are worked out by the domain
 * rule itself; standing-sql.test.ts runs both over the same cases and holds them together.
 *
 * Every expression reads `s` (assignment_standing), whose due date migration 0026 keeps on the row
 * (waypoint_due_at) and whose validity end is the latest qualification period's (migration 0029,
 * the domain's validity rule), so that each list and status filter is a range over one of its
 * partial indexes rather than an expression over every row.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  DUE_SOON_DAYS,
  QUALIFICATION_STATUSES,
  type ComplianceList,
  type QualificationStatus,
} from '@waypoint/domain/staff';

const INCOMPLETE = sql`s.outcome in ('notstarted', 'started')`;
/** An incomplete one that is not still current from its previous completion (a new cycle). */
const notStillValid = (now: Date) => sql`(s.valid_until is null or s.valid_until <= ${now})`;
const days = (n: number) => sql.raw(`interval '${Math.trunc(n)} days'`);

/** The cell's status (qualificationCell), as text: for sorting by a column. */
export function statusSql(now: Date): RawBuilder<string> {
  return sql<string>`(case
    when s.outcome = 'complete' then
      case when s.valid_until <= ${now} then 'expired' else 'current' end
    when s.outcome = 'failed' then 'failed'
    when s.valid_until > ${now} then 'current'
    when s.due_at <= ${now} then 'overdue'
    when s.due_at < ${now}::timestamptz + ${days(DUE_SOON_DAYS)} then 'due'
    when s.outcome = 'started' then 'inProgress'
    else 'notStarted'
  end)`;
}

/** The status's place in QUALIFICATION_STATUSES (1 = most urgent), for sorting by a column. */
export function statusRankSql(status: RawBuilder<string>): RawBuilder<number> {
  const order = sql.raw(`array[${QUALIFICATION_STATUSES.map((name) => `'${name}'`).join(', ')}]`);
  return sql<number>`array_position(${order}::text[], ${status})`;
}

/**
 * "The cell has this status" as a condition its indexes serve (the same cases as statusSql):
 * overdue and due are due-date ranges of incomplete standings, expired and current validity
 * ranges of complete ones (and of a new cycle while the previous completion is valid).
 * notAssigned has no standing and is the caller's.
 */
export function statusCondition(
  status: Exclude<QualificationStatus, 'notAssigned'>,
  now: Date,
): RawBuilder<boolean> {
  const soon = sql`${now}::timestamptz + ${days(DUE_SOON_DAYS)}`;
  const pending = sql`${notStillValid(now)}`;
  switch (status) {
    case 'overdue':
      return sql<boolean>`${INCOMPLETE} and s.due_at <= ${now} and ${pending}`;
    case 'due':
      return sql<boolean>`${INCOMPLETE} and s.due_at > ${now} and s.due_at < ${soon} and ${pending}`;
    case 'inProgress':
      return sql<boolean>`s.outcome = 'started' and s.due_at >= ${soon} and ${pending}`;
    case 'notStarted':
      return sql<boolean>`s.outcome = 'notstarted' and s.due_at >= ${soon} and ${pending}`;
    case 'failed':
      return sql<boolean>`s.outcome = 'failed'`;
    case 'expired':
      return sql<boolean>`s.outcome = 'complete' and s.valid_until <= ${now}`;
    case 'current':
      return sql<boolean>`((s.outcome = 'complete' and (s.valid_until is null or s.valid_until > ${now}))
        or (${INCOMPLETE} and s.valid_until > ${now}))`;
  }
}

/** The window of each expiring list. */
const EXPIRING_DAYS = { expiring30: 30, expiring60: 60, expiring90: 90 } as const;

/** A daily list as a condition (the domain's onList), each a range of one partial index. */
export function listCondition(list: ComplianceList, now: Date): RawBuilder<boolean> {
  switch (list) {
    case 'overdue':
      return statusCondition('overdue', now);
    case 'failed':
      return statusCondition('failed', now);
    case 'neverStarted':
      return sql<boolean>`s.outcome = 'notstarted'`;
    default:
      return sql<boolean>`s.lapses_at > ${now}
        and s.lapses_at <= ${now}::timestamptz + ${days(EXPIRING_DAYS[list])}`;
  }
}

/** The order of each list: the most pressing first. */
export function listOrder(list: ComplianceList): RawBuilder<unknown> {
  switch (list) {
    case 'overdue':
    case 'neverStarted':
      return sql`s.due_at asc`;
    case 'failed':
      return sql`s.completed_at desc nulls last`;
    default:
      return sql`s.lapses_at asc`;
  }
}
