import { isCompletionComplete } from './completion.js';
import { attemptsLeft } from './attempts.js';
import { PLAY_MODE } from './play-mode.js';
import type { ProgressElement } from './progress-element.js';

/** "live verification interval 24 h" (§9). */
export const LIVE_VERIFICATION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * §4 Lesson launch flow step 5: "Live verification is used when verification is enabled and either
 * (a) the lesson is not complete/credited and the last verification was over 24 h ago, or (b) the
 * lesson is an exam (score weight above 0) with attempts left." lastVerifiedMs 0 = never.
 */
export function needsLiveVerification(
  lesson: Pick<
    ProgressElement,
    | 'studentVerificationEnabled'
    | 'elementCompletion'
    | 'elementCredit'
    | 'elementScoreWeight'
    | 'elementMaxAttempts'
    | 'elementAttempts'
  >,
  lastVerifiedMs: number,
  nowMs: number,
): boolean {
  if (lesson.studentVerificationEnabled <= 0) return false;
  const completeAndCredited =
    isCompletionComplete(lesson.elementCompletion) && lesson.elementCredit >= 0;
  const stale = nowMs - lastVerifiedMs > LIVE_VERIFICATION_INTERVAL_MS;
  if (!completeAndCredited && stale) return true;
  return (
    lesson.elementScoreWeight > 0 &&
    attemptsLeft(lesson.elementMaxAttempts, lesson.elementAttempts) > 0
  );
}

/** How the player runs a lesson: SCORM cmi.mode and whether it earns credit (§4 Play modes). */
export interface PlayerMode {
  mode: 'normal' | 'browse' | 'review';
  credit: boolean;
}

/**
 * "1 normal; 2 Browse (free navigation without credit); 3 Review (free navigation with credit)":
 * browse records nothing, review records like normal but opens in SCORM's review mode.
 */
export function playerModeOf(playMode: number): PlayerMode {
  if (playMode === PLAY_MODE.browse) return { mode: 'browse', credit: false };
  if (playMode === PLAY_MODE.review) return { mode: 'review', credit: true };
  return { mode: 'normal', credit: true };
}
