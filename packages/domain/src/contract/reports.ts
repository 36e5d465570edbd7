/**
 * The Completion Report calls of §7: the course completion rows of the 'Most Recent' table (§2
 * Completion Report, §3 Completion-report row), the organisation data (the student's names,
 * employee id, base, fleet, position and the LMS's name and logo, §3 User details and LMS info), and
 * the training record a student downloads (CSV and PDF; not in §7, named in the same style).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key } from './common.js';

/**
 * A completion-report row (§3): the curriculum and course a lesson sits in, their total times, and
 * the lesson's own progress fields. The spec's "defaults -1 or 0" apply to what a lesson lacks.
 */
export const CompletionReportRow = Type.Object({
  curriculumKey: Type.Number(),
  curriculumName: Type.String(),
  /** All the curriculum's courses are drafts (§4 Drafts and lists): never shown. */
  draftAssociated: Type.Boolean(),
  courseKey: Type.Number(),
  courseName: Type.String(),
  /** ms */
  courseTotalTime: Type.Number(),
  lessonName: Type.String(),
  /** ms */
  lessonTotalTime: Type.Number(),
  elementKey: Type.Number(),
  elementAssignmentKey: Type.Number(),
  elementCompletion: Type.Number(),
  /** ms since the epoch; 0 when not complete. */
  elementCompletionInstant: Type.Number(),
  /** A fraction of the maximum, 0..1, as the player stores it (shown by formatScorePercent). */
  elementScore: Type.Number(),
  elementScoreWeight: Type.Number(),
  /** The lesson's pass score (§4 Lesson status: "scorable with pass score above the score"). */
  elementMinScorePass: Type.Number(),
  elementPlayMode: Type.Number(),
  /** The start of the lesson's most recent session (ms since the epoch; 0 when never launched). */
  elementStartDate: Type.Number(),
  /** ms; End = start + duration (§2). */
  elementDuration: Type.Number(),
  elementAttempts: Type.Number(),
  elementCredit: Type.Number(),
  elementScorable: Type.Number(),
  elementLastLaunchedInstant: Type.Number(),
  player: Type.String(),
  /** The lesson is in the report's flaggedLeafAssignments: completed offline on the mobile app. */
  flaggedOffline: Type.Boolean(),
});
export type CompletionReportRow = Static<typeof CompletionReportRow>;

/**
 * The course completion query (§7 `?aggregationKeys=`): a comma-separated list of course keys to
 * keep; empty or left out, every course.
 */
export const CourseCompletionQuery = Type.Object({
  aggregationKeys: Type.Optional(
    Type.String({ maxLength: 2000, pattern: '^(\\d{1,10}(,\\d{1,10})*)?$' }),
  ),
});

/** The course completion path: {curriculum} 0 means every curriculum of the student. */
export const CourseCompletionPath = Type.Object({ lms: Key, user: Key, curriculum: Key });

/** The {lms}/{user} pair of the organisation and training-record paths. */
export const ReportUserPath = Type.Object({ lms: Key, user: Key });

/** Organisation data: who the student is and which training provider trains them (§3). */
export const OrganizationData = Type.Object({
  lmsKey: Type.Number(),
  lmsName: Type.String(),
  lmsDisplayName: Type.String(),
  /** The LMS's logo address ('' when none). */
  logoURL: Type.String(),
  userKey: Type.Number(),
  userID: Type.String(),
  nameCollated: Type.String(),
  nameOther: Type.String(),
  displayName: Type.String(),
  email: Type.String(),
  employeeID: Type.String(),
  base: Type.String(),
  fleet: Type.String(),
  position: Type.String(),
});
export type OrganizationData = Static<typeof OrganizationData>;

/** The two formats of the training record. */
export type TrainingRecordFormat = 'csv' | 'pdf';

/** The report calls. */
export const reportCalls = {
  /** GET /api/reports/{lms}/user/{user}/curriculum/{curriculum}/COURSE_COMPLETION?aggregationKeys=. */
  courseCompletion: defineCall<CompletionReportRow[]>()({
    method: 'GET',
    route: '/api/reports/:lms/user/:user/curriculum/:curriculum/COURSE_COMPLETION',
    path: (
      lmsKey: number,
      userKey: number,
      curriculumKey: number,
      aggregationKeys: number[] = [],
    ) =>
      `/api/reports/${enc(lmsKey)}/user/${enc(userKey)}/curriculum/${enc(curriculumKey)}` +
      `/COURSE_COMPLETION?aggregationKeys=${enc(aggregationKeys.join(','))}`,
  }),
  /** GET /api/user/{lms}/user/{user}/organization. */
  organization: defineCall<OrganizationData>()({
    method: 'GET',
    route: '/api/user/:lms/user/:user/organization',
    path: (lmsKey: number, userKey: number) =>
      `/api/user/${enc(lmsKey)}/user/${enc(userKey)}/organization`,
  }),
  /** GET /api/reports/{lms}/user/{user}/TRAINING_RECORD/csv: the record as a spreadsheet file. */
  trainingRecordCsv: defineCall<string>()({
    method: 'GET',
    route: '/api/reports/:lms/user/:user/TRAINING_RECORD/csv',
    path: (lmsKey: number, userKey: number) =>
      `/api/reports/${enc(lmsKey)}/user/${enc(userKey)}/TRAINING_RECORD/csv`,
    responseType: 'text',
  }),
  /** GET /api/reports/{lms}/user/{user}/TRAINING_RECORD/pdf: the record as a PDF document. */
  trainingRecordPdf: defineCall<string>()({
    method: 'GET',
    route: '/api/reports/:lms/user/:user/TRAINING_RECORD/pdf',
    path: (lmsKey: number, userKey: number) =>
      `/api/reports/${enc(lmsKey)}/user/${enc(userKey)}/TRAINING_RECORD/pdf`,
    responseType: 'text',
  }),
};

/** Route schemas of the report calls. */
export const reportSchemas = {
  courseCompletion: {
    summary: "The student's completion report rows (a curriculum, or 0 for all), most recent first",
    params: CourseCompletionPath,
    querystring: CourseCompletionQuery,
    response: { 200: Type.Array(CompletionReportRow), 404: ErrorBody },
  },
  organization: {
    summary: "The student's organisation data: names, employee id, base, fleet, position, LMS",
    params: ReportUserPath,
    response: { 200: OrganizationData },
  },
  trainingRecordCsv: {
    summary: "The student's training record as CSV (UTF-8 with BOM)",
    params: ReportUserPath,
  },
  trainingRecordPdf: {
    summary: "The student's training record as PDF",
    params: ReportUserPath,
  },
} satisfies Record<keyof typeof reportCalls, object>;
