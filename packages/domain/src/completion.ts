/** Completion codes of spec §4 ("Completion codes") and the failure hints of §8. */

/** "elementCompletion 1 or more: complete (progress 100). 0 or less: not complete." */
export function isCompletionComplete(completion: number): boolean {
  return completion >= 1;
}

/** "-3 minimum score not met": also what a parent carries up from a child that completed without
 * passing (roll-up.ts), as a SCORM commit that failed is stored (scorm/cmi-progress.ts). */
export const MINIMUM_SCORE_NOT_MET = -3;

/** "Below -1 counts as failed for topics and curricula." */
export function isFailedCompletion(completion: number): boolean {
  return completion < -1;
}

/** "Elements with elementCredit below 0 are complete but not passing." */
export function isCompleteButNotPassing(completion: number, credit: number): boolean {
  return isCompletionComplete(completion) && credit < 0;
}

export const FAILURE_HINTS = {
  minimumTime: 'Minimum time not met.',
  minimumScore: 'Minimum score not met.',
  failureCount: 'Failure count greater than maximum allowed.',
} as const;

/**
 * The hover hint for a failing lesson (§8 "Failure hints"): -2 minimum time not met; -3 minimum
 * score not met; -4 failure count greater than maximum allowed; any other negative below -1:
 * unknown failure with the status number. No hint for other values.
 */
export function failureHint(completion: number): string | null {
  switch (completion) {
    case -2:
      return FAILURE_HINTS.minimumTime;
    case -3:
      return FAILURE_HINTS.minimumScore;
    case -4:
      return FAILURE_HINTS.failureCount;
    default:
      return completion < -1 ? `Unknown failure (status ${completion}).` : null;
  }
}
