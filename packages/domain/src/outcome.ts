/**
 * The one rule for what a lesson, topic, course or curriculum is (spec §4 Completion codes, Lesson
 * status, Course-level status; docs/decisions/0010 "Outcomes"): complete (and passing), failed
 * (a failure code, or complete but not passing), started or not started. The server's roll-up,
 * the certificate rule, the Completion Report, the training record and the panel all read it, so
 * no screen can call complete what another calls failed.
 */
import { isCompleteButNotPassing, isCompletionComplete, isFailedCompletion } from './completion.js';
import { lessonStatus, type CourseScoreContext } from './lesson-status.js';
import { PLAY_MODE } from './play-mode.js';
import type { ProgressElement } from './progress-element.js';

/** §4's four lesson statuses, read for every level of the tree. */
export type Outcome = 'notstarted' | 'started' | 'complete' | 'failed';

/** The fields the rule reads. */
export type OutcomeFields = Pick<
  ProgressElement,
  | 'elementType'
  | 'elementAttempts'
  | 'elementCompletion'
  | 'elementCredit'
  | 'elementScorable'
  | 'elementMinScorePass'
  | 'elementScore'
  | 'elementScoreWeight'
  | 'elementPlayMode'
  | 'player'
>;

/**
 * Failed by its codes alone: "Below -1 counts as failed for topics and curricula", and "Elements
 * with elementCredit below 0 are complete but not passing" (§4 Completion codes). A result that
 * does not pass is never shown as complete.
 */
export function isFailedByCodes(completion: number, credit: number): boolean {
  return isFailedCompletion(completion) || isCompleteButNotPassing(completion, credit);
}

/**
 * The outcome of any element of the progress report:
 * - a lesson: §4 Lesson status ("Play mode 2 always shows not-started"; "Failed: credit below 0;
 *   or scorable with pass score above the score ..."), where a failure code (below -1) or a
 *   complete-but-not-passing result is failed too;
 * - a topic, course or curriculum: failed by its codes (its roll-up carries a failed child up,
 *   roll-up.ts); complete when its completion is 1 or more; else started when any lesson below it
 *   was attempted (its attempts add up), not started otherwise.
 */
export function outcomeOf(element: OutcomeFields, course?: CourseScoreContext): Outcome {
  if (element.elementType === 'lesson') {
    if (element.elementPlayMode === PLAY_MODE.browse) return 'notstarted';
    if (isFailedByCodes(element.elementCompletion, element.elementCredit)) return 'failed';
    return lessonStatus(element, course);
  }
  if (isFailedByCodes(element.elementCompletion, element.elementCredit)) return 'failed';
  if (isCompletionComplete(element.elementCompletion)) return 'complete';
  return element.elementAttempts > 0 ? 'started' : 'notstarted';
}

/**
 * Complete but not passing, as a parent rolls it up: a credited child that reached its end
 * (completion 1 or more) with a failed outcome (§4 Course-level status: "Failing if some completed
 * lesson has negative credit or is below pass score").
 */
export function isCompleteButFailed(element: OutcomeFields): boolean {
  return isCompletionComplete(element.elementCompletion) && outcomeOf(element) === 'failed';
}

/**
 * A passed outcome: complete and passing. A certificate is issued only for one (§6 "available only
 * when the element is complete", read with §4's failure rules).
 */
export function isPassed(element: OutcomeFields): boolean {
  return outcomeOf(element) === 'complete';
}

/** The words the screens and exports use for an outcome (the Completion Report tree, records). */
export const OUTCOME_TEXT = {
  notstarted: 'Not attempted',
  started: 'Started',
  complete: 'Complete',
  failed: 'Failed',
} as const satisfies Record<Outcome, string>;
