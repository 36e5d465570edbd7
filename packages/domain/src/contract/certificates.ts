/**
 * The certificate calls of §7 (settings, certificate data by the 4/5-id and 3-id forms,
 * GetCurriculumCertificateDetailsByAssignmentKey, the asset call) and what Waypoint adds to them
 * (docs/decisions/0011): the PDF and the Open Badges 3.0 credential of an issued certificate, and
 * the public verification answer. Every {lmsKey}/{userKey} is the session's own; every other key
 * is checked against the student's own assignments (§6: a certificate only for what is complete).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { Key } from './common.js';

/** The certificate settings of an LMS (§3: the five toggles) and its theme. */
export const CertificateSettings = Type.Object({
  lmsKey: Type.Number(),
  showLmsName: Type.Boolean(),
  showSummaryInfo: Type.Boolean(),
  showAssignmentList: Type.Boolean(),
  showText: Type.Boolean(),
  showSignature: Type.Boolean(),
  /** The theme folder: themes/certificate/{theme}/ ('default': themes/certificate/). */
  theme: Type.String(),
});
export type CertificateSettings = Static<typeof CertificateSettings>;

/** One item of a certificate (§3): a lesson with its time, score and status. */
export const CertificateItem = Type.Object({
  name: Type.String(),
  /** The course the lesson belongs to. */
  courseName: Type.String(),
  /** Total time in ms. */
  time: Type.Number(),
  /** The score, a fraction of the maximum (0..1; 0 when none or in Browse mode). */
  score: Type.Number(),
  /** The score as every screen shows it (formatScorePercent, ADR 0010 "Scores"): '95%' or '-'. */
  scoreText: Type.String(),
  /** 'Complete', 'Failed' or 'Incomplete' by the outcome rule (§4), 'Browse' in play mode 2. */
  completionStatus: Type.String(),
  /** When the lesson was completed (ms since the epoch; 0 when not). */
  completedInstant: Type.Number(),
  versionName: Type.String(),
  versionInstant: Type.Number(),
});
export type CertificateItem = Static<typeof CertificateItem>;

/** Certificate data (§3 'Certificate data'), plus the settings and the issued certificate's code. */
export const CertificateData = Type.Object({
  completedTitle: Type.String(),
  completedInstant: Type.Number(),
  startedInstant: Type.Number(),
  dateUserStarted: Type.Number(),
  nameOther: Type.String(),
  nameCollated: Type.String(),
  displayName: Type.String(),
  employeeID: Type.String(),
  userID: Type.String(),
  base: Type.String(),
  fleet: Type.String(),
  position: Type.String(),
  lmsName: Type.String(),
  /** The LMS logo (the asset call), '' when none. */
  logoURL: Type.String(),
  signatureName: Type.String(),
  signatureTitle: Type.String(),
  /** The signature image (the asset call), '' when none. */
  signatureImageURL: Type.String(),
  certificateText: Type.String(),
  certificateTypeName: Type.String(),
  /** Total time in ms. */
  totalTime: Type.Number(),
  /** A fraction of the maximum (0..1; 0 when none). */
  score: Type.Number(),
  /** The score as every screen shows it (formatScorePercent, ADR 0010 "Scores"): '95%' or '-'. */
  scoreText: Type.String(),
  items: Type.Array(CertificateItem),
  versionName: Type.String(),
  versionInstant: Type.Number(),
  /** 'curriculum' or 'course' (§2: the page's fragment). */
  kind: Type.String(),
  settings: CertificateSettings,
  /** The random code of the verification page (/verify/{certificateId}). */
  certificateId: Type.String(),
  /** The verification page's full address (printed as a QR code and short code). */
  verifyUrl: Type.String(),
  issuedInstant: Type.Number(),
  /** 0 when the certificate does not expire. */
  expiresInstant: Type.Number(),
  /** 'valid', 'expired' or 'revoked'. */
  status: Type.String(),
});
export type CertificateData = Static<typeof CertificateData>;

/** The 4-id form: /api/certificate/{lmsKey}/{userKey}/{curriculumKey}/{assignmentKey}. */
export const CertificatePath = Type.Object({
  lmsKey: Key,
  userKey: Key,
  curriculumKey: Key,
  assignmentKey: Key,
});
/** The 5-id form adds the course (a course certificate, §2 'course when launched from a course'). */
export const CourseCertificatePath = Type.Object({
  lmsKey: Key,
  userKey: Key,
  curriculumKey: Key,
  assignmentKey: Key,
  courseKey: Key,
});
/** The 3-id form: the curriculum is the assignment's own. */
export const AssignmentCertificatePath = Type.Object({
  lmsKey: Key,
  userKey: Key,
  assignmentKey: Key,
});
/** POST GetCurriculumCertificateDetailsByAssignmentKey's body (§7). */
export const CertificateDetailsBody = Type.Object(
  { lmsKey: Key, curriculumKey: Key, userKey: Key, assignmentKey: Key },
  { additionalProperties: false },
);
export type CertificateDetailsBody = Static<typeof CertificateDetailsBody>;

/** An issued certificate's random code: 26 base32 characters, 130 random bits (ADR 0011). */
export const CertificateId = Type.String({ pattern: '^[A-Z2-7]{26}$' });
export const IssuedCertificatePath = Type.Object({
  lmsKey: Key,
  userKey: Key,
  certificateId: CertificateId,
});
export const AssetPath = Type.Object({
  lmsKey: Key,
  name: Type.Union([Type.Literal('logo'), Type.Literal('signature')]),
});
export const SettingsPath = Type.Object({ lmsKey: Key });

/** The certificate calls of §7 and the downloads of an issued certificate. */
export const certificateCalls = {
  /** GET /api/certificate/{lmsKey}/settings: the five toggles and the theme. */
  settings: defineCall<CertificateSettings>()({
    method: 'GET',
    route: '/api/certificate/:lmsKey/settings',
    path: (lmsKey: number) => `/api/certificate/${enc(lmsKey)}/settings`,
  }),
  /** GET /api/certificate/{lmsKey}/{userKey}/{curriculumKey}/{assignmentKey}: a curriculum's. */
  curriculum: defineCall<CertificateData>()({
    method: 'GET',
    route: '/api/certificate/:lmsKey/:userKey/:curriculumKey/:assignmentKey',
    path: (lmsKey: number, userKey: number, curriculumKey: number, assignmentKey: number) =>
      `/api/certificate/${enc(lmsKey)}/${enc(userKey)}/${enc(curriculumKey)}/${enc(assignmentKey)}`,
  }),
  /** GET /api/certificate/{lmsKey}/{userKey}/{curriculumKey}/{assignmentKey}/{courseKey}: a course's. */
  course: defineCall<CertificateData>()({
    method: 'GET',
    route: '/api/certificate/:lmsKey/:userKey/:curriculumKey/:assignmentKey/:courseKey',
    path: (
      lmsKey: number,
      userKey: number,
      curriculumKey: number,
      assignmentKey: number,
      courseKey: number,
    ) =>
      `/api/certificate/${enc(lmsKey)}/${enc(userKey)}/${enc(curriculumKey)}/${enc(assignmentKey)}/${enc(courseKey)}`,
  }),
  /** GET /api/certificate/{lmsKey}/{userKey}/{assignmentKey}: the 3-id form. */
  byAssignment: defineCall<CertificateData>()({
    method: 'GET',
    route: '/api/certificate/:lmsKey/:userKey/:assignmentKey',
    path: (lmsKey: number, userKey: number, assignmentKey: number) =>
      `/api/certificate/${enc(lmsKey)}/${enc(userKey)}/${enc(assignmentKey)}`,
  }),
  /** POST /api/certificate/GetCurriculumCertificateDetailsByAssignmentKey (§7). */
  details: defineCall<CertificateData, CertificateDetailsBody>()({
    method: 'POST',
    route: '/api/certificate/GetCurriculumCertificateDetailsByAssignmentKey',
    path: () => '/api/certificate/GetCurriculumCertificateDetailsByAssignmentKey',
  }),
  /** GET /api/certificate/{lmsKey}/asset/{name}: the LMS logo or signature image. */
  asset: defineCall<never>()({
    method: 'GET',
    route: '/api/certificate/:lmsKey/asset/:name',
    path: (lmsKey: number, name: 'logo' | 'signature') =>
      `/api/certificate/${enc(lmsKey)}/asset/${enc(name)}`,
  }),
  /** The issued certificate as a PDF (a download link; answered application/pdf). */
  pdf: defineCall<never>()({
    method: 'GET',
    route: '/api/certificate/:lmsKey/:userKey/issued/:certificateId/pdf',
    path: (lmsKey: number, userKey: number, certificateId: string) =>
      `/api/certificate/${enc(lmsKey)}/${enc(userKey)}/issued/${enc(certificateId)}/pdf`,
  }),
  /** The issued certificate as an Open Badges 3.0 credential, a VC-JWT (a download link). */
  credential: defineCall<never>()({
    method: 'GET',
    route: '/api/certificate/:lmsKey/:userKey/issued/:certificateId/credential',
    path: (lmsKey: number, userKey: number, certificateId: string) =>
      `/api/certificate/${enc(lmsKey)}/${enc(userKey)}/issued/${enc(certificateId)}/credential`,
  }),
};

/**
 * The public side of the Open Badges credentials (docs/decisions/0011), no sign-in: what a
 * verifier of an issued credential fetches (the addresses are written into the credentials).
 */
export const credentialCalls = {
  /** GET /api/credentials/jwks.json: every signing key, retired ones too (JWKS). */
  jwks: defineCall<never>()({
    method: 'GET',
    route: '/api/credentials/jwks.json',
    path: () => '/api/credentials/jwks.json',
  }),
  /** GET /api/credentials/keys/{kid}: one public key, at the address a JWT header's kid names. */
  key: defineCall<never>()({
    method: 'GET',
    route: '/api/credentials/keys/:kid',
    path: (kid: string) => `/api/credentials/keys/${enc(kid)}`,
  }),
  /** GET /api/credentials/issuers/{lmsKey}: the issuer profile of an LMS. */
  issuer: defineCall<never>()({
    method: 'GET',
    route: '/api/credentials/issuers/:lmsKey',
    path: (lmsKey: number) => `/api/credentials/issuers/${enc(lmsKey)}`,
  }),
  /** GET /api/credentials/status/{lmsKey}: the LMS's revocation status list. */
  statusList: defineCall<never>()({
    method: 'GET',
    route: '/api/credentials/status/:lmsKey',
    path: (lmsKey: number) => `/api/credentials/status/${enc(lmsKey)}`,
  }),
};

/** Route schemas of the certificate calls (validation, serialisation, OpenAPI). */
export const certificateSchemas = {
  settings: {
    summary: "The LMS's certificate settings",
    params: SettingsPath,
    response: { 200: CertificateSettings },
  },
  curriculum: {
    summary: "A complete curriculum's certificate",
    params: CertificatePath,
    response: { 200: CertificateData },
  },
  course: {
    summary: "A complete course's certificate",
    params: CourseCertificatePath,
    response: { 200: CertificateData },
  },
  byAssignment: {
    summary: "A complete assignment's certificate (its curriculum)",
    params: AssignmentCertificatePath,
    response: { 200: CertificateData },
  },
  details: {
    summary: "A complete curriculum's certificate, by its assignment",
    body: CertificateDetailsBody,
    response: { 200: CertificateData },
  },
  asset: { summary: 'The LMS logo or signature image', params: AssetPath },
  pdf: { summary: 'An issued certificate as a PDF', params: IssuedCertificatePath },
  credential: {
    summary: 'An issued certificate as an Open Badges 3.0 credential (VC-JWT)',
    params: IssuedCertificatePath,
  },
} satisfies Record<keyof typeof certificateCalls, object>;
