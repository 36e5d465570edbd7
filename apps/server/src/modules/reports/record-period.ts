import type { AttemptFields, ProgressElement } from '@waypoint/domain';

/** A period of the training record: whole UTC days, both included (ms since the epoch). */
export interface RecordPeriod {
  /** The first day's midnight (UTC). */
  fromMs: number;
  /** The midnight after the last day (UTC): the period ends before it. */
  toMs: number;
  /** The days as given, YYYY-MM-DD, for the record to say. */
  from: string;
  to: string;
}

/** The period of two YYYY-MM-DD days (both included; the caller checked they are real days). */
export function recordPeriod(from: string, to: string): RecordPeriod {
  return {
    fromMs: Date.parse(`${from}T00:00:00Z`),
    toMs: Date.parse(`${to}T00:00:00Z`) + 86_400_000,
    from,
    to,
  };
}

const within = (ms: number, period: RecordPeriod) =>
  ms > 0 && ms >= period.fromMs && ms < period.toMs;

/**
 * The student's curricula narrowed to a period: a lesson stays when it was completed or launched
 * in it, a course or curriculum when it was completed in it or keeps a lesson. What is left is
 * what happened in the period, so the record an auditor asks for "for 2026" says only that.
 */
export function curriculaInPeriod(
  curricula: readonly ProgressElement[],
  period: RecordPeriod,
): ProgressElement[] {
  const narrow = (element: ProgressElement): ProgressElement | null => {
    if (element.elementType === 'lesson') {
      return within(element.elementCompletionInstant, period) ||
        within(element.elementLastLaunchedInstant, period)
        ? element
        : null;
    }
    const children = element.elementChildren
      .map(narrow)
      .filter((child): child is ProgressElement => child !== null);
    if (children.length === 0 && !within(element.elementCompletionInstant, period)) return null;
    return { ...element, elementChildren: children };
  };
  return curricula.map(narrow).filter((element): element is ProgressElement => element !== null);
}

/** An attempt belongs to a period when it started or ended in it. */
export function attemptInPeriod(
  attempt: Pick<AttemptFields, 'startedInstant' | 'endedInstant'>,
  period: RecordPeriod,
): boolean {
  return within(attempt.startedInstant, period) || within(attempt.endedInstant, period);
}
