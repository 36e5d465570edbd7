/**
 * The Completion Report's two collapsible sections, 'Open Curriculum' and 'Closed Curriculum'
 * (§2), and the user report tree inside each: curriculum, course, topic/session, lesson rows with
 * the columns Lesson Name, Score, Start, End, Time, Completion.
 */
import { isCompletionComplete } from '../completion.js';
import { isDraftAssociated } from '../drafts.js';
import { isExpired } from '../expiry.js';
import type { ProgressElement } from '../progress-element.js';
import { completionValueText, isWaypointExam } from './completion-rows.js';

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
  score: number;
  scoreWeight: number;
  playMode: number;
  /** ms since the epoch; 0 when never launched. */
  start: number;
  end: number;
  time: number;
  /** The completion date (0 when none) and the completion value. */
  completionInstant: number;
  completionText: string;
}

/** A lesson's row: start at its latest launch, End = start + time, as in 'Most Recent' (§2). */
export function treeLessonRow(lesson: ProgressElement): TreeLessonRow {
  const start = lesson.elementLastLaunchedInstant;
  const text =
    lesson.elementPlayMode === 2 && !isWaypointExam(lesson) ? '-' : completionValueText(lesson);
  return {
    key: `${lesson.elementAssignmentKey}:${lesson.elementKey}`,
    lessonName: lesson.elementName,
    score: lesson.elementScore,
    scoreWeight: lesson.elementScoreWeight,
    playMode: lesson.elementPlayMode,
    start,
    end: start > 0 ? start + lesson.elementTotalTime : 0,
    time: lesson.elementTotalTime,
    completionInstant: lesson.elementCompletionInstant,
    completionText: text,
  };
}
