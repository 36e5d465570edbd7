/**
 * The progress calls (spec §3, §7): the curricula as element trees (with the course-level
 * prerequisite types, so GET /api/CurriculumPrerequisiteTypes is not asked for: ADR 0010) and the
 * student's parameters. One call, one function, over the contract.
 */
import { progressCalls, type ProgressReportOptions } from '@waypoint/domain/contract';
import { send } from './client';

export type {
  FlaggedLeafAssignment,
  PrerequisiteType,
  ProgressReport,
  ProgressReportOptions,
  StudentParameters,
} from '@waypoint/domain/contract';

/**
 * GET /api/progressreport/withPrerequisites/{lmsKey}/{userKey}?showExpired=&...; `fresh` asks the
 * server to look past its one-second cache (after a lesson window closes).
 */
export const getProgressReport = (
  lmsKey: number,
  userKey: number,
  options: ProgressReportOptions,
  fresh = false,
) =>
  send(
    progressCalls.report,
    [lmsKey, userKey, options],
    fresh ? { headers: { 'Cache-Control': 'no-cache' } } : {},
  );

/** GET /api/LMSStudent/GetLMSStudentParameters/{lmsKey}/{userKey}. */
export const getStudentParameters = (lmsKey: number, userKey: number) =>
  send(progressCalls.studentParameters, [lmsKey, userKey]);

/** The progress report's error texts (§8): 404 'Nothing to report.', other 4xx 'Incorrect login.' */
export function progressReportErrorText(statusCode: number): string {
  if (statusCode === 404) return 'Nothing to report.';
  if (statusCode >= 400 && statusCode < 500) return 'Incorrect login.';
  return 'An error occurred, please try again later.';
}
