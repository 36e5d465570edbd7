/**
 * The Completion Report's two collapsible sections, 'Open Curriculum' and 'Closed Curriculum'
 * (§2), and the user report tree inside each: curriculum, course, topic/session, lesson rows with
 * the columns Lesson Name, Score, Start, End, Time, Completion.
 */
import { isCompletionComplete } from '../completion.js';
import { isDraftAssociated } from '../drafts.js';
import { isExpired } from '../expiry.js';
import { OUTCOME_TEXT, outcomeOf, type Outcome } from '../outcome.js';
import { PLAY_MODE } from '../play-mode.js';
import type { ProgressElement } from '../progress-element.js';
import { formatScorePercent } from '../score.js';
import { isWaypointExam } from './completion-rows.js';

/**
 * A curriculum is closed once it is complete or expired (§4 Expiry: start plus duration not after
 * now); every other shown curriculum is open. Draft-associated or nameless curricula are in neither
 * (the report's shown-rows rule, §2).
 */
export function splitCurricula(
  curricula: readonly ProgressElement[],
  nowMs: number,
): { open: ProgressElement[]; closed: ProgressElement[] } {
  const open: ProgressElement[] = [];
  const closed: ProgressElement[] = [];
  for (const curriculum of curricula) {
    if (curriculum.elementName.trim() === '' || isDraftAssociated(curriculum)) continue;
    const done = isCompletionComplete(curriculum.elementCompletion);
    const expired = isExpired(curriculum.elementStartDate, curriculum.elementDuration, nowMs);
    (done || expired ? closed : open).push(curriculum);
  }
  return { open, closed };
}

/** One lesson row of the user report tree. */
export interface TreeLessonRow {
  key: string;
  lessonName: string;
  /** As every screen shows a score (formatScorePercent). */
  score: string;
  /** ms since the epoch; 0 when never launched. */
  start: number;
  end: number;
  time: number;
  /** The completion date (0 when none), the completion value and the outcome it names. */
  completionInstant: number;
  completionText: string;
  /** null for a Browse lesson ('-'). */
  outcome: Outcome | null;
}

/**
 * A lesson's row: start at its latest launch, End = start + time, as in 'Most Recent' (§2). Its
 * completion is its §4 lesson status (outcome.ts): 'Not attempted', 'Started', 'Complete' or
 * 'Failed'; '-' in play mode 2 (not for the {product} exam), as the 'Most Recent' table has it.
 */
export function treeLessonRow(lesson: ProgressElement): TreeLessonRow {
  const start = lesson.elementLastLaunchedInstant;
  const browse = lesson.elementPlayMode === PLAY_MODE.browse && !isWaypointExam(lesson);
  const outcome = browse ? null : outcomeOf(lesson);
  return {
    key: `${lesson.elementAssignmentKey}:${lesson.elementKey}`,
    lessonName: lesson.elementName,
    score: formatScorePercent(lesson.elementScore, lesson.elementPlayMode),
    start,
    end: start > 0 ? start + lesson.elementTotalTime : 0,
    time: lesson.elementTotalTime,
    completionInstant: lesson.elementCompletionInstant,
    completionText: outcome === null ? '-' : OUTCOME_TEXT[outcome],
    outcome,
  };
}
