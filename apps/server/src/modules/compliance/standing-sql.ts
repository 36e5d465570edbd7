/**
 * The qualification rule (packages/domain/src/staff/qualification.ts) as SQL, for what must be
 * worked out over a whole population in the database: filtering the matrix by status, sorting by
 * a curriculum column, and the daily lists. The cells a page shows are worked out by the domain
 * rule itself; standing-sql.test.ts runs both over the same cases and holds them together.
 *
 * Every expression reads `a` (assignment) and `s` (assignment_standing).
 */
import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_CURRICULUM_DURATION_MS } from '@waypoint/domain';
import { DUE_SOON_DAYS, QUALIFICATION_STATUSES } from '@waypoint/domain/staff';

/** §4: start plus duration, the default duration when none is set (domain expiry.ts dueDate). */
export const dueAtSql: RawBuilder<Date> = sql<Date>`(a.start_date + (case when a.duration_ms > 0
  then a.duration_ms else ${sql.lit(DEFAULT_CURRICULUM_DURATION_MS)} end) * interval '1 millisecond')`;

/**
 * When a completion stops being valid: completed + N calendar months, added to the UTC wall
 * time so that the day clamps as the domain's addCalendarMonths does; null with no validity.
 */
export function validUntilSql(validityMonths: number): RawBuilder<Date | null> {
  if (validityMonths <= 0) return sql<null>`null::timestamptz`;
  return sql<Date>`((s.completed_at at time zone 'UTC'
    + make_interval(months => ${sql.lit(Math.trunc(validityMonths))})) at time zone 'UTC')`;
}

/** The cell's status (qualificationCell), as text. */
export function statusSql(now: Date, validityMonths: number): RawBuilder<string> {
  const until = validUntilSql(validityMonths);
  return sql<string>`(case
    when s.outcome = 'complete' then
      case when ${until} <= ${now} then 'expired' else 'current' end
    when s.outcome = 'failed' then 'failed'
    when ${dueAtSql} <= ${now} then 'overdue'
    when ${dueAtSql} - ${now}::timestamptz < interval '${sql.raw(String(DUE_SOON_DAYS))} days' then 'due'
    when s.outcome = 'started' then 'inProgress'
    else 'notStarted'
  end)`;
}

/** The status's place in QUALIFICATION_STATUSES (1 = most urgent), for sorting by a column. */
export function statusRankSql(status: RawBuilder<string>): RawBuilder<number> {
  const order = sql.raw(`array[${QUALIFICATION_STATUSES.map((name) => `'${name}'`).join(', ')}]`);
  return sql<number>`array_position(${order}::text[], ${status})`;
}

/** When a cell lapses (lapsesAt): a completion's validity end, an incomplete one's due date. */
export function lapsesAtSql(validityMonths: number): RawBuilder<Date | null> {
  return sql<Date | null>`(case
    when s.outcome = 'complete' then ${validUntilSql(validityMonths)}
    when s.outcome = 'failed' then null
    else ${dueAtSql}
  end)`;
}
