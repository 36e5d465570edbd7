import {
  initialCmi,
  resumeAttempt,
  resumesAttempt,
  startNewAttempt,
  type ScormVersion,
  type StoredProgress,
} from '@waypoint/domain';
import type {
  HeartbeatAnswer,
  LmsUiControl,
  NavigateAnswer,
  PlayerNavigation,
  PlayerSequencing,
  PlayerState,
} from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, safeEqual } from '../../lib/tokens.js';
import { launchUrl } from '../content/manifest.js';
import type { SequencingDefinition } from '../content/sequencing-definition.js';
import { launchableLessons, parseCmi, startFollowOnLaunch } from '../launch/service.js';
import { keepSessionAlive } from '../sessions/service.js';
import { invalidateReports } from '../progress/report-cache.js';
import { hiddenControlsOf, navigationNow, refusalReason, requestOutcomeNow } from './navigation.js';
import { unmetPrerequisites } from './prerequisites-12.js';
import * as repo from './repo.js';
import type { SequencingView } from './sequencer.js';
import {
  currentView,
  deliverForLaunch,
  navigateSequenced,
  sequencedDefinition,
  type SequencingKeys,
} from './sequencing.js';

/** Sent to the player with its state: how often it sends heartbeats and autocommits (ADR 0007). */
export const HEARTBEAT_SECONDS = 60;
export const AUTOCOMMIT_SECONDS = 30;
/** A launch's player token works for this long after the launch started. */
export const LAUNCH_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const CLOSED_MESSAGES: Record<string, string> = {
  superseded:
    'This lesson was opened on another device or browser, so this window can no longer save progress.',
  finished: 'This lesson has ended. Launch it again from Waypoint to continue.',
  navigated: 'This window moved on to another lesson. Launch this one again from Waypoint.',
  expired: 'This lesson window has been open too long. Launch the lesson again from Waypoint.',
  'signed-out':
    'Your Waypoint session has ended, so this window can no longer save. Sign in again and launch the lesson.',
};
const PREREQUISITES_UNMET =
  'That lesson has prerequisites in this course that are not met yet: finish the lessons before it first.';
const NOT_ALLOWED = "This course's sequencing does not allow that lesson now.";
const COURSE_LEFT =
  'You have left the course: there is no further lesson to open here. You can close this window.';
export const INVALID_TOKEN =
  'This lesson window is no longer valid. Launch the lesson again from Waypoint.';

export const msOf = (value: Date | string | null): number =>
  value === null ? 0 : typeof value === 'string' ? Date.parse(value) : value.getTime();

/** The launch a player token opens; 401 for an unknown launch or a wrong token. */
async function authorize(db: Db, launchId: string, token: string) {
  const launch = await repo.findLaunchForPlayer(db, launchId);
  if (!launch || !launch.tokenHash || !safeEqual(hashToken(token), launch.tokenHash)) {
    throw new HttpError(401, INVALID_TOKEN);
  }
  return launch;
}

/**
 * Whether the panel session that launched this window still holds: not ended (logout, password
 * change or reset), within its absolute and idle limits, its user active. A player token lives no
 * longer than that session (ADR 0009); the window's heartbeat keeps the session from idling out.
 */
export function sessionLive(
  launch: Pick<
    repo.PlayerLaunch,
    'sessionEndedAt' | 'sessionExpiresAt' | 'sessionLastSeenAt' | 'userInactive'
  >,
  nowMs: number,
  sessionIdleMs: number,
): boolean {
  return (
    launch.sessionEndedAt === null &&
    launch.sessionExpiresAt !== null &&
    msOf(launch.sessionExpiresAt) > nowMs &&
    msOf(launch.sessionLastSeenAt) + sessionIdleMs > nowMs &&
    launch.userInactive === 0
  );
}

/** Whether a launch's package files may still be served: see content-files.ts. */
export function launchServesFiles(
  launch: repo.PlayerLaunch,
  nowMs: number,
  sessionIdleMs: number,
): boolean {
  const closedForGood = launch.status === 'closed' && launch.closedReason !== 'finished';
  return !closedForGood && sessionLive(launch, nowMs, sessionIdleMs);
}

/** 409 (and the launch closed) once the panel session behind the window has ended. */
async function requireLiveSession(
  db: Db,
  launch: repo.PlayerLaunch,
  now: Date,
  sessionIdleMs: number,
): Promise<void> {
  if (sessionLive(launch, now.getTime(), sessionIdleMs)) return;
  if (launch.status !== 'closed') await repo.closeLaunch(db, launch.launchId, 'signed-out', now);
  throw new HttpError(409, CLOSED_MESSAGES['signed-out']!);
}

/** 409 with the reason when the launch can no longer save (closed, or past its lifetime). */
async function requireOpenable(db: Db, launch: repo.PlayerLaunch, now: Date): Promise<void> {
  if (launch.status !== 'closed' && msOf(launch.createdAt) + LAUNCH_LIFETIME_MS < now.getTime()) {
    await repo.closeLaunch(db, launch.launchId, 'expired', now);
    throw new HttpError(409, CLOSED_MESSAGES.expired!);
  }
  if (launch.status === 'closed') {
    throw new HttpError(
      409,
      CLOSED_MESSAGES[launch.closedReason ?? ''] ?? CLOSED_MESSAGES.finished!,
    );
  }
}

export function storedOf(row: repo.CommitProgress | undefined): StoredProgress {
  return {
    attempts: row?.attempts ?? 0,
    completion: row?.completion ?? 0,
    credit: row?.credit ?? 0,
    // The commit rules work in percent; lesson_progress keeps a fraction (§9 "values between 0 and 1").
    score: (row?.score ?? 0) * 100,
    completionInstantMs: row?.completionInstant ? msOf(row.completionInstant) : null,
    location: row?.location ?? 0,
    maxLocation: row?.maxLocation ?? 0,
    locationBlob: row?.locationBlob ?? '',
    suspendData: row?.suspendData ?? '',
    progressMeasure: row?.progressMeasure ?? 0,
    totalTimeMs: row?.totalTimeMs ?? 0,
    cmi: row ? parseCmi(row.cmi) : {},
  };
}

export function columnsOf(next: StoredProgress, now: Date) {
  return { ...columnsBesideCmi(next, now), cmi: JSON.stringify(next.cmi) };
}

/** The lesson_progress columns of a progress, less the raw cmi (written as JSON by a batch). */
export function columnsBesideCmi(next: StoredProgress, now: Date) {
  return {
    attempts: next.attempts,
    completion: next.completion,
    credit: next.credit,
    score: Math.round(next.score * 100) / 10_000,
    completionInstant:
      next.completionInstantMs === null ? null : new Date(next.completionInstantMs),
    location: next.location,
    maxLocation: next.maxLocation,
    locationBlob: next.locationBlob,
    suspendData: next.suspendData,
    progressMeasure: next.progressMeasure,
    totalTimeMs: next.totalTimeMs,
    updatedAt: now,
  };
}

/** Whether commits of this launch change the student's record (not browse, not a preview). */
export const records = (launch: {
  credit: boolean;
  preview: boolean;
  assignmentKey: number | null;
}) => launch.credit && !launch.preview && launch.assignmentKey !== null;

type Entry = 'ab-initio' | 'resume';
interface Opened {
  stored: StoredProgress;
  entry: Entry;
}

/** A reloaded player window goes back into the session it had, when that saved anything. */
const reloadEntry = (stored: StoredProgress): Entry =>
  Object.keys(stored.cmi).length > 0 ? 'resume' : 'ab-initio';

/**
 * Opens a launch on its first state request: a new attempt unless the stored one was suspended
 * (SCORM entry ab-initio or resume), the lesson's last launch time, and the launch's base total
 * time. Returns the stored progress the runtime starts from.
 */
async function openLaunch(db: Db, launch: repo.PlayerLaunch, now: Date): Promise<Opened> {
  const version = launch.scormVersion as ScormVersion;
  if (launch.assignmentKey === null) {
    await db.transaction().execute((trx) => repo.markOpened(trx, launch.launchId, 0, now));
    return { stored: storedOf(undefined), entry: 'ab-initio' };
  }
  const assignmentKey = launch.assignmentKey;
  const opened = await db.transaction().execute(async (trx): Promise<Opened> => {
    const current = await repo.lockLaunch(trx, launch.launchId);
    let row = await repo.findProgress(trx, assignmentKey, launch.lessonKey, true);
    if (current?.status !== 'starting') {
      const stored = storedOf(row);
      return { stored, entry: reloadEntry(stored) };
    }
    if (!records(launch)) {
      // Browse mode starts clean and records nothing (§4 Play modes).
      await repo.markOpened(trx, launch.launchId, 0, now);
      return { stored: storedOf(undefined), entry: 'ab-initio' };
    }
    if (!row) {
      await repo.insertProgress(trx, {
        assignmentKey,
        lessonKey: launch.lessonKey,
        userKey: launch.userKey,
        updatedAt: now,
      });
      row = await repo.findProgress(trx, assignmentKey, launch.lessonKey, true);
    }
    let next = storedOf(row);
    const entry: Entry = resumesAttempt(version, next.cmi) ? 'resume' : 'ab-initio';
    next = entry === 'resume' ? resumeAttempt(version, next) : startNewAttempt(next);
    await repo.updateProgress(trx, assignmentKey, launch.lessonKey, {
      ...columnsOf(next, now),
      lastLaunchedAt: now,
    });
    await repo.markOpened(trx, launch.launchId, next.totalTimeMs, now);
    return { stored: next, entry };
  });
  invalidateReports(launch.userKey);
  return opened;
}

async function siblingsOf(
  db: Db,
  launch: repo.PlayerLaunch,
  nowMs: number,
  sequencing: SequencingView | null = null,
) {
  const lessons = await repo.selectPackageLessons(db, launch.courseKey, launch.packageKey);
  const launchable =
    launch.assignmentKey === null
      ? new Set(lessons.map((l) => l.lessonKey))
      : await launchableLessons(
          db,
          { userKey: launch.userKey, lmsKey: launch.lmsKey, sessionHash: launch.sessionHash },
          { curriculumKey: launch.curriculumKey, assignmentKey: launch.assignmentKey },
          nowMs,
        );
  const unmet =
    launch.scormVersion === '1.2' && launch.assignmentKey !== null && records(launch)
      ? await unmetPrerequisites(db, {
          assignmentKey: launch.assignmentKey,
          courseKey: launch.courseKey,
          packageKey: launch.packageKey,
        })
      : new Map<string, string>();
  return lessons.map((lesson) => {
    const current = lesson.lessonKey === launch.lessonKey;
    const allowed = current || (launchable.has(lesson.lessonKey) && !unmet.has(lesson.identifier));
    // A sequenced package offers what its sequencer allows a choice of (SN NB.2.1), within the
    // panel's own launch rules; hidden activities are not offered at all.
    return sequencing
      ? {
          lessonKey: lesson.lessonKey,
          identifier: lesson.identifier,
          name: lesson.name,
          current,
          launchable: current || (allowed && sequencing.choice[lesson.identifier] === true),
          hidden: !current && sequencing.hidden.includes(lesson.identifier),
        }
      : {
          lessonKey: lesson.lessonKey,
          identifier: lesson.identifier,
          name: lesson.name,
          current,
          launchable: allowed,
        };
  });
}

/** The sequencing of a launch: a credited launch of an assignment's lesson in a sequenced package. */
export async function sequencingOf(
  db: Db,
  launch: Pick<
    repo.PlayerLaunch,
    'scormVersion' | 'assignmentKey' | 'credit' | 'preview' | 'packageKey' | 'courseKey' | 'userKey'
  >,
) {
  if (launch.scormVersion !== '2004' || launch.assignmentKey === null || !records(launch)) {
    return null;
  }
  const definition = await sequencedDefinition(db, launch.packageKey);
  if (!definition) return null;
  const keys: SequencingKeys = {
    assignmentKey: launch.assignmentKey,
    courseKey: launch.courseKey,
    packageKey: launch.packageKey,
    userKey: launch.userKey,
  };
  return { definition, keys };
}

const playerSequencing = (
  view: SequencingView,
  navigation: PlayerNavigation | null = null,
): PlayerSequencing => ({
  // Previous / Next as the engine would deliver them (navigation.ts); the engine's own look-ahead
  // (view.continue / previous) only when there is nothing to run the requests on.
  ...(navigation ?? { continue: view.continue, previous: view.previous }),
  choice: view.choiceControl,
});

/** Why Previous / Next are off in a window whose lesson the sequencer no longer has open. */
const NOT_DELIVERED =
  "This lesson is no longer the one this course's sequencing has open: launch it again from Waypoint.";

/**
 * The LMS controls the launch's activity hides (hideLMSUI, any SCORM 2004 package, sequenced or
 * not: the content brings its own).
 */
async function hideLmsUiOf(
  db: Db,
  launch: repo.PlayerLaunch,
  definition: SequencingDefinition | null,
): Promise<LmsUiControl[]> {
  if (launch.scormVersion !== '2004') return [];
  const tree =
    definition?.activityTree ??
    ((await repo.selectSequencingDefinition(db, launch.packageKey)) as SequencingDefinition | null)
      ?.activityTree;
  return hiddenControlsOf(tree, launch.identifier);
}

/** Joins each path segment encoded, so file names with spaces or '#' still load. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * The state of a launch the sequencer did not deliver: the launch of the lesson it delivered
 * instead, which the player opens; this one is closed as moved on and records nothing.
 */
async function redirectedState(
  db: Db,
  launch: repo.PlayerLaunch,
  lessonKey: number,
  view: SequencingView,
  now: Date,
): Promise<PlayerState> {
  const started = await startFollowOnLaunch(
    db,
    { userKey: launch.userKey, lmsKey: launch.lmsKey, sessionHash: launch.sessionHash },
    {
      curriculumKey: launch.curriculumKey,
      assignmentKey: launch.assignmentKey,
      contentOrigin: launch.contentOrigin,
    },
    lessonKey,
    now,
  );
  if (started.status !== 200) throw new HttpError(started.status, started.errorMessage);
  await repo.closeLaunchNavigated(db, launch.launchId, now);
  return {
    launchId: launch.launchId,
    scormVersion: '2004',
    lessonName: launch.lessonName,
    courseName: launch.courseName,
    contentUrl: '',
    lastSeq: launch.lastSeq,
    preview: launch.preview,
    cmi: {},
    siblings: [],
    sequencing: {
      ...playerSequencing(view),
      redirect: { launchId: started.launchId, token: started.token },
    },
    heartbeatSeconds: HEARTBEAT_SECONDS,
    autocommitSeconds: AUTOCOMMIT_SECONDS,
  };
}

/** GET /player-api/{launchId}/state: opens the launch and answers what the runtime starts from. */
export async function playerState(
  db: Db,
  launchId: string,
  token: string,
  now: Date,
  sessionIdleMs: number,
  publicUrl: string,
): Promise<PlayerState> {
  let launch = await authorize(db, launchId, token);
  await requireLiveSession(db, launch, now, sessionIdleMs);
  // A reloaded player window sent its final commit on the way out: the same window may carry on,
  // unless the lesson was launched again since (then this window's turn is over).
  if (
    launch.status === 'closed' &&
    launch.closedReason === 'finished' &&
    msOf(launch.createdAt) + LAUNCH_LIFETIME_MS >= now.getTime() &&
    (await repo.reopenFinishedLaunch(db, launch, now))
  ) {
    launch = { ...launch, status: 'open', closedReason: null };
  }
  await requireOpenable(db, launch, now);
  // A sequenced package opens a lesson only through its sequencer (SN OP.1): a launch of another
  // lesson than the one it delivers opens the delivered one instead.
  const sequenced = await sequencingOf(db, launch);
  let view: SequencingView | null = null;
  if (sequenced && launch.status === 'starting') {
    const delivery = await deliverForLaunch(db, sequenced.definition, sequenced.keys, launch, now);
    view = delivery.view;
    if (delivery.delivered.identifier !== launch.identifier) {
      return redirectedState(db, launch, delivery.delivered.lessonKey, view, now);
    }
  } else if (sequenced) {
    view = await currentView(db, sequenced.definition, sequenced.keys);
  }
  let opened: Opened;
  if (launch.status === 'starting') {
    opened = await openLaunch(db, launch, now);
  } else {
    const stored = storedOf(
      launch.assignmentKey === null || !records(launch)
        ? undefined
        : await repo.findProgress(db, launch.assignmentKey, launch.lessonKey),
    );
    opened = { stored, entry: reloadEntry(stored) };
  }
  const { stored, entry } = opened;
  const version = launch.scormVersion as ScormVersion;
  // Asked once the launch has opened: a new attempt's data is what its Previous / Next end with.
  const navigation = sequenced
    ? ((await navigationNow(db, sequenced.definition, sequenced.keys, launch.lessonKey)) ?? {
        continue: false,
        previous: false,
        continueRefused: NOT_DELIVERED,
        previousRefused: NOT_DELIVERED,
      })
    : null;
  const hideLmsUi = await hideLmsUiOf(db, launch, sequenced?.definition ?? null);
  // Only the path is encoded; the query and fragment from the manifest's parameters go as written.
  const url = launchUrl(launch.launchFile, launch.parameters);
  const cut = url.search(/[?#]/);
  const pathPart = cut < 0 ? url : url.slice(0, cut);
  const query = cut < 0 ? '' : url.slice(cut);
  return {
    launchId,
    scormVersion: version,
    lessonName: launch.lessonName,
    courseName: launch.courseName,
    contentUrl: `/content/${launchId}/${encodePath(pathPart)}${query}`,
    lastSeq: launch.lastSeq,
    preview: launch.preview,
    cmi: initialCmi(version, {
      stored,
      entry,
      mode: launch.mode,
      credit: launch.credit,
      learnerId: launch.userId,
      learnerName: [launch.nameCollated, launch.displayName].filter(Boolean).join(', '),
      launchData: launch.launchData,
      masteryScore: launch.masteryScore,
      completionThreshold: launch.completionThreshold,
      maxTimeAllowed: launch.maxTimeAllowed,
      timeLimitAction: launch.timeLimitAction,
      objectiveIds:
        version === '2004'
          ? await repo.selectObjectiveIds(db, launch.packageKey, launch.identifier)
          : [],
    }),
    siblings: await siblingsOf(db, launch, now.getTime(), view),
    ...(view ? { sequencing: playerSequencing(view, navigation) } : {}),
    ...(hideLmsUi.length > 0 ? { hideLmsUi } : {}),
    ...(launch.preview ? {} : { commentsUrl: commentsAddress(publicUrl, launch) }),
    heartbeatSeconds: HEARTBEAT_SECONDS,
    autocommitSeconds: AUTOCOMMIT_SECONDS,
  };
}

/** The panel's Comments page for a launch's lesson, less its location and sessionID. */
function commentsAddress(publicUrl: string, launch: repo.PlayerLaunch): string {
  const query = new URLSearchParams({
    lms: String(launch.lmsKey),
    course: String(launch.courseKey),
    sco: String(launch.scoKey),
    user: String(launch.userKey),
  });
  return `${publicUrl}/waypoint_comments?${query}`;
}

/** POST /player-api/{launchId}/heartbeat: the window is still open (multi-device check). */
export async function heartbeat(
  db: Db,
  launchId: string,
  token: string,
  now: Date,
  sessionIdleMs: number,
): Promise<HeartbeatAnswer> {
  const launch = await authorize(db, launchId, token);
  await requireOpenable(db, launch, now);
  await requireLiveSession(db, launch, now, sessionIdleMs);
  await repo.touchLaunch(db, launchId, now);
  // A student in a lesson is active: the panel they launched it from stays signed in meanwhile.
  await keepSessionAlive(db, launch.sessionHash, now, sessionIdleMs);
  return { open: true };
}

/**
 * POST /player-api/{launchId}/navigate: multi-SCO navigation. The target must be a lesson of the
 * same package in the course; the launch service applies the launch rules as on the panel.
 */
export async function navigate(
  db: Db,
  launchId: string,
  token: string,
  lessonKey: number,
  now: Date,
  sessionIdleMs: number,
  request?: string,
): Promise<NavigateAnswer> {
  const launch = await authorize(db, launchId, token);
  // Only a window under a live panel session moves on, from a launch still open or finished by its
  // own final commit (SCORM 2004: Terminate comes before the continue or choice request is acted
  // on). A launch closed for any other reason, or expired, never opens another (ADR 0009); the
  // follow-on launch belongs to the same session.
  const finishedByItself = launch.status === 'closed' && launch.closedReason === 'finished';
  if (finishedByItself && msOf(launch.createdAt) + LAUNCH_LIFETIME_MS < now.getTime()) {
    throw new HttpError(409, CLOSED_MESSAGES.expired!);
  }
  if (!finishedByItself) await requireOpenable(db, launch, now);
  await requireLiveSession(db, launch, now, sessionIdleMs);
  const siblings = await repo.selectPackageLessons(db, launch.courseKey, launch.packageKey);
  const target = siblings.find((s) => s.lessonKey === lessonKey);
  if (!target) {
    throw new HttpError(404, 'That lesson is not part of this package.');
  }
  if (launch.scormVersion === '1.2' && launch.assignmentKey !== null && records(launch)) {
    const unmet = await unmetPrerequisites(db, {
      assignmentKey: launch.assignmentKey,
      courseKey: launch.courseKey,
      packageKey: launch.packageKey,
    });
    if (unmet.has(target.identifier)) {
      throw new HttpError(409, PREREQUISITES_UNMET);
    }
  }
  const sequenced = await sequencingOf(db, launch);
  if (sequenced) {
    // The sequencer decides where a request leads (SN OP.1); a lesson asked for by key is a choice.
    const asked = request ?? `{target=${target.identifier}}choice`;
    const flow = asked === 'continue' || asked === 'previous' ? asked : null;
    if (flow) {
      // A Previous / Next the sequencer would refuse is answered with why, before the attempt is
      // touched (run on a copy of the state, navigation.ts); one that ends the course still goes.
      const outcome = await requestOutcomeNow(
        db,
        sequenced.definition,
        sequenced.keys,
        launch.lessonKey,
        flow,
      );
      if (outcome?.outcome === 'refused') throw new HttpError(409, outcome.reason);
    }
    const result = await navigateSequenced(
      db,
      sequenced.definition,
      sequenced.keys,
      launch,
      asked,
      now,
    );
    const refusal = flow ? refusalReason(flow, null, false) : NOT_ALLOWED;
    if (result.lessonKey === null) {
      await repo.closeLaunchNavigated(db, launchId, now);
      throw new HttpError(409, result.refused ? refusal : COURSE_LEFT);
    }
    if (result.refused) throw new HttpError(409, refusal);
    lessonKey = result.lessonKey;
  }
  const started = await startFollowOnLaunch(
    db,
    { userKey: launch.userKey, lmsKey: launch.lmsKey, sessionHash: launch.sessionHash },
    {
      curriculumKey: launch.curriculumKey,
      assignmentKey: launch.assignmentKey,
      contentOrigin: launch.contentOrigin,
    },
    lessonKey,
    now,
  );
  if (started.status !== 200) throw new HttpError(started.status, started.errorMessage);
  await repo.closeLaunchNavigated(db, launchId, now);
  return { launchId: started.launchId, token: started.token };
}
