/**
 * Lessons offline (docs/decisions/0024): a student makes a lesson available on this device (an
 * offline grant, a panel call checked against the session), the content origin stores its package
 * files and the state an attempt starts from, the player plays it without the server, and the
 * device's queued commits are synced later through the grant, applied by the same rules as online
 * commits (ADR 0007).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key, StudentPath } from './common.js';
import { CmiValues, LmsUiControl, ScormVersion } from './player.js';

/** An offline grant's id: 256 random bits, base64url (43 characters), as launch ids. */
export const OfflineGrantId = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });

/** POST grant's body: the lesson of an assignment, as a launch names it (§7 studentlaunch). */
export const OfflineGrantBody = Type.Object({
  curriculumKey: Key,
  assignmentKey: Key,
  lessonKey: Key,
});
export type OfflineGrantBody = Static<typeof OfflineGrantBody>;

/** An offline grant as the panel lists it. */
export const OfflineGrant = Type.Object({
  grantId: OfflineGrantId,
  curriculumKey: Key,
  assignmentKey: Key,
  lessonKey: Key,
  lessonName: Type.String(),
  /** ms since the epoch. */
  createdInstant: Type.Number(),
  /** ms since the epoch: the device may start attempts until then; syncing is accepted later. */
  expiresInstant: Type.Number(),
});
export type OfflineGrant = Static<typeof OfflineGrant>;

/**
 * The answer to POST grant: the grant and its token (shown once; it authorises only this lesson's
 * package, start state and sync), and the content origin's page that stores it on the device.
 */
export const OfflineGrantAnswer = Type.Object({
  ...OfflineGrant.properties,
  token: Type.String(),
  /** `{content origin}/player/offline#{grantId}.{token}`: the token stays in the fragment. */
  storeUrl: Type.String(),
});
export type OfflineGrantAnswer = Static<typeof OfflineGrantAnswer>;

/** A package file the device stores: its path under the package's root and its size in bytes. */
export const OfflineFile = Type.Object({ path: Type.String(), size: Type.Integer() });
export type OfflineFile = Static<typeof OfflineFile>;

/** The stored progress an attempt starts from (domain StoredProgress). */
export const OfflineStoredProgress = Type.Object({
  attempts: Type.Integer(),
  completion: Type.Integer(),
  credit: Type.Integer(),
  score: Type.Number(),
  completionInstantMs: Type.Union([Type.Number(), Type.Null()]),
  location: Type.Number(),
  maxLocation: Type.Number(),
  locationBlob: Type.String(),
  suspendData: Type.String(),
  progressMeasure: Type.Number(),
  totalTimeMs: Type.Number(),
  cmi: CmiValues,
});
export type OfflineStoredProgress = Static<typeof OfflineStoredProgress>;

/** What the device needs to begin (or resume) an attempt itself: domain initialCmi's inputs. */
export const OfflineStart = Type.Object({
  stored: OfflineStoredProgress,
  mode: Type.Union([Type.Literal('normal'), Type.Literal('browse'), Type.Literal('review')]),
  credit: Type.Boolean(),
  learnerId: Type.String(),
  learnerName: Type.String(),
  launchData: Type.Union([Type.String(), Type.Null()]),
  masteryScore: Type.Union([Type.Number(), Type.Null()]),
  completionThreshold: Type.Union([Type.Number(), Type.Null()]),
  maxTimeAllowed: Type.Union([Type.String(), Type.Null()]),
  timeLimitAction: Type.Union([Type.String(), Type.Null()]),
  objectiveIds: Type.Array(Type.String()),
  /** The SCO's delivery controls (SN End Attempt Process, ADR 0007), for a 2004 final commit. */
  completionSetByContent: Type.Boolean(),
  objectiveSetByContent: Type.Boolean(),
});
export type OfflineStart = Static<typeof OfflineStart>;

/** GET package: what the device stores for the lesson (content origin, grant token as Bearer). */
export const OfflinePackage = Type.Object({
  grantId: OfflineGrantId,
  expiresInstant: Type.Number(),
  lessonKey: Key,
  lessonName: Type.String(),
  courseName: Type.String(),
  scormVersion: ScormVersion,
  /** Same-origin address of the launch file: `/content/offline/{grantId}/{path}{query}`. */
  contentUrl: Type.String(),
  /** Every file of the package, each fetched from `/content/offline/{grantId}/{path}`. */
  files: Type.Array(OfflineFile),
  totalBytes: Type.Integer(),
  start: OfflineStart,
  hideLmsUi: Type.Optional(Type.Array(LmsUiControl)),
  autocommitSeconds: Type.Integer(),
});
export type OfflinePackage = Static<typeof OfflinePackage>;

/** A commit made offline: the player's commit (ADR 0007) and when the device made it. */
export const OfflineCommit = Type.Object({
  seq: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  final: Type.Boolean(),
  cmi: CmiValues,
  /** The device's clock when the commit was made, ms since the epoch. */
  instant: Type.Number(),
});
export type OfflineCommit = Static<typeof OfflineCommit>;

/** One opening of the lesson on the device, with its commits not yet acknowledged, in seq order. */
export const OfflineLaunch = Type.Object({
  /** The device's id of the opening (random, 16-64 characters). */
  localId: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }),
  /** The device's clock when it opened, ms since the epoch. */
  startedInstant: Type.Number(),
  /** The device resumed the attempt it had (cmi.entry resume), rather than starting one. */
  resumed: Type.Boolean(),
  commits: Type.Array(OfflineCommit, { maxItems: 200 }),
});
export type OfflineLaunch = Static<typeof OfflineLaunch>;

/** POST sync's body: the device's clock now, and its queued openings, oldest first. */
export const OfflineSyncBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 100 }),
  sentInstant: Type.Number(),
  launches: Type.Array(OfflineLaunch, { minItems: 1, maxItems: 20 }),
});
export type OfflineSyncBody = Static<typeof OfflineSyncBody>;

/** What became of one opening's commits. */
export const OfflineLaunchResult = Type.Object({
  localId: Type.String(),
  /** The highest seq the server holds for this opening: the device drops commits up to it. */
  lastSeq: Type.Integer(),
  closed: Type.Boolean(),
  /** The launch rules refused the opening at sync (§4): the commits are kept on the device. */
  refused: Type.Optional(Type.String()),
  /** The lesson moved on elsewhere meanwhile: this opening was recorded as an attempt of its own. */
  conflict: Type.Optional(Type.String()),
  /** The device's clock was ahead of the server: completion dated at sync (§8 offline completion). */
  clockAhead: Type.Optional(Type.Boolean()),
});
export type OfflineLaunchResult = Static<typeof OfflineLaunchResult>;

/** The answer to POST sync: each opening's outcome and the state the next offline attempt starts from. */
export const OfflineSyncAnswer = Type.Object({
  launches: Type.Array(OfflineLaunchResult),
  start: OfflineStart,
});
export type OfflineSyncAnswer = Static<typeof OfflineSyncAnswer>;

export const OfflineGrantsPath = StudentPath;
export const OfflineGrantPath = Type.Object({
  lmsKey: Key,
  userKey: Key,
  grantId: OfflineGrantId,
});
export const OfflineContentPath = Type.Object({ grantId: OfflineGrantId });

/** The panel's offline calls (under /lms, session and XSRF as every §7 call). */
export const offlineCalls = {
  /** GET /api/offline/{lmsKey}/{userKey}/lessons: the student's grants not expired or removed. */
  grants: defineCall<OfflineGrant[]>()({
    method: 'GET',
    route: '/api/offline/:lmsKey/:userKey/lessons',
    path: (lmsKey: number, userKey: number) =>
      `/api/offline/${enc(lmsKey)}/${enc(userKey)}/lessons`,
  }),
  /** POST /api/offline/{lmsKey}/{userKey}/lessons: makes a lesson available offline (launch rules). */
  grant: defineCall<OfflineGrantAnswer, OfflineGrantBody>()({
    method: 'POST',
    route: '/api/offline/:lmsKey/:userKey/lessons',
    path: (lmsKey: number, userKey: number) =>
      `/api/offline/${enc(lmsKey)}/${enc(userKey)}/lessons`,
  }),
  /** DELETE /api/offline/{lmsKey}/{userKey}/lessons/{grantId}: removed from the device. */
  remove: defineCall<{ removed: boolean }>()({
    method: 'DELETE',
    route: '/api/offline/:lmsKey/:userKey/lessons/:grantId',
    path: (lmsKey: number, userKey: number, grantId: string) =>
      `/api/offline/${enc(lmsKey)}/${enc(userKey)}/lessons/${enc(grantId)}`,
  }),
};

/** The content origin's offline calls (grant token as Bearer on GET, in the body on POST). */
export const offlineContentCalls = {
  /** GET /player/offline: the page that stores, lists, removes and syncs lessons on the device. */
  page: defineCall<string>()({
    method: 'GET',
    route: '/player/offline',
    path: () => '/player/offline',
    responseType: 'text',
  }),
  /** GET /player-api/offline/{grantId}/package. */
  package: defineCall<OfflinePackage>()({
    method: 'GET',
    route: '/player-api/offline/:grantId/package',
    path: (grantId: string) => `/player-api/offline/${enc(grantId)}/package`,
  }),
  /** POST /player-api/offline/{grantId}/sync: the queued commits, in order. */
  sync: defineCall<OfflineSyncAnswer, OfflineSyncBody>()({
    method: 'POST',
    route: '/player-api/offline/:grantId/sync',
    path: (grantId: string) => `/player-api/offline/${enc(grantId)}/sync`,
  }),
};

/** `/content/offline/{grantId}/{path}`: a package file for the device (grant token as Bearer). */
export const offlineFilePath = (grantId: string, path: string): string =>
  `/content/offline/${enc(grantId)}/${path.split('/').map(encodeURIComponent).join('/')}`;

/** Route schemas of the offline calls. */
export const offlineSchemas = {
  grants: {
    summary: "The student's lessons made available offline",
    params: OfflineGrantsPath,
    response: { 200: Type.Array(OfflineGrant), 401: ErrorBody, 403: ErrorBody },
  },
  grant: {
    summary: 'Makes a lesson available offline on this device',
    params: OfflineGrantsPath,
    body: OfflineGrantBody,
    response: {
      200: OfflineGrantAnswer,
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      404: ErrorBody,
    },
  },
  remove: {
    summary: 'Removes a lesson made available offline',
    params: OfflineGrantPath,
    response: { 200: Type.Object({ removed: Type.Boolean() }), 401: ErrorBody, 403: ErrorBody },
  },
};

export const offlineContentSchemas = {
  page: { hide: true },
  package: {
    params: OfflineContentPath,
    response: { 200: OfflinePackage, 401: ErrorBody, 403: ErrorBody, 410: ErrorBody },
    hide: true,
  },
  sync: {
    params: OfflineContentPath,
    body: OfflineSyncBody,
    response: {
      200: OfflineSyncAnswer,
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      410: ErrorBody,
    },
    hide: true,
  },
};
