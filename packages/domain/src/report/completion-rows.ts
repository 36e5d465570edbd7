/**
 * The Completion Report's 'Most Recent' table (spec §2 Completion Report, §3 Completion-report
 * row): one row per lesson the student has worked on, with its curriculum and course, flattened from
 * the progress report's element trees.
 */
import type { CompletionReportRow } from '../contract/reports.js';
import type { FlaggedLeafAssignment } from '../contract/progress.js';
import { isCompletionComplete } from '../completion.js';
import { isDraftAssociated } from '../drafts.js';
import { EXAM_PLAYER } from '../lesson-status.js';
import { OUTCOME_TEXT, outcomeOf } from '../outcome.js';
import { PLAY_MODE } from '../play-mode.js';
import type { ProgressElement } from '../progress-element.js';

export type { CompletionReportRow };

/** A lesson the student has worked on: launched, attempted, or with a completion recorded. */
export function hasActivity(lesson: ProgressElement): boolean {
  return (
    lesson.elementAttempts > 0 ||
    lesson.elementLastLaunchedInstant > 0 ||
    lesson.elementCompletion !== 0 ||
    lesson.elementCompletionInstant > 0
  );
}

/** When the row last changed: its latest launch or its completion, whichever is later. */
export function lastActivity(
  row: Pick<CompletionReportRow, 'elementLastLaunchedInstant' | 'elementCompletionInstant'>,
): number {
  return Math.max(row.elementLastLaunchedInstant, row.elementCompletionInstant);
}

/**
 * The completion-report rows of the given curricula (each an assigned curriculum's tree), most
 * recent activity first. Start is the lesson's latest launch and the duration its total time, so
 * that "End is start plus duration" (§2) reads as the end of the time spent.
 */
export function completionReportRows(
  curricula: readonly ProgressElement[],
  flagged: readonly FlaggedLeafAssignment[] = [],
): CompletionReportRow[] {
  const flaggedKeys = new Set(flagged.map((item) => `${item.assignmentKey}:${item.leafKey}`));
  const rows: CompletionReportRow[] = [];
  for (const curriculum of curricula) {
    const draftAssociated = isDraftAssociated(curriculum);
    for (const course of curriculum.elementChildren) {
      for (const topic of course.elementChildren) {
        for (const lesson of topic.elementChildren) {
          if (lesson.elementType !== 'lesson' || !hasActivity(lesson)) continue;
          rows.push({
            curriculumKey: curriculum.elementKey,
            curriculumName: curriculum.elementName,
            draftAssociated,
            courseKey: course.elementKey,
            courseName: course.elementName,
            courseTotalTime: course.elementTotalTime,
            lessonName: lesson.elementName,
            lessonTotalTime: lesson.elementTotalTime,
            elementKey: lesson.elementKey,
            elementAssignmentKey: lesson.elementAssignmentKey,
            elementCompletion: lesson.elementCompletion,
            elementCompletionInstant: lesson.elementCompletionInstant,
            elementScore: lesson.elementScore,
            elementScoreWeight: lesson.elementScoreWeight,
            elementMinScorePass: lesson.elementMinScorePass,
            elementPlayMode: lesson.elementPlayMode,
            elementStartDate: lesson.elementLastLaunchedInstant,
            elementDuration: lesson.elementTotalTime,
            elementAttempts: lesson.elementAttempts,
            elementCredit: lesson.elementCredit,
            elementScorable: lesson.elementScorable,
            elementLastLaunchedInstant: lesson.elementLastLaunchedInstant,
            player: lesson.player,
            flaggedOffline: flaggedKeys.has(`${lesson.elementAssignmentKey}:${lesson.elementKey}`),
          });
        }
      }
    }
  }
  return rows.sort((a, b) => lastActivity(b) - lastActivity(a));
}

/**
 * "Shown rows: non-empty curriculum name, positive curriculum key (or key plus assignment key equal
 * to 0), and not draft-associated" (§2 Completion Report).
 */
export function isShownReportRow(
  row: Pick<
    CompletionReportRow,
    'curriculumName' | 'curriculumKey' | 'elementAssignmentKey' | 'draftAssociated'
  >,
): boolean {
  const keyShown = row.curriculumKey > 0 || row.curriculumKey + row.elementAssignmentKey === 0;
  return row.curriculumName.trim() !== '' && keyShown && !row.draftAssociated;
}

/** "End is start plus duration" (§2); none when the lesson never started. */
export function rowEnd(row: Pick<CompletionReportRow, 'elementStartDate' | 'elementDuration'>) {
  return row.elementStartDate > 0 ? row.elementStartDate + row.elementDuration : 0;
}

/** The special exam player of the spec's '{product} exam' (Waypoint's 'Exam' player, §4). */
export function isWaypointExam(row: Pick<CompletionReportRow, 'player'>): boolean {
  return row.player === EXAM_PLAYER;
}

/** What the Lesson Status cell shows: its text and whether it is the red 'Incomplete'. */
export interface LessonStatusCell {
  text: string;
  tone: 'incomplete' | 'complete' | 'failed' | 'none';
}

type StatusFields = Pick<
  CompletionReportRow,
  | 'elementCompletion'
  | 'elementCredit'
  | 'elementPlayMode'
  | 'elementAttempts'
  | 'player'
  | 'elementScore'
  | 'elementScoreWeight'
  | 'elementScorable'
  | 'elementMinScorePass'
>;

/**
 * The completion value shown for a lesson: its outcome (outcome.ts, §4 Lesson status) in words,
 * 'Complete', 'Failed', 'Started' or 'Not attempted'. A result that is complete but not passing
 * is 'Failed', never a kind of complete.
 */
export function completionValueText(row: StatusFields): string {
  return OUTCOME_TEXT[outcomeOf({ ...row, elementType: 'lesson' })];
}

/**
 * "Lesson Status: 'Incomplete' in red when completion below 1, play mode not 2 and not a {product}
 * exam; a completion value when completion at least 1 and play mode not 2, or when a {product} exam;
 * '-' when play mode 2" (§2 Completion Report). A failed lesson (a failure code, §4) shows the
 * completion value 'Failed': 'Incomplete' would hide the failure (docs/decisions/0010, Outcomes).
 */
export function lessonStatusCell(row: StatusFields): LessonStatusCell {
  const browse = row.elementPlayMode === PLAY_MODE.browse;
  const exam = isWaypointExam(row);
  const outcome = outcomeOf({ ...row, elementType: 'lesson' });
  if (exam || (!browse && (isCompletionComplete(row.elementCompletion) || outcome === 'failed'))) {
    return {
      text: OUTCOME_TEXT[outcome],
      tone: outcome === 'complete' ? 'complete' : outcome === 'failed' ? 'failed' : 'none',
    };
  }
  if (browse) return { text: '-', tone: 'none' };
  return { text: 'Incomplete', tone: 'incomplete' };
}

/**
 * "Completion Date: shown when completionInstant above 0, with the offline-completion warning
 * tooltip on flagged mobile assignments; otherwise empty" (§2).
 */
export function completionDateCell(
  row: Pick<CompletionReportRow, 'elementCompletionInstant' | 'flaggedOffline'>,
): { instant: number; offlineWarning: boolean } | null {
  if (row.elementCompletionInstant <= 0) return null;
  return { instant: row.elementCompletionInstant, offlineWarning: row.flaggedOffline };
}

/** The offline-completion tooltip (§8). */
export const OFFLINE_COMPLETION_TOOLTIP =
  'This assignment was completed offline on the mobile app. At that time, the local time of the mobile device was ahead of the server, which may cause the completion date to be adjusted to when the assignment was synced.';
