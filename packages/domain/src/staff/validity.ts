/**
 * How long a completed curriculum stays valid, as the regulators count it: the one validity rule
 * behind certificate expiry, recurrent due dates (and so the due lists, calendar, calendar feed
 * and reminders that show them) and the qualification matrix (docs/decisions/0022).
 *
 * Every month is counted in UTC: aviation training records run on UTC, and a calendar month must
 * not shift with the server's or a viewer's time zone. The arithmetic is date-fns's on UTCDate
 * (the day clamped: 31 January + 1 month is 28 or 29 February), never hand-made month overflow.
 *
 * In the staff entry (`@waypoint/domain/staff`) so that date-fns never reaches the panel's bundle.
 */
import { UTCDate } from '@date-fns/utc';
import {
  addMonths,
  differenceInCalendarMonths,
  endOfMonth,
  startOfMonth,
  subDays,
  subMonths,
} from 'date-fns';

/** The rules a curriculum may count validity by. */
export const VALIDITY_RULE_KINDS = ['none', 'months', 'easa', 'faa'] as const;
export type ValidityRuleKind = (typeof VALIDITY_RULE_KINDS)[number];

/** Each rule's name as a form offers it. */
export const VALIDITY_RULE_LABELS: Record<ValidityRuleKind, string> = {
  none: 'None (never expires)',
  months: 'N calendar months from completion',
  easa: 'EASA (end of month, 3-month early window)',
  faa: 'FAA (grace month)',
};

/**
 * - none: a completion never expires and never recurs;
 * - months: N calendar months from the completion instant;
 * - easa: EASA ORO.FC.230(b), counted from the end of the month of completion, an early
 *   completion (last 3 months) extending from the old expiry;
 * - faa: 14 CFR 121.401(b), a due month with a grace month either side.
 */
export type ValidityRule =
  | { kind: 'none' }
  | { kind: 'months'; months: number }
  | { kind: 'easa'; months: number }
  | { kind: 'faa'; months: number };

/** The longest validity a curriculum may set (100 years; as the certificate settings' limit). */
export const VALIDITY_MONTHS_MAX = 1200;

/** The period before a 'months' validity ends in which its renewal shows as due (§9's 30 days). */
export const MONTHS_RULE_WINDOW_DAYS = 30;

/** EASA ORO.FC.230(b)(3): renewal "within the last 3 months of validity" keeps the old expiry. */
export const EASA_EARLY_WINDOW_MONTHS = 3;

/** The previous completion's period (what EASA's early window and FAA's due month read). */
export interface PreviousPeriod {
  validUntil: Date | null;
  recurrentDueAt: Date | null;
}

/** What one completion is worth. */
export interface QualificationPeriod {
  /** The last instant the qualification is valid; null: it never expires. */
  validUntil: Date | null;
  /** When the next recurrent training is due; null: none is. */
  recurrentDueAt: Date | null;
  /** When the next cycle opens (the due date starts to show); null: never. */
  windowOpensAt: Date | null;
}

const NEVER: QualificationPeriod = { validUntil: null, recurrentDueAt: null, windowOpensAt: null };

const utc = (date: Date) => new UTCDate(date.getTime());
const plain = (date: Date) => new Date(date.getTime());
/** The last millisecond of the UTC month `months` after `date`'s month. */
const endOfMonthAfter = (date: Date, months: number) =>
  plain(endOfMonth(addMonths(startOfMonth(utc(date)), months)));

/**
 * The one validity rule: what a completion at `completedAt` is worth under `rule`, given the
 * previous completion's period (null: the first).
 */
export function qualificationPeriod(
  rule: ValidityRule,
  completedAt: Date,
  previous: PreviousPeriod | null = null,
): QualificationPeriod {
  switch (rule.kind) {
    case 'none':
      return NEVER;
    case 'months': {
      const validUntil = plain(addMonths(utc(completedAt), rule.months));
      return {
        validUntil,
        recurrentDueAt: validUntil,
        windowOpensAt: plain(subDays(utc(validUntil), MONTHS_RULE_WINDOW_DAYS)),
      };
    }
    case 'easa': {
      const validUntil = endOfMonthAfter(easaBase(completedAt, previous), rule.months);
      return {
        validUntil,
        recurrentDueAt: validUntil,
        windowOpensAt: easaWindowOpens(validUntil),
      };
    }
    case 'faa': {
      const dueMonth = addMonths(startOfMonth(utc(faaBase(completedAt, previous))), rule.months);
      return {
        recurrentDueAt: endOfMonthAfter(dueMonth, 0),
        // The grace month: training in the month after the due month still counts (121.401(b)).
        validUntil: endOfMonthAfter(dueMonth, 1),
        windowOpensAt: plain(subMonths(dueMonth, 1)),
      };
    }
  }
}

/** The start of the last 3 months of a validity ending at `validUntil` (its last instant). */
function easaWindowOpens(validUntil: Date): Date {
  return plain(subMonths(utc(new Date(validUntil.getTime() + 1)), EASA_EARLY_WINDOW_MONTHS));
}

/**
 * What EASA counts from: the previous expiry when the completion falls within its last 3 months
 * of validity (ORO.FC.230(b)(3)), else the completion itself (early, late or the first).
 */
function easaBase(completedAt: Date, previous: PreviousPeriod | null): Date {
  const until = previous?.validUntil;
  if (!until) return completedAt;
  const within = completedAt >= easaWindowOpens(until) && completedAt <= until;
  return within ? until : completedAt;
}

/**
 * What FAA counts from: the previous due month when the completion falls in the month before,
 * the month of, or the month after it (121.401(b)), else the month of completion.
 */
function faaBase(completedAt: Date, previous: PreviousPeriod | null): Date {
  const due = previous?.recurrentDueAt;
  if (!due) return completedAt;
  const offset = differenceInCalendarMonths(utc(completedAt), utc(due));
  return Math.abs(offset) <= 1 ? due : completedAt;
}

/** What is wrong with a rule as a form or command gives it (null: fine). */
export function validityRuleProblem(kind: string, months: number): string | null {
  if (!(VALIDITY_RULE_KINDS as readonly string[]).includes(kind)) {
    return `Unknown validity rule '${kind}': none, months, easa or faa.`;
  }
  if (kind === 'none') {
    return months === 0 ? null : 'A validity of no expiry has no months (give 0).';
  }
  if (!Number.isInteger(months) || months < 1 || months > VALIDITY_MONTHS_MAX) {
    return `The validity must be a whole number of months from 1 to ${VALIDITY_MONTHS_MAX}.`;
  }
  return null;
}

/**
 * The rule as stored on a curriculum (validity_rule, validity_months): 'months', 'easa' and
 * 'faa' with no months (0) count as none.
 */
export function validityRuleOf(kind: ValidityRuleKind, months: number): ValidityRule {
  if (kind === 'none' || months <= 0) return { kind: 'none' };
  return { kind, months };
}

/** The rule in words (the console and the CLI). */
export function validityRuleText(rule: ValidityRule): string {
  switch (rule.kind) {
    case 'none':
      return 'No expiry';
    case 'months':
      return `${rule.months} calendar month${rule.months === 1 ? '' : 's'} from completion`;
    case 'easa':
      return `EASA: ${rule.months} months from the end of the month of completion`;
    case 'faa':
      return `FAA: due every ${rule.months} months, with a grace month`;
  }
}
