/**
 * The sign-in calls of spec §7: Login (credentials in headers), the session check, logout, the
 * permissions and the MFA calls, with the User details, Permissions and MFA request of spec §3.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, MessageBody, Text, EncodedText } from './common.js';

/** Longest login ID and password accepted (checked after decoding, before any hashing). */
export const LOGIN_ID_MAX_LENGTH = 255;
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

// Raw header caps: an encoded character takes up to 12 characters (4 bytes, %XX each).
const ENCODED_CHAR = 12;

/**
 * Spec §3 User details, as Login, the session check and MFA answer them. sessionID is the MFA
 * marker 'MFA' while a code is still needed; mfaID and rememberDeviceTime are null otherwise.
 */
export const UserDetails = Type.Object({
  lmsKey: Type.Integer(),
  userType: Type.Integer(),
  employeeID: Type.String(),
  base: Type.String(),
  position: Type.String(),
  fleet: Type.String(),
  restrictionGroup: Type.String(),
  userKey: Type.Integer(),
  userID: Type.String(),
  email: Type.String(),
  nameCollated: Type.String(),
  nameOther: Type.String(),
  displayName: Type.String(),
  sessionID: Type.String(),
  mfaID: Type.Union([Type.String(), Type.Null()]),
  rememberDeviceTime: Type.Union([Type.Number(), Type.Null()]),
  phone: Type.String(),
  inactive: Type.Integer(),
  isStudent: Type.Boolean(),
});
export type UserDetails = Static<typeof UserDetails>;

/**
 * Spec §3 Permissions: every flag is listed (the student panel grants none of them); the panel
 * reads only isStudent and userType (§6).
 */
export const Permissions = Type.Object({
  name: Type.String(),
  lmsKey: Type.Integer(),
  userType: Type.Integer(),
  restrictionGroups: Type.Array(Type.String()),
  peerLevel: Type.Integer(),
  isAdmin: Type.Boolean(),
  isStudent: Type.Boolean(),
  assignCurriculum: Type.Boolean(),
  modifyCurriculum: Type.Boolean(),
  modifyAggregation: Type.Boolean(),
  modifyLeaf: Type.Boolean(),
  modifyTrack: Type.Boolean(),
  modifyClass: Type.Boolean(),
  viewStudent: Type.Boolean(),
  modifyStudent: Type.Boolean(),
  createStudent: Type.Boolean(),
  deleteStudent: Type.Boolean(),
  viewSubPeer: Type.Boolean(),
  modifySubPeer: Type.Boolean(),
  createSubPeer: Type.Boolean(),
  deleteSubPeer: Type.Boolean(),
  viewPeer: Type.Boolean(),
  modifyPeer: Type.Boolean(),
  createPeer: Type.Boolean(),
  deletePeer: Type.Boolean(),
  viewLMS: Type.Boolean(),
  modifyLMS: Type.Boolean(),
  createLMS: Type.Boolean(),
  deleteLMS: Type.Boolean(),
  modifyStudentProgress: Type.Boolean(),
  viewReport: Type.Boolean(),
  editExams: Type.Boolean(),
  resetPasswordSubPeers: Type.Boolean(),
  resetPasswordPeers: Type.Boolean(),
  createExamModules: Type.Boolean(),
  manageMobile: Type.Boolean(),
  resetMobileDevice: Type.Boolean(),
  viewComments: Type.Boolean(),
});
export type Permissions = Static<typeof Permissions>;

/**
 * The headers of POST /api/Login (spec §7): the encoded twins carry values that are not Latin-1;
 * useCookie=1 binds the session to an HttpOnly cookie (ADR 0002).
 */
export const LoginHeaders = Type.Object({
  userid: Type.Optional(Text({ maxLength: LOGIN_ID_MAX_LENGTH * ENCODED_CHAR })),
  useridencoded: Type.Optional(EncodedText({ maxLength: LOGIN_ID_MAX_LENGTH * ENCODED_CHAR })),
  password: Type.Optional(Text({ maxLength: LOGIN_PASSWORD_MAX_LENGTH * ENCODED_CHAR })),
  passwordencoded: Type.Optional(
    EncodedText({ maxLength: LOGIN_PASSWORD_MAX_LENGTH * ENCODED_CHAR }),
  ),
  usecookie: Type.Optional(Text({ maxLength: 10 })),
  panel: Type.Optional(Text({ maxLength: 50 })),
});
export type LoginHeaders = Static<typeof LoginHeaders>;

/** The {sessionId} of the session check (a session id is 43 characters; longer is refused). */
export const SessionPath = Type.Object({ sessionId: Text({ maxLength: 100 }) });
export type SessionPath = Static<typeof SessionPath>;

/** Spec §3 MFA request: the challenge id, the emailed code, and whether to remember the device. */
export const MfaRequest = Type.Object({
  mfaID: Type.Union([Text({ minLength: 1, maxLength: 100 }), Type.Number()]),
  mfaVerificationCode: Type.Union([Text({ maxLength: 20 }), Type.Number()]),
  rememberDevice: Type.Optional(Type.Boolean()),
});
export type MfaRequest = Static<typeof MfaRequest>;

/** The body of ResendMFACode: the MFA id (spec §7). */
export const MfaResendRequest = Type.Object({
  mfaID: Type.Union([Text({ minLength: 1, maxLength: 100 }), Type.Number()]),
});
export type MfaResendRequest = Static<typeof MfaResendRequest>;

/** The sign-in calls of §7. */
export const authCalls = {
  /** POST /api/Login: credentials in headers; user details, or the MFA marker, back. */
  login: defineCall<UserDetails>()({
    method: 'POST',
    route: '/api/Login',
    path: () => '/api/Login',
  }),
  /** GET /api/Login/{sessionId}: 200 with the user details when valid, 204 (read as '') when not. */
  session: defineCall<UserDetails | ''>()({
    method: 'GET',
    route: '/api/Login/:sessionId',
    path: (sessionId: string) => `/api/Login/${enc(sessionId)}`,
  }),
  /** DELETE /api/Login: ends the session in the sessionID header; 204 without a body. */
  logout: defineCall<''>()({
    method: 'DELETE',
    route: '/api/Login',
    path: () => '/api/Login',
  }),
  /** GET /api/permissions: the permission flags of the signed-in user. */
  permissions: defineCall<Permissions>()({
    method: 'GET',
    route: '/api/permissions',
    path: () => '/api/permissions',
  }),
  /** POST /api/login/ValidateMFACode: user details with a real session id on success. */
  validateMfaCode: defineCall<UserDetails, MfaRequest>()({
    method: 'POST',
    route: '/api/login/ValidateMFACode',
    path: () => '/api/login/ValidateMFACode',
  }),
  /** POST /api/login/ResendMFACode: emails a new code. */
  resendMfaCode: defineCall<MessageBody, MfaResendRequest>()({
    method: 'POST',
    route: '/api/login/ResendMFACode',
    path: () => '/api/login/ResendMFACode',
  }),
  /** POST /api/login/CreateMFASession: the same as ValidateMFACode (§7); the panel uses that (ADR 0010). */
  createMfaSession: defineCall<UserDetails, MfaRequest>()({
    method: 'POST',
    route: '/api/login/CreateMFASession',
    path: () => '/api/login/CreateMFASession',
  }),
};

/** Route schemas of the sign-in calls (validation, serialisation, OpenAPI). */
export const authSchemas = {
  login: {
    summary: 'Sign in with credentials in headers (spec §7); may answer the MFA marker',
    headers: LoginHeaders,
    response: {
      200: UserDetails,
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
      423: ErrorBody,
      429: ErrorBody,
    },
  },
  session: {
    summary: 'Check a session: 200 with the user details, 204 when it is not valid',
    params: SessionPath,
    response: { 200: UserDetails, 204: Type.Null() },
  },
  logout: {
    summary: 'Log out: ends the session in the sessionID header and clears the cookies',
    response: { 204: Type.Null(), 403: ErrorBody },
  },
  permissions: {
    summary: 'Permission flags of the signed-in user (students and non-students alike)',
    response: { 200: Permissions, 401: ErrorBody },
  },
  validateMfaCode: {
    summary: 'Check an MFA code; starts the session',
    body: MfaRequest,
    response: { 200: UserDetails, 400: ErrorBody, 429: ErrorBody },
  },
  resendMfaCode: {
    summary: 'Email a new MFA code (one per 30 s, 5 per challenge)',
    body: MfaResendRequest,
    response: { 200: MessageBody, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  },
  createMfaSession: {
    summary: 'Same as ValidateMFACode (spec §7)',
    body: MfaRequest,
    response: { 200: UserDetails, 400: ErrorBody, 429: ErrorBody },
  },
} satisfies Record<keyof typeof authCalls, object>;
