/**
 * The progress calls of §7: the progress report (§3 progress element trees), the course-level
 * prerequisite types and the student parameters. The progress element is recursive through
 * elementChildren; its schema is registered once by the server (addSchema) and referenced by $ref,
 * so fast-json-stringify serialises a 5,000-lesson tree quickly (docs/decisions/0004).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, StudentPath } from './common.js';

/** The four levels of a progress tree (§3): curriculum > course > chapter/topic > lesson. */
export type ElementType = 'curriculum' | 'course' | 'topic' | 'lesson';

/** The $id the server registers the progress element schema under. */
export const PROGRESS_ELEMENT_ID = 'ProgressElement';

/**
 * The progress element schema (§3; times are ms since the epoch), recursive through
 * elementChildren by a $ref to itself. Written as one Type.Object call with no spread, so that
 * the panel's bundle (which uses only the type) drops it.
 */
export const ProgressElement = Type.Object(
  {
    // Sent as a plain string: a union of literals would slow the serialiser for nothing.
    elementType: Type.Unsafe<ElementType>(Type.String()),
    elementKey: Type.Number(),
    elementName: Type.String(),
    elementCompletion: Type.Number(),
    elementCompletionInstant: Type.Number(),
    elementScore: Type.Number(),
    elementDraft: Type.Number(),
    elementCertificateUrl: Type.String(),
    elementStartDate: Type.Number(),
    elementDuration: Type.Number(),
    elementAssignedDate: Type.Number(),
    elementAssignmentKey: Type.Number(),
    elementMaxAttempts: Type.Number(),
    elementMinScoreComplete: Type.Number(),
    elementMinScorePass: Type.Number(),
    elementMinScore: Type.Number(),
    elementScoreWeight: Type.Number(),
    elementMaxLocation: Type.Number(),
    elementLocation: Type.Number(),
    elementLocationBlob: Type.String(),
    elementSuspendData: Type.String(),
    elementProgressMeasure: Type.Number(),
    elementSCOKey: Type.Number(),
    elementAttempts: Type.Number(),
    elementTotalTime: Type.Number(),
    elementDescription: Type.String(),
    elementPlayMode: Type.Number(),
    elementPrerequisite: Type.Number(),
    curriculumKey: Type.Number(),
    elementSCOType: Type.String(),
    elementServer: Type.String(),
    elementBaseFolder: Type.String(),
    elementLaunchFile: Type.String(),
    elementUploadInstant: Type.Number(),
    elementScorable: Type.Number(),
    elementCredit: Type.Number(),
    elementLastLaunchedInstant: Type.Number(),
    /** JSON text; may contain require100 (§3). */
    launchData: Type.String(),
    launchMode: Type.String(),
    studentVerificationEnabled: Type.Number(),
    player: Type.String(),
    /**
     * Waypoint's addition (ADR 0007, Sequencing in the panel), lessons only: the lesson's package
     * holds it back for this student (SCORM 2004 sequencing of the current attempt, SCORM 1.2
     * prerequisites). locked: no launch now; hidden: not listed (hidden from choice, or not the
     * one entry of a flow-only package); waitsFor: the lessons to finish first, when known.
     * Absent when the package does not hold the lesson back.
     */
    elementPackageLock: Type.Optional(
      Type.Object({
        locked: Type.Boolean(),
        hidden: Type.Boolean(),
        waitsFor: Type.Array(Type.String()),
      }),
    ),
    /**
     * Waypoint's addition (ADR 0007), courses only: the rollup of a sequenced SCORM 2004 course's
     * activity tree (SN RB.1), which decides its completion, success and score instead of 'all
     * lessons complete'. Absent for other courses.
     */
    elementSequencingRollup: Type.Optional(
      Type.Object({
        completed: Type.Union([Type.Boolean(), Type.Null()]),
        satisfied: Type.Union([Type.Boolean(), Type.Null()]),
        measure: Type.Union([Type.Number(), Type.Null()]),
      }),
    ),
    // Typed below (the schema cannot name its own type).
    elementChildren: Type.Unsafe<unknown[]>(Type.Array(Type.Ref(`${PROGRESS_ELEMENT_ID}#`))),
  },
  { $id: PROGRESS_ELEMENT_ID },
);

/** A progress element (§3): one node of the tree, with the student's progress on it. */
export interface ProgressElement extends Omit<Static<typeof ProgressElement>, 'elementChildren'> {
  elementChildren: ProgressElement[];
}

/** A list of progress elements, by reference to the registered element schema. */
const ProgressElementList = Type.Unsafe<ProgressElement[]>(
  Type.Array(Type.Ref(`${PROGRESS_ELEMENT_ID}#`)),
);

/** A course-level prerequisite type (§3, §4 Course-level prerequisites). */
export const PrerequisiteType = Type.Object({
  prerequisiteName: Type.String(),
  prerequisiteKey: Type.Number(),
});
export type PrerequisiteType = Static<typeof PrerequisiteType>;

/** A lesson completed offline on the mobile app (§3 flaggedLeafAssignments). */
export const FlaggedLeafAssignment = Type.Object({
  assignmentKey: Type.Number(),
  leafKey: Type.Number(),
});
export type FlaggedLeafAssignment = Static<typeof FlaggedLeafAssignment>;

/** The progress report response (§3). */
export const ProgressReport = Type.Object({
  progressReport: ProgressElementList,
  prerequisiteTypes: Type.Array(PrerequisiteType),
  flaggedLeafAssignments: Type.Array(FlaggedLeafAssignment),
});
export type ProgressReport = Static<typeof ProgressReport>;

/** The progress report's query (§7); the server's defaults apply to what is left out. */
export const ProgressReportQuery = Type.Object({
  showExpired: Type.Optional(Type.Boolean({ default: true })),
  withFlaggedAssignments: Type.Optional(Type.Boolean({ default: false })),
  showEmptyLeafs: Type.Optional(Type.Boolean({ default: false })),
});

/** The report's options as the panel sends them: every one of them, always (§7). */
export type ProgressReportOptions = Required<Static<typeof ProgressReportQuery>>;

/** Student parameters (§3). */
export const StudentParameters = Type.Object({
  allowExpiredAssignmentsToBeCompleted: Type.Integer(),
  allowStudentsToViewCertificates: Type.Integer(),
  certificateReporterAccess: Type.Integer(),
});
export type StudentParameters = Static<typeof StudentParameters>;

const reportQuery = (options: ProgressReportOptions) =>
  `?showExpired=${enc(options.showExpired)}` +
  `&withFlaggedAssignments=${enc(options.withFlaggedAssignments)}` +
  `&showEmptyLeafs=${enc(options.showEmptyLeafs)}`;

/** The progress calls of §7. */
export const progressCalls = {
  /** GET /api/progressreport/withPrerequisites/{lmsKey}/{userKey}?showExpired=&...: the report. */
  report: defineCall<ProgressReport>()({
    method: 'GET',
    route: '/api/progressreport/withPrerequisites/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number, options: ProgressReportOptions) =>
      `/api/progressreport/withPrerequisites/${enc(lmsKey)}/${enc(userKey)}${reportQuery(options)}`,
  }),
  /** GET /api/progressreport/CompletionwithPrerequisites/...: the same tree, for the completion report. */
  completionReport: defineCall<ProgressReport>()({
    method: 'GET',
    route: '/api/progressreport/CompletionwithPrerequisites/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number, options: ProgressReportOptions) =>
      `/api/progressreport/CompletionwithPrerequisites/${enc(lmsKey)}/${enc(userKey)}${reportQuery(options)}`,
  }),
  /**
   * GET /api/CurriculumPrerequisiteTypes: the course-level prerequisite names and keys, for clients
   * of §7; the panel reads them from the report's prerequisiteTypes (ADR 0010).
   */
  prerequisiteTypes: defineCall<PrerequisiteType[]>()({
    method: 'GET',
    route: '/api/CurriculumPrerequisiteTypes',
    path: () => '/api/CurriculumPrerequisiteTypes',
  }),
  /** GET /api/LMSStudent/GetLMSStudentParameters/{lmsKey}/{userKey}: the student parameters. */
  studentParameters: defineCall<StudentParameters>()({
    method: 'GET',
    route: '/api/LMSStudent/GetLMSStudentParameters/:lmsKey/:userKey',
    path: (lmsKey: number, userKey: number) =>
      `/api/LMSStudent/GetLMSStudentParameters/${enc(lmsKey)}/${enc(userKey)}`,
  }),
};

const reportSchema = {
  params: StudentPath,
  querystring: ProgressReportQuery,
  // 404: 'Nothing to report.' (§8).
  response: { 200: ProgressReport, 404: ErrorBody },
};

/**
 * Route schemas of the progress calls. The report's responses reference the progress element
 * schema: register ProgressElement (addSchema) before these routes.
 */
export const progressSchemas = {
  report: reportSchema,
  completionReport: reportSchema,
  prerequisiteTypes: {
    summary: 'Course-level prerequisite types',
    response: { 200: Type.Array(PrerequisiteType) },
  },
  studentParameters: {
    summary: 'Student parameters of the LMS (student session; keys must be the session own)',
    params: StudentPath,
    response: { 200: StudentParameters, 401: ErrorBody, 403: ErrorBody },
  },
} satisfies Record<keyof typeof progressCalls, object>;
