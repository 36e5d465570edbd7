/**
 * The progress-report calls (spec §3, §7): the curricula as element trees, the course-level
 * prerequisite types and the student's parameters. One call, one function; keys from progressKeys.
 */
import type { ProgressElement } from '@waypoint/domain';
import { request, type ApiResult } from './client';

const enc = encodeURIComponent;

/** A course-level prerequisite type (§3 progress report response). */
export interface PrerequisiteType {
  prerequisiteName: string;
  prerequisiteKey: number;
}

/** A lesson completed offline on the mobile app (§3 flaggedLeafAssignments). */
export interface FlaggedLeafAssignment {
  assignmentKey: number;
  leafKey: number;
}

/** The progress report response (§3). */
export interface ProgressReport {
  progressReport: ProgressElement[];
  prerequisiteTypes: PrerequisiteType[];
  flaggedLeafAssignments: FlaggedLeafAssignment[];
}

/** Student parameters (§3). */
export interface StudentParameters {
  allowExpiredAssignmentsToBeCompleted: number;
  allowStudentsToViewCertificates: number;
  certificateReporterAccess: number;
}

export interface ProgressReportOptions {
  withFlaggedAssignments: boolean;
  showEmptyLeafs: boolean;
}

/** Paths of this file's calls (apiPaths in paths.ts belongs to the shell). */
export const progressPaths = {
  progressReport: (lmsKey: number, userKey: number, options: ProgressReportOptions) =>
    `/api/progressreport/withPrerequisites/${enc(lmsKey)}/${enc(userKey)}` +
    `?showExpired=true&withFlaggedAssignments=${options.withFlaggedAssignments}` +
    `&showEmptyLeafs=${options.showEmptyLeafs}`,
  prerequisiteTypes: () => '/api/CurriculumPrerequisiteTypes',
  studentParameters: (lmsKey: number, userKey: number) =>
    `/api/LMSStudent/GetLMSStudentParameters/${enc(lmsKey)}/${enc(userKey)}`,
} as const;

/** Query keys of the progress calls. */
export const progressKeys = {
  all: ['progress'] as const,
  report: (lmsKey: number, userKey: number, options: ProgressReportOptions) =>
    ['progress', 'report', lmsKey, userKey, options] as const,
  prerequisiteTypes: () => ['progress', 'prerequisiteTypes'] as const,
  studentParameters: (lmsKey: number, userKey: number) =>
    ['progress', 'studentParameters', lmsKey, userKey] as const,
};

/**
 * GET /api/progressreport/withPrerequisites/{lmsKey}/{userKey}?showExpired=true&...; `fresh` asks
 * the server to look past its one-second cache (after a lesson window closes).
 */
export function getProgressReport(
  lmsKey: number,
  userKey: number,
  options: ProgressReportOptions,
  fresh = false,
): Promise<ApiResult<ProgressReport>> {
  return request<ProgressReport>(
    progressPaths.progressReport(lmsKey, userKey, options),
    fresh ? { headers: { 'Cache-Control': 'no-cache' } } : {},
  );
}

/** GET /api/CurriculumPrerequisiteTypes. */
export function getPrerequisiteTypes(): Promise<ApiResult<PrerequisiteType[]>> {
  return request<PrerequisiteType[]>(progressPaths.prerequisiteTypes());
}

/** GET /api/LMSStudent/GetLMSStudentParameters/{lmsKey}/{userKey}. */
export function getStudentParameters(
  lmsKey: number,
  userKey: number,
): Promise<ApiResult<StudentParameters>> {
  return request<StudentParameters>(progressPaths.studentParameters(lmsKey, userKey));
}

/** The progress report's error texts (§8): 404 'Nothing to report.', other 4xx 'Incorrect login.' */
export function progressReportErrorText(statusCode: number): string {
  if (statusCode === 404) return 'Nothing to report.';
  if (statusCode >= 400 && statusCode < 500) return 'Incorrect login.';
  return 'An error occurred, please try again later.';
}
