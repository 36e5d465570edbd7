import { Type } from 'typebox';

const num = { type: 'number' } as const;
const str = { type: 'string' } as const;

/**
 * JSON schema of a progress element (§3), recursive through elementChildren. Written as plain JSON
 * schema so fast-json-stringify can serialise the (possibly 5,000-lesson) tree quickly.
 */
export const progressElementSchema = {
  $id: 'ProgressElement',
  type: 'object',
  properties: {
    elementType: str,
    elementKey: num,
    elementName: str,
    elementCompletion: num,
    elementCompletionInstant: num,
    elementScore: num,
    elementDraft: num,
    elementCertificateUrl: str,
    elementStartDate: num,
    elementDuration: num,
    elementAssignedDate: num,
    elementAssignmentKey: num,
    elementMaxAttempts: num,
    elementMinScoreComplete: num,
    elementMinScorePass: num,
    elementMinScore: num,
    elementScoreWeight: num,
    elementMaxLocation: num,
    elementLocation: num,
    elementLocationBlob: str,
    elementSuspendData: str,
    elementProgressMeasure: num,
    elementSCOKey: num,
    elementAttempts: num,
    elementTotalTime: num,
    elementDescription: str,
    elementPlayMode: num,
    elementPrerequisite: num,
    curriculumKey: num,
    elementSCOType: str,
    elementServer: str,
    elementBaseFolder: str,
    elementLaunchFile: str,
    elementUploadInstant: num,
    elementScorable: num,
    elementCredit: num,
    elementLastLaunchedInstant: num,
    launchData: str,
    launchMode: str,
    studentVerificationEnabled: num,
    player: str,
    elementChildren: { type: 'array', items: { $ref: 'ProgressElement#' } },
  },
} as const;

export const prerequisiteTypeSchema = Type.Object({
  prerequisiteName: Type.String(),
  prerequisiteKey: Type.Number(),
});

export const progressReportQuerySchema = Type.Object({
  showExpired: Type.Optional(Type.Boolean({ default: true })),
  withFlaggedAssignments: Type.Optional(Type.Boolean({ default: false })),
  showEmptyLeafs: Type.Optional(Type.Boolean({ default: false })),
});

export const studentPathSchema = Type.Object({
  lmsKey: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  userKey: Type.Integer({ minimum: 0, maximum: 2147483647 }),
});

export const progressReportResponseSchema = {
  type: 'object',
  properties: {
    progressReport: { type: 'array', items: { $ref: 'ProgressElement#' } },
    prerequisiteTypes: { type: 'array', items: prerequisiteTypeSchema },
    flaggedLeafAssignments: {
      type: 'array',
      items: {
        type: 'object',
        properties: { assignmentKey: num, leafKey: num },
      },
    },
  },
} as const;
