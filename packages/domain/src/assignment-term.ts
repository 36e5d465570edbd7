import { DEFAULT_CURRICULUM_DURATION_MS } from './constants.js';
import { DAY_MS } from './dates.js';

/**
 * When an assignment starts and how long it runs (§4 Expiry and launchability: a curriculum is
 * due at start plus duration; the default duration reads as 'Open'). Staff give a start day and
 * either a duration in days or a due day; the operator's `assign` gives a due day. Days are
 * YYYY-MM-DD in UTC: a start day begins at its first millisecond, a due day ends at its last.
 */

/** The longest duration staff may give, in days (100 years: anything longer reads 'Open', §9). */
export const MAX_ASSIGNMENT_DAYS = 36_500;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first millisecond (UTC) of a YYYY-MM-DD day; null when it is not a real date. */
export function startOfDay(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, date);
  const parsed = new Date(start);
  // Date.UTC rolls 2025-02-30 over to March; a real date keeps its parts.
  if (
    parsed.getUTCFullYear() !== year ||
    parsed.getUTCMonth() !== month - 1 ||
    parsed.getUTCDate() !== date
  )
    return null;
  return start;
}

/** The last millisecond (UTC) of a YYYY-MM-DD day; null when it is not a real date. */
export function endOfDueDay(day: string): number | null {
  const start = startOfDay(day);
  return start === null ? null : start + DAY_MS - 1;
}

/** The duration that makes an assignment starting at startMs due at dueMs; null unless due is later. */
export function durationUntilDue(startMs: number, dueMs: number): number | null {
  return dueMs > startMs ? dueMs - startMs : null;
}

/** What staff ask for: a start day (default: now) and a duration in days or a due day (or neither: open). */
export interface AssignmentTermInput {
  startDate?: string | undefined;
  durationDays?: number | undefined;
  dueDate?: string | undefined;
}

/** A checked term: where it starts, how long it runs, and the due day when one was given. */
export interface AssignmentTerm {
  startMs: number;
  /** Whether the start was given (else it is now). */
  startGiven: boolean;
  durationMs: number;
  /** The end of the due day when a due day was given; null for a duration or the default. */
  dueMs: number | null;
  /** Neither a duration nor a due day: the spec's default duration ('Open'). */
  open: boolean;
}

/**
 * What a curriculum's assignments default to when staff give neither a duration nor a due day
 * (the programme's settings): a duration in ms or a due day, or neither (the spec's default).
 */
export interface CurriculumDefault {
  durationMs: number | null;
  dueDate: string | null;
}

const NO_DEFAULT: CurriculumDefault = { durationMs: null, dueDate: null };

/**
 * The term staff asked for, or the one line that says what is wrong with it. Given neither a
 * duration nor a due day, the curriculum's default applies, then the spec's default ('Open').
 */
export function resolveAssignmentTerm(
  input: AssignmentTermInput,
  nowMs: number,
  curriculumDefault: CurriculumDefault = NO_DEFAULT,
): { term: AssignmentTerm } | { problem: string; fromDefault?: true } {
  const startText = input.startDate?.trim();
  const startMs = startText ? startOfDay(startText) : nowMs;
  if (startMs === null) return { problem: `Start date '${startText}' is not a date (YYYY-MM-DD).` };
  const startGiven = Boolean(startText);
  const dueText = input.dueDate?.trim();
  if (input.durationDays !== undefined && dueText) {
    return { problem: 'Give either a duration or a due date, not both.' };
  }
  if (dueText) {
    const dueMs = endOfDueDay(dueText);
    if (dueMs === null) return { problem: `Due date '${dueText}' is not a date (YYYY-MM-DD).` };
    if (dueMs <= nowMs) return { problem: `Due date ${dueText} is in the past.` };
    const durationMs = durationUntilDue(startMs, dueMs);
    if (durationMs === null) {
      return { problem: `Due date ${dueText} is before the start date ${startText}.` };
    }
    return { term: { startMs, startGiven, durationMs, dueMs, open: false } };
  }
  if (input.durationDays !== undefined) {
    const days = input.durationDays;
    if (!Number.isInteger(days) || days < 1 || days > MAX_ASSIGNMENT_DAYS) {
      return {
        problem: `Duration must be a whole number of days from 1 to ${MAX_ASSIGNMENT_DAYS}.`,
      };
    }
    const durationMs = days * DAY_MS;
    if (startMs + durationMs <= nowMs) {
      return {
        problem: `A ${days}-day assignment starting ${startText} would have ended already.`,
      };
    }
    return { term: { startMs, startGiven, durationMs, dueMs: null, open: false } };
  }
  if (curriculumDefault.dueDate !== null) {
    const dueMs = endOfDueDay(curriculumDefault.dueDate);
    const durationMs = dueMs === null ? null : durationUntilDue(startMs, dueMs);
    if (dueMs === null || dueMs <= nowMs || durationMs === null) {
      return {
        problem: `Its default due date ${curriculumDefault.dueDate} has passed or is before the start: give a duration or a due date.`,
        fromDefault: true,
      };
    }
    return { term: { startMs, startGiven, durationMs, dueMs, open: false } };
  }
  if (curriculumDefault.durationMs !== null && curriculumDefault.durationMs > 0) {
    return {
      term: {
        startMs,
        startGiven,
        durationMs: curriculumDefault.durationMs,
        dueMs: null,
        open: false,
      },
    };
  }
  return {
    term: {
      startMs,
      startGiven,
      durationMs: DEFAULT_CURRICULUM_DURATION_MS,
      dueMs: null,
      open: true,
    },
  };
}
