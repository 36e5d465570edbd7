import type { Db } from '../../db/connection.js';
import { launchSettings } from '../lms-info/service.js';
import { buildProgressReport } from '../progress/service.js';
import { findLessonPlace, launchRefusal } from './rules.js';

export interface PrelaunchRequest {
  curriculumKey: number;
  lessonKey: number;
  assignmentKey: number;
}

export type PrelaunchResult =
  { status: 404; errorMessage: string } | { status: 403; errorMessage: string };

/** Shown when every rule allows the launch but this server has no lesson player yet. */
export const NO_PLAYER_MESSAGE =
  'Lessons cannot be played on this server yet: the lesson player is not installed.';

/**
 * The pre-launch check (§4 Lesson launch flow step 2): the server applies the launch rules itself
 * to the student's own progress, whatever the page showed.
 */
export async function prelaunch(
  db: Db,
  user: { userKey: number; lmsKey: number },
  request: PrelaunchRequest,
  nowMs: number,
): Promise<PrelaunchResult> {
  const [report, settings] = await Promise.all([
    buildProgressReport(db, user, nowMs, {
      showExpired: true,
      withFlaggedAssignments: false,
      showEmptyLeafs: false,
    }),
    launchSettings(db, user.lmsKey),
  ]);
  const place = report
    ? findLessonPlace(
        report.progressReport,
        request.assignmentKey,
        request.curriculumKey,
        request.lessonKey,
      )
    : null;
  if (!report || !place) {
    return { status: 404, errorMessage: 'This lesson is not part of your assignments.' };
  }
  const refusal = launchRefusal(place, {
    nowMs,
    prerequisiteNames: new Map(
      report.prerequisiteTypes.map((t) => [t.prerequisiteKey, t.prerequisiteName]),
    ),
    ...settings,
  });
  return { status: 403, errorMessage: refusal ?? NO_PLAYER_MESSAGE };
}
