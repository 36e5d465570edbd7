/**
 * The qualification matrix's one rule (docs/decisions/0022): what one person's standing in one
 * curriculum is today, from its assignment's outcome (the one outcome rule, outcome.ts), the
 * assignment's due date (§4 Expiry: start plus duration) and how long a completion stays valid
 * (the LMS's certificate validity in calendar months; 0 = no expiry). The server's SQL filters
 * and sorts by the same rule (compliance/standing-sql.ts; a test holds the two together).
 */
import { isOpenDate } from '../dates.js';
import type { Outcome } from '../outcome.js';

/** A cell's status, in the order of urgency the matrix sorts by (most urgent first). */
export const QUALIFICATION_STATUSES = [
  'overdue',
  'expired',
  'failed',
  'due',
  'inProgress',
  'notStarted',
  'current',
  'notAssigned',
] as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUSES)[number];

/** An incomplete assignment due within this many days is "due in N days" (§9 uses 30 too). */
export const DUE_SOON_DAYS = 30;
const DAY_MS = 86_400_000;

/** What the rule reads of an assignment (ms since the epoch). */
export interface StandingFacts {
  outcome: Outcome;
  /** When the curriculum became complete (or failed); null when it has not. */
  completedAt: number | null;
  /** start + duration (§4). */
  dueAt: number;
  /** The last time any lesson of it was launched; null: never. */
  lastActivityAt: number | null;
}

/** One cell of the matrix: its status and the date the words name. */
export interface QualificationCell {
  status: QualificationStatus;
  /**
   * current: valid until (null: no expiry); expired: expired on; overdue: due on; due: due on;
   * failed: failed on; inProgress: last activity; notStarted: due on (null when the due date is
   * 'Open', §9); notAssigned: null.
   */
  date: number | null;
  /** due: whole days left (at least 0); null otherwise. */
  days: number | null;
}

/**
 * Calendar months added in UTC, the day clamped to the target month's last (31 January + 1 month
 * is 28 or 29 February, never 3 March); the time of day kept. PostgreSQL's timestamp + interval
 * 'N months' does the same, which the SQL side uses (standing-sql.ts).
 */
export function addCalendarMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

/** Until when a completion stays valid: completed + validity months (none when 0). */
export function validUntil(completedAt: number, validityMonths: number): number | null {
  if (validityMonths <= 0) return null;
  return addCalendarMonths(completedAt, validityMonths);
}

/**
 * The standing of one assignment at `now`:
 * - complete: current until its validity ends (no end when the LMS sets none), expired after;
 * - failed: failed (a failed record is never shown as current, §4 failure rules);
 * - otherwise by the due date: overdue once it is not after now (§4 "expired when start plus
 *   duration is not after now"), due in N days within DUE_SOON_DAYS, else in progress when a
 *   lesson was attempted, not started when none was.
 */
export function qualificationCell(
  facts: StandingFacts | null,
  validityMonths: number,
  now: number,
): QualificationCell {
  if (!facts) return { status: 'notAssigned', date: null, days: null };
  if (facts.outcome === 'complete') {
    // No completion date recorded: nothing to count the validity from (shown without an end).
    const until = facts.completedAt === null ? null : validUntil(facts.completedAt, validityMonths);
    if (until !== null && until <= now) return { status: 'expired', date: until, days: null };
    return { status: 'current', date: until, days: null };
  }
  if (facts.outcome === 'failed') {
    return { status: 'failed', date: facts.completedAt ?? facts.lastActivityAt, days: null };
  }
  if (facts.dueAt <= now) return { status: 'overdue', date: facts.dueAt, days: null };
  const days = Math.floor((facts.dueAt - now) / DAY_MS);
  if (days < DUE_SOON_DAYS) return { status: 'due', date: facts.dueAt, days };
  if (facts.outcome === 'started') {
    return { status: 'inProgress', date: facts.lastActivityAt, days: null };
  }
  // A due date 100 years or more ahead reads 'Open' (§9): no date to show.
  return {
    status: 'notStarted',
    date: isOpenDate(facts.dueAt, now) ? null : facts.dueAt,
    days: null,
  };
}

/**
 * The day a cell stops being "all right" for the expiring lists: a current qualification's end
 * of validity, an incomplete assignment's due date; null when neither applies (failed, expired,
 * overdue, current with no expiry, not assigned).
 */
export function lapsesAt(facts: StandingFacts | null, validityMonths: number, now: number) {
  const cell = qualificationCell(facts, validityMonths, now);
  if (cell.status === 'current' || cell.status === 'due') return cell.date;
  if (cell.status === 'inProgress' || cell.status === 'notStarted') return facts?.dueAt ?? null;
  return null;
}

/** The daily lists (issue's "lists that answer the daily questions"). */
export const COMPLIANCE_LISTS = [
  'overdue',
  'expiring30',
  'expiring60',
  'expiring90',
  'neverStarted',
  'failed',
] as const;
export type ComplianceList = (typeof COMPLIANCE_LISTS)[number];

/** The window of an expiring list in days; null for the other lists. */
export function expiringWithinDays(list: ComplianceList): number | null {
  if (list === 'expiring30') return 30;
  if (list === 'expiring60') return 60;
  if (list === 'expiring90') return 90;
  return null;
}

/**
 * Whether a cell belongs on a list:
 * - overdue: overdue now (not complete and its due date is not after now);
 * - expiring N: it lapses (validity ends, or falls due) after now and within N days;
 * - neverStarted: assigned, not complete nor failed, no lesson ever attempted (overdue or not);
 * - failed: its outcome is failed.
 */
export function onList(
  list: ComplianceList,
  facts: StandingFacts | null,
  validityMonths: number,
  now: number,
): boolean {
  if (!facts) return false;
  const cell = qualificationCell(facts, validityMonths, now);
  const within = expiringWithinDays(list);
  if (within !== null) {
    const at = lapsesAt(facts, validityMonths, now);
    return at !== null && at > now && at <= now + within * DAY_MS;
  }
  if (list === 'overdue') return cell.status === 'overdue';
  if (list === 'failed') return cell.status === 'failed';
  return facts.outcome === 'notstarted';
}

/** The words of each status (the console, exports, emails; never colour alone). */
export const QUALIFICATION_STATUS_TEXT: Record<QualificationStatus, string> = {
  current: 'Current',
  due: 'Due',
  overdue: 'Overdue',
  expired: 'Expired',
  failed: 'Failed',
  inProgress: 'In progress',
  notStarted: 'Not started',
  notAssigned: 'Not assigned',
};

/** YYYY/MM/DD in UTC, the panel's date format (§9). */
function day(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}`;
}

/** A cell in words, with its date: 'Current until 2027/03/01', 'Due in 12 days', 'Overdue since …'. */
export function qualificationCellText(cell: QualificationCell): string {
  const on = cell.date === null ? '' : day(cell.date);
  switch (cell.status) {
    case 'current':
      return on ? `Current until ${on}` : 'Current (no expiry)';
    case 'due':
      return cell.days === 0 ? 'Due today' : `Due in ${cell.days} day${cell.days === 1 ? '' : 's'}`;
    case 'overdue':
      return `Overdue since ${on}`;
    case 'expired':
      return `Expired on ${on}`;
    case 'failed':
      return on ? `Failed on ${on}` : 'Failed';
    case 'inProgress':
      return on ? `In progress (last ${on})` : 'In progress';
    case 'notStarted':
      return on ? `Not started (due ${on})` : 'Not started';
    case 'notAssigned':
      return 'Not assigned';
  }
}
