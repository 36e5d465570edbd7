/**
 * How a topic, course or curriculum's progress rolls up from its children (§4 Completion codes;
 * docs/decisions/0004): the server fills every parent element of the progress report with it.
 */
import { isCompletionComplete, isFailedCompletion, MINIMUM_SCORE_NOT_MET } from './completion.js';
import { isCompleteButFailed } from './outcome.js';
import { PLAY_MODE } from './play-mode.js';
import type { ProgressElement } from './progress-element.js';

/** The fields of a parent element that come from its children. */
export type RolledUpFields = Pick<
  ProgressElement,
  | 'elementCompletion'
  | 'elementCompletionInstant'
  | 'elementScore'
  | 'elementTotalTime'
  | 'elementAttempts'
  | 'elementLastLaunchedInstant'
  | 'elementProgressMeasure'
>;

/** The children a parent's completion depends on: Browse lessons carry no credit (§4 Play modes). */
const isCredited = (child: ProgressElement) =>
  !(child.elementType === 'lesson' && child.elementPlayMode === PLAY_MODE.browse);

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The roll-up of a parent from its children: a failure code (below -1) of a credited child fails
 * the parent ("Below -1 counts as failed for topics and curricula", §4); so does a credited child
 * complete but not passing (credit below 0, or below its pass score: §4 Course-level status
 * "Failing if some completed lesson has negative credit or is below pass score"), as -3 "minimum
 * score not met", so that no parent of a failed result is complete and passing (outcome.ts);
 * otherwise the parent is complete (1) when every credited child is, else 0. Times and attempts add up, the last launch
 * is the latest, the score averages the attempted and scored children, the progress measure is
 * the share of credited children complete.
 */
export function rollUp(children: readonly ProgressElement[]): RolledUpFields {
  const credited = children.filter(isCredited);
  const failed = credited.find((child) => isFailedCompletion(child.elementCompletion));
  const notPassing = credited.some(isCompleteButFailed);
  const done = credited.filter((child) => isCompletionComplete(child.elementCompletion)).length;
  const complete = !notPassing && credited.length > 0 && done === credited.length;
  const scored = credited.filter((child) => child.elementAttempts > 0 && child.elementScore > 0);
  return {
    elementCompletion: failed
      ? failed.elementCompletion
      : notPassing
        ? MINIMUM_SCORE_NOT_MET
        : complete
          ? 1
          : 0,
    elementCompletionInstant: complete
      ? Math.max(0, ...credited.map((child) => child.elementCompletionInstant))
      : 0,
    elementScore: scored.length
      ? round2(scored.reduce((sum, child) => sum + child.elementScore, 0) / scored.length)
      : 0,
    elementTotalTime: children.reduce((sum, child) => sum + child.elementTotalTime, 0),
    elementAttempts: children.reduce((sum, child) => sum + child.elementAttempts, 0),
    elementLastLaunchedInstant: Math.max(
      0,
      ...children.map((child) => child.elementLastLaunchedInstant),
    ),
    elementProgressMeasure: credited.length ? round2(done / credited.length) : 0,
  };
}
