/**
 * The lesson player's API (docs/decisions/0007): what the server's player module answers and the
 * player page reads. These calls are not under /lms: the player is served at the root of the
 * content origin, so `route` and `path` here are from that origin's root.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key } from './common.js';

/** A launch id: 256 random bits, base64url (43 characters). */
export const LaunchId = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });

/** The {launchId} of every player address. */
export const PlayerPath = Type.Object({ launchId: LaunchId });
export type PlayerPath = Static<typeof PlayerPath>;

/** The launch's player token (a Bearer header on GET, in the JSON body on POST). */
const LaunchToken = Type.String({ minLength: 1, maxLength: 100 });

/** The SCORM version of a lesson's package. */
export const ScormVersion = Type.Union([Type.Literal('1.2'), Type.Literal('2004')]);
export type ScormVersion = Static<typeof ScormVersion>;

/**
 * CMI values by their SCORM element names ('cmi.core.lesson_status': 'incomplete'). Values are
 * SCORM strings; 2004 suspend data alone may hold 64,000 characters.
 */
export const CmiValues = Type.Record(
  Type.String({ maxLength: 255 }),
  Type.String({ maxLength: 70_000 }),
);
export type CmiValues = Static<typeof CmiValues>;

/** A lesson of the same package in the student's course (multi-SCO navigation). */
export const PlayerSibling = Type.Object({
  lessonKey: Type.Integer(),
  /** The manifest item identifier, the target of an adl.nav.request choice. */
  identifier: Type.String(),
  name: Type.String(),
  current: Type.Boolean(),
  launchable: Type.Boolean(),
  /** SCORM 2004 sequencing: not offered to the learner (hidden from choice, not selected). */
  hidden: Type.Optional(Type.Boolean()),
});
export type PlayerSibling = Static<typeof PlayerSibling>;

/**
 * An LMS control a SCORM 2004 activity asks the player to hide (CAM
 * adlnav:presentation/navigationInterface/hideLMSUI): the content supplies its own.
 */
export const LmsUiControl = Type.Union([
  Type.Literal('previous'),
  Type.Literal('continue'),
  Type.Literal('exit'),
  Type.Literal('exitAll'),
  Type.Literal('abandon'),
  Type.Literal('abandonAll'),
  Type.Literal('suspendAll'),
]);
export type LmsUiControl = Static<typeof LmsUiControl>;

/**
 * Whether a continue (Next) and a previous (Previous) request would deliver an activity now (SN
 * NB.2.1, worked out by the server's engine on a copy of the learner's state), and when not, why,
 * in words the player shows beside the disabled button.
 */
export const PlayerNavigation = Type.Object({
  /** A continue request would deliver an activity (Next). */
  continue: Type.Boolean(),
  /** A previous request would deliver an activity (Previous). */
  previous: Type.Boolean(),
  /** Why Next is not offered (absent when it is). */
  continueRefused: Type.Optional(Type.String()),
  /** Why Previous is not offered (absent when it is). */
  previousRefused: Type.Optional(Type.String()),
});
export type PlayerNavigation = Static<typeof PlayerNavigation>;

/**
 * SCORM 2004 sequencing of a sequenced package (SN book), from the server's engine: what the
 * player's Previous / Next and lesson list may offer. Absent for packages without sequencing.
 */
export const PlayerSequencing = Type.Object({
  ...PlayerNavigation.properties,
  /** Some cluster allows choice: the lesson list is shown (a flow-only package has none). */
  choice: Type.Boolean(),
  /**
   * The sequencer delivered another lesson than the one launched (a choice it refused, or a
   * start or resume-all that led elsewhere): its launch, which the player opens instead.
   */
  redirect: Type.Optional(Type.Object({ launchId: Type.String(), token: Type.String() })),
});
export type PlayerSequencing = Static<typeof PlayerSequencing>;

/** GET state: what the runtime starts from. */
export const PlayerState = Type.Object({
  launchId: Type.String(),
  scormVersion: ScormVersion,
  lessonName: Type.String(),
  courseName: Type.String(),
  /** Same-origin address of the launch file, loaded in the frame. */
  contentUrl: Type.String(),
  /** Highest commit seq the server has applied for this launch (0 at first). */
  lastSeq: Type.Integer(),
  /** Library preview: the server records nothing. */
  preview: Type.Boolean(),
  /** Initial CMI values (flattened element names of the lesson's SCORM version). */
  cmi: CmiValues,
  siblings: Type.Array(PlayerSibling),
  sequencing: Type.Optional(PlayerSequencing),
  /**
   * SCORM 2004: the LMS controls the launched activity hides (hideLMSUI): 'previous' and
   * 'continue' hide Previous and Next, 'exit' or 'exitAll' the window's Exit lesson. Absent when
   * it hides none.
   */
  hideLmsUi: Type.Optional(Type.Array(LmsUiControl)),
  /**
   * The panel's Comments page for this lesson (§2 Comments screen) without its location and
   * sessionID: the player adds the SCO's bookmark, the panel its own session (ADR 0010). Absent
   * in a library preview.
   */
  commentsUrl: Type.Optional(Type.String()),
  heartbeatSeconds: Type.Integer(),
  autocommitSeconds: Type.Integer(),
});
export type PlayerState = Static<typeof PlayerState>;

/** POST commit's body: 1, 2, 3 ... per launch, and only the elements changed since the last ack. */
export const CommitBody = Type.Object({
  token: LaunchToken,
  seq: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  final: Type.Boolean(),
  cmi: CmiValues,
});
export type CommitBody = Static<typeof CommitBody>;

/** A commit as the player's queue builds it; the API client adds the token. */
export const CommitPayload = Type.Omit(CommitBody, ['token']);
export type CommitPayload = Static<typeof CommitPayload>;

/** The answer to POST commit. applied:false = stale (seq <= lastSeq): acknowledged and ignored. */
export const CommitAnswer = Type.Object({
  applied: Type.Boolean(),
  /** The server's lastSeq after this commit. */
  seq: Type.Integer(),
  closed: Type.Boolean(),
  /**
   * A sequenced package, when the commit set what the sequencer reads (completion, success,
   * score, objectives) and the launch is still open: Previous / Next as they stand now.
   */
  navigation: Type.Optional(PlayerNavigation),
});
export type CommitAnswer = Static<typeof CommitAnswer>;

/** POST heartbeat's body: the token only. */
export const HeartbeatBody = Type.Object({ token: LaunchToken });
export type HeartbeatBody = Static<typeof HeartbeatBody>;

/** The answer to POST heartbeat: the window may carry on. */
export const HeartbeatAnswer = Type.Object({ open: Type.Boolean() });
export type HeartbeatAnswer = Static<typeof HeartbeatAnswer>;

/**
 * POST navigate's body: the sibling lesson to launch. In a sequenced package, `request` is the
 * navigation request (adl.nav.request values: 'continue', 'previous', '{target=ID}choice',
 * 'exitAll', 'suspendAll' ...) the sequencer processes; without it, a choice of the lesson.
 */
export const NavigateBody = Type.Object({
  token: LaunchToken,
  lessonKey: Key,
  request: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
});
export type NavigateBody = Static<typeof NavigateBody>;

/** The answer to POST navigate: the sibling's new launch. */
export const NavigateAnswer = Type.Object({ launchId: Type.String(), token: Type.String() });
export type NavigateAnswer = Static<typeof NavigateAnswer>;

/** The player page and its API calls, on the content origin. */
export const playerCalls = {
  /** GET /player/{launchId}#{token}: the player page (HTML); the token stays in the fragment. */
  page: defineCall<string>()({
    method: 'GET',
    route: '/player/:launchId',
    path: (launchId: string) => `/player/${enc(launchId)}`,
    responseType: 'text',
  }),
  /** GET /player-api/{launchId}/state (token as Bearer header): opens the launch. */
  state: defineCall<PlayerState>()({
    method: 'GET',
    route: '/player-api/:launchId/state',
    path: (launchId: string) => `/player-api/${enc(launchId)}/state`,
  }),
  /** POST /player-api/{launchId}/commit: CMI changes, applied in seq order. */
  commit: defineCall<CommitAnswer, CommitBody>()({
    method: 'POST',
    route: '/player-api/:launchId/commit',
    path: (launchId: string) => `/player-api/${enc(launchId)}/commit`,
  }),
  /** POST /player-api/{launchId}/heartbeat: the window is still open. */
  heartbeat: defineCall<HeartbeatAnswer, HeartbeatBody>()({
    method: 'POST',
    route: '/player-api/:launchId/heartbeat',
    path: (launchId: string) => `/player-api/${enc(launchId)}/heartbeat`,
  }),
  /** POST /player-api/{launchId}/navigate: launches a sibling lesson of the package. */
  navigate: defineCall<NavigateAnswer, NavigateBody>()({
    method: 'POST',
    route: '/player-api/:launchId/navigate',
    path: (launchId: string) => `/player-api/${enc(launchId)}/navigate`,
  }),
};

/**
 * Route schemas of the player calls. Hidden from the OpenAPI document (the player API belongs to
 * the player page, not to integrators). Error answers are listed as literals, not built by a
 * call, so the web bundle can drop them.
 */
export const playerSchemas = {
  page: { params: PlayerPath, hide: true },
  state: {
    params: PlayerPath,
    response: { 200: PlayerState, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
    hide: true,
  },
  commit: {
    params: PlayerPath,
    body: CommitBody,
    response: { 200: CommitAnswer, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
    hide: true,
  },
  heartbeat: {
    params: PlayerPath,
    body: HeartbeatBody,
    response: { 200: HeartbeatAnswer, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
    hide: true,
  },
  navigate: {
    params: PlayerPath,
    body: NavigateBody,
    response: {
      200: NavigateAnswer,
      400: ErrorBody,
      401: ErrorBody,
      404: ErrorBody,
      409: ErrorBody,
    },
    hide: true,
  },
} satisfies Record<keyof typeof playerCalls, object>;
