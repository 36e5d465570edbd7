/**
 * Retention of training records: when a person's records are past the LMS's retention period and
 * may be pseudonymised by an administrator. Records are never deleted; past retention only makes
 * a person eligible, and a legal hold makes no one eligible.
 */
import { UTCDate } from '@date-fns/utc';
import { addMonths } from 'date-fns';

/** The longest retention period an LMS may set: a hundred years. */
export const RETENTION_MONTHS_MAX = 1200;

/** What the rule reads of a person. */
export interface RetentionPerson {
  /** Active people are never past retention, however old their last activity. */
  active: boolean;
  /** Their latest training activity: attempt end, assignment change or sign-in (ms). */
  lastActivityMs: number;
  pseudonymised: boolean;
}

/** Why a person may or may not be pseudonymised now. */
export type RetentionStanding =
  | { eligible: true; retainedUntilMs: number }
  | {
      eligible: false;
      reason: 'kept-for-ever' | 'active' | 'retained' | 'pseudonymised';
      retainedUntilMs: number | null;
    };

/**
 * "Past retention": an inactive person whose last training activity is more than
 * `retentionMonths` calendar months before `nowMs` (null months: records are kept for ever).
 */
export function retentionStanding(
  person: RetentionPerson,
  retentionMonths: number | null,
  nowMs: number,
): RetentionStanding {
  if (person.pseudonymised)
    return { eligible: false, reason: 'pseudonymised', retainedUntilMs: null };
  if (retentionMonths === null) {
    return { eligible: false, reason: 'kept-for-ever', retainedUntilMs: null };
  }
  // Calendar months in UTC, the day clamped to the month's last (31 January + 1 = 28/29 February),
  // as PostgreSQL's timestamp + interval 'N months' (waypoint_valid_until) does on the SQL side.
  const retainedUntilMs = addMonths(new UTCDate(person.lastActivityMs), retentionMonths).getTime();
  if (person.active) return { eligible: false, reason: 'active', retainedUntilMs };
  if (nowMs < retainedUntilMs) return { eligible: false, reason: 'retained', retainedUntilMs };
  return { eligible: true, retainedUntilMs };
}

/** The one sentence the console and the CLI say about a person who is not eligible. */
export function retentionRefusal(
  login: string,
  standing: Exclude<RetentionStanding, { eligible: true }>,
): string {
  switch (standing.reason) {
    case 'pseudonymised':
      return `${login} is already pseudonymised.`;
    case 'kept-for-ever':
      return 'This LMS keeps training records for ever: set a retention period first.';
    case 'active':
      return `${login} is active: only people who have left (inactive) are pseudonymised.`;
    case 'retained':
      return `${login}'s records are kept until ${new Date(standing.retainedUntilMs!).toISOString().slice(0, 10)}.`;
  }
}
