/**
 * The Completion Report's calls (spec §2, §7): the 'Most Recent' rows, the organisation data, the
 * per-curriculum progress trees (the completion report's own report path), and the addresses of
 * the training record downloads (plain links: the session cookie goes with them).
 */
import {
  attemptCalls,
  progressCalls,
  reportCalls,
  type ProgressReportOptions,
} from '@waypoint/domain/contract';
import { send } from './client';
import { SERVICE_BASE } from './paths';

export type {
  CompletionReportRow,
  LessonAttempt,
  OrganizationData,
} from '@waypoint/domain/contract';

/** GET /api/reports/{lms}/user/{user}/curriculum/{curriculum}/COURSE_COMPLETION (0: every one). */
export const getCourseCompletion = (lmsKey: number, userKey: number, curriculumKey = 0) =>
  send(reportCalls.courseCompletion, [lmsKey, userKey, curriculumKey, []]);

/** GET /api/user/{lms}/user/{user}/organization. */
export const getOrganization = (lmsKey: number, userKey: number) =>
  send(reportCalls.organization, [lmsKey, userKey]);

/** GET /api/progressreport/CompletionwithPrerequisites/{lmsKey}/{userKey}: the report's trees. */
export const getCompletionProgressReport = (
  lmsKey: number,
  userKey: number,
  options: ProgressReportOptions,
) => send(progressCalls.completionReport, [lmsKey, userKey, options]);

/** The address of the training record download in a format. */
export const trainingRecordUrl = (lmsKey: number, userKey: number, format: 'csv' | 'pdf') =>
  SERVICE_BASE +
  (format === 'csv'
    ? reportCalls.trainingRecordCsv.path(lmsKey, userKey)
    : reportCalls.trainingRecordPdf.path(lmsKey, userKey));

/**
 * GET /api/progressreport/attempts/{lmsKey}/{userKey}/{assignmentKey}/{lessonKey}: one lesson's
 * attempts, loaded when the report tree's 'Attempts' list is opened.
 */
export const getLessonAttempts = (
  lmsKey: number,
  userKey: number,
  assignmentKey: number,
  lessonKey: number,
) => send(attemptCalls.lessonAttempts, [lmsKey, userKey, assignmentKey, lessonKey]);
