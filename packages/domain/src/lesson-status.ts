import { isCompleteButNotPassing, isCompletionComplete, isFailedCompletion } from './completion.js';
import { PLAY_MODE } from './play-mode.js';
import type { ProgressElement } from './progress-element.js';

export type LessonStatus = 'notstarted' | 'started' | 'complete' | 'failed';

/** The player value of the special exam player (§2: "'Exam' player with require100"). */
export const EXAM_PLAYER = 'Exam';

type LessonFields = Pick<
  ProgressElement,
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

/** The course a lesson sits in, for the "course minimum score" rule. */
export interface CourseScoreContext {
  /** The course's minimum (average) score; 0 or less means none. */
  courseMinScore: number;
  /** The average score of the course's attempted scorable lessons. */
  courseAverageScore: number;
}

/** "an exam (score weight above 0)" (§4). */
export function isExam(lesson: Pick<ProgressElement, 'elementScoreWeight'>): boolean {
  return lesson.elementScoreWeight > 0;
}

/** "Complete: completion 1 or more, play mode not 2, and (credit 0 or more, or not scorable, or minimum
 * pass score met and above 0); or an exam (score weight above 0) with completion above 0." */
export function isLessonComplete(lesson: LessonFields): boolean {
  if (isExam(lesson) && lesson.elementCompletion > 0) return true;
  if (
    !isCompletionComplete(lesson.elementCompletion) ||
    lesson.elementPlayMode === PLAY_MODE.browse
  ) {
    return false;
  }
  const passScoreMet =
    lesson.elementMinScorePass > 0 && lesson.elementScore >= lesson.elementMinScorePass;
  return lesson.elementCredit >= 0 || lesson.elementScorable <= 0 || passScoreMet;
}

/** "Failed: credit below 0; or scorable with pass score above the score (and above 0); or the course
 * minimum score is unmet while the lesson drags the average down; or an exam with attempts and
 * completion 0 or less. For the special exam player: failed means attempts above 0 and completion 0
 * or less." Only attempted lessons can fail. */
export function isLessonFailed(lesson: LessonFields, course?: CourseScoreContext): boolean {
  const attempted = lesson.elementAttempts > 0;
  if (lesson.player === EXAM_PLAYER) return attempted && lesson.elementCompletion <= 0;
  if (!attempted) return false;
  if (lesson.elementCredit < 0) return true;
  if (
    lesson.elementScorable > 0 &&
    lesson.elementMinScorePass > 0 &&
    lesson.elementMinScorePass > lesson.elementScore
  ) {
    return true;
  }
  if (
    course &&
    course.courseMinScore > 0 &&
    course.courseAverageScore < course.courseMinScore &&
    lesson.elementScorable > 0 &&
    lesson.elementScore < course.courseAverageScore
  ) {
    return true;
  }
  return isExam(lesson) && lesson.elementCompletion <= 0;
}

/** The lesson's status (§4 Lesson status). "Play mode 2 always shows not-started." */
export function lessonStatus(lesson: LessonFields, course?: CourseScoreContext): LessonStatus {
  if (lesson.elementPlayMode === PLAY_MODE.browse) return 'notstarted';
  if (isLessonFailed(lesson, course)) return 'failed';
  if (isLessonComplete(lesson)) return 'complete';
  return lesson.elementAttempts > 0 ? 'started' : 'notstarted';
}

/** "Progress percent: from location against max location; 50 when attempts exist with zero location;
 * 0 when attempts exist and nothing is recorded." A complete lesson is 100 (§4 Completion codes). */
export function progressPercent(
  lesson: Pick<
    ProgressElement,
    'elementAttempts' | 'elementCompletion' | 'elementLocation' | 'elementMaxLocation'
  >,
): number {
  if (isCompletionComplete(lesson.elementCompletion)) return 100;
  if (lesson.elementAttempts <= 0) return 0;
  if (lesson.elementLocation > 0 && lesson.elementMaxLocation > 0) {
    return clampPercent((lesson.elementLocation / lesson.elementMaxLocation) * 100);
  }
  return lesson.elementLocation === 0 ? 50 : 0;
}

/** Progress bars run from 0 to 100 (§9). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

export type ProgressBarView =
  | { kind: 'hidden' }
  | { kind: 'slider' }
  | { kind: 'empty' }
  | { kind: 'fill'; percent: number; failed: boolean };

/** The lesson's progress bar (§2 Course details): "hidden for play mode 2; exams with no attempts show a
 * slider; not-started lesson shows a plain empty bar; started lesson shows a fill from the progress
 * measure or from progression times completion. ... failed style when curriculum completion is below 0."
 * A failed lesson (§4 Lesson status, or a failure code) reached its end: a full bar in the failed
 * style, never the "50 when attempts exist with zero location" of an attempt still going on. */
export function progressBarView(
  lesson: LessonFields &
    Pick<ProgressElement, 'elementLocation' | 'elementMaxLocation' | 'elementProgressMeasure'>,
  curriculumCompletion: number,
): ProgressBarView {
  if (lesson.elementPlayMode === PLAY_MODE.browse) return { kind: 'hidden' };
  if (isExam(lesson) && lesson.elementAttempts <= 0) return { kind: 'slider' };
  const failed =
    isFailedCompletion(lesson.elementCompletion) ||
    isCompleteButNotPassing(lesson.elementCompletion, lesson.elementCredit) ||
    isLessonFailed(lesson);
  if (failed) return { kind: 'fill', percent: 100, failed: true };
  if (lesson.elementAttempts <= 0) return { kind: 'empty' };
  const percent =
    lesson.elementProgressMeasure > 0 && !isCompletionComplete(lesson.elementCompletion)
      ? clampPercent(lesson.elementProgressMeasure * 100)
      : progressPercent(lesson);
  return { kind: 'fill', percent, failed: curriculumCompletion < 0 };
}
