/**
 * The qualification matrix's one rule (docs/decisions/0022): what one person's standing in one
 * curriculum is today, from its assignment's outcome (the one outcome rule, outcome.ts), the
 * assignment's due date (§4 Expiry: start plus duration) and until when the latest completion is
 * valid (its qualification period, by the curriculum's validity rule: validity.ts). The server's
 * SQL filters and sorts by the same rule (compliance/standing-sql.ts; a test holds them together).
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
  /**
   * The latest completion's validity end (validity.ts's qualificationPeriod, as recorded); null
   * when never completed or it never expires. Kept while the next recurrent cycle runs.
   */
  validUntil: number | null;
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
 * The standing of one assignment at `now`:
 * - complete: current until its validity ends (no end when its rule sets none), expired after;
 * - failed: failed (a failed record is never shown as current, §4 failure rules);
 * - a new recurrent cycle running while the previous completion is still valid: current until
 *   that validity ends (the renewal's due date shows on the lists, lapsesAt);
 * - otherwise by the due date: overdue once it is not after now (§4 "expired when start plus
 *   duration is not after now"), due in N days within DUE_SOON_DAYS, else in progress when a
 *   lesson was attempted, not started when none was.
 */
export function qualificationCell(facts: StandingFacts | null, now: number): QualificationCell {
  if (!facts) return { status: 'notAssigned', date: null, days: null };
  if (facts.outcome === 'complete') {
    const until = facts.validUntil;
    if (until !== null && until <= now) return { status: 'expired', date: until, days: null };
    return { status: 'current', date: until, days: null };
  }
  if (facts.outcome === 'failed') {
    return { status: 'failed', date: facts.completedAt ?? facts.lastActivityAt, days: null };
  }
  if (facts.validUntil !== null && facts.validUntil > now) {
    return { status: 'current', date: facts.validUntil, days: null };
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
 * The day a cell stops being "all right", for the expiring lists: a completion's validity end;
 * an incomplete assignment's due date, or its previous completion's validity end when that is
 * later (a recurrent cycle running while still current); null for a failed one or a completion
 * that never expires. Whether it is after now is the list's question (onList).
 */
export function lapsesAt(facts: StandingFacts | null): number | null {
  if (!facts || facts.outcome === 'failed') return null;
  if (facts.outcome === 'complete') return facts.validUntil;
  return Math.max(facts.dueAt, facts.validUntil ?? Number.NEGATIVE_INFINITY);
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
export function onList(list: ComplianceList, facts: StandingFacts | null, now: number): boolean {
  if (!facts) return false;
  const cell = qualificationCell(facts, now);
  const within = expiringWithinDays(list);
  if (within !== null) {
    const at = lapsesAt(facts);
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
