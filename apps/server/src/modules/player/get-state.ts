import { initialCmi, type ScormVersion } from '@waypoint/domain';
import type {
  LmsUiControl,
  PlayerNavigation,
  PlayerSequencing,
  PlayerState,
} from '@waypoint/domain/contract';
import { launchUrl } from '../content/manifest.js';
import { launchableLessons } from '../launch/service.js';
import {
  currentView,
  deliverForLaunch,
  lmsUiHidden,
  navigationNow,
  objectiveIdsOf,
  unmetPrerequisites,
  type SequencedPackage,
  type SequencingView,
} from '../sequencing/index.js';
import {
  authorize,
  LAUNCH_LIFETIME_MS,
  records,
  requireLiveSession,
  requireOpenable,
} from './launch-access.js';
import * as launches from './launch.repo.js';
import { openLaunch, reloadEntry, type Opened } from './open-launch.js';
import type { PlayerDeps } from './player-deps.js';
import { msOf, storedOf } from './progress-columns.js';
import * as progress from './progress.repo.js';
import { handOver, sequencingOf } from './sequenced-launch.js';

/** Sent to the player with its state: how often it sends heartbeats and autocommits (ADR 0007). */
export const HEARTBEAT_SECONDS = 60;
export const AUTOCOMMIT_SECONDS = 30;

/** Why Previous / Next are off in a window whose lesson the sequencer no longer has open. */
const NOT_DELIVERED =
  "This lesson is no longer the one this course's sequencing has open: launch it again from Waypoint.";

/** What GET state needs to know of the request besides the deps. */
export interface StateRequest {
  launchId: string;
  token: string;
  now: Date;
  sessionIdleMs: number;
  publicUrl: string;
}

/** GET /player-api/{launchId}/state: opens the launch and answers what the runtime starts from. */
export async function playerState(deps: PlayerDeps, request: StateRequest): Promise<PlayerState> {
  const { db } = deps;
  const { launchId, token, now, sessionIdleMs, publicUrl } = request;
  let launch = await authorize(db, launchId, token);
  await requireLiveSession(db, launch, now, sessionIdleMs);
  // A reloaded player window sent its final commit on the way out: the same window may carry on,
  // unless the lesson was launched again since (then this window's turn is over).
  if (
    launch.status === 'closed' &&
    launch.closedReason === 'finished' &&
    msOf(launch.createdAt) + LAUNCH_LIFETIME_MS >= now.getTime() &&
    (await launches.reopenFinishedLaunch(db, launch, now))
  ) {
    launch = { ...launch, status: 'open', closedReason: null };
  }
  await requireOpenable(db, launch, now);
  // A sequenced package opens a lesson only through its sequencer (SN OP.1): a launch of another
  // lesson than the one it delivers opens the delivered one instead.
  const sequenced = await sequencingOf(deps, launch);
  let view: SequencingView | null = null;
  if (sequenced && launch.status === 'starting') {
    const delivery = await deliverForLaunch(deps, sequenced, launch, now);
    view = delivery.view;
    if (delivery.delivered.identifier !== launch.identifier) {
      return redirectedState(deps, launch, delivery.delivered.lessonKey, view, now);
    }
  } else if (sequenced) {
    view = await currentView(deps, sequenced);
  }
  let opened: Opened;
  if (launch.status === 'starting') {
    opened = await openLaunch(deps, launch, now);
  } else {
    const stored = storedOf(
      launch.assignmentKey === null || !records(launch)
        ? undefined
        : await progress.findProgress(db, launch.assignmentKey, launch.lessonKey),
    );
    opened = { stored, entry: reloadEntry(stored) };
  }
  const { stored, entry } = opened;
  const version = launch.scormVersion as ScormVersion;
  // Asked once the launch has opened: a new attempt's data is what its Previous / Next end with.
  const navigation = sequenced
    ? ((await navigationNow(deps, sequenced, launch.lessonKey)) ?? {
        continue: false,
        previous: false,
        continueRefused: NOT_DELIVERED,
        previousRefused: NOT_DELIVERED,
      })
    : null;
  const hideLmsUi = await hideLmsUiOf(deps, launch, sequenced);
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
        version === '2004' ? await objectiveIdsOf(deps, launch.packageKey, launch.identifier) : [],
    }),
    siblings: await siblingsOf(deps, launch, now.getTime(), view),
    ...(view ? { sequencing: playerSequencing(view, navigation) } : {}),
    ...(hideLmsUi.length > 0 ? { hideLmsUi } : {}),
    ...(launch.preview ? {} : { commentsUrl: commentsAddress(publicUrl, launch) }),
    heartbeatSeconds: HEARTBEAT_SECONDS,
    autocommitSeconds: AUTOCOMMIT_SECONDS,
  };
}

/** The other lessons of the launch's package in its course, as the player's list offers them. */
async function siblingsOf(
  deps: PlayerDeps,
  launch: launches.PlayerLaunch,
  nowMs: number,
  sequencing: SequencingView | null = null,
) {
  const lessons = await launches.selectPackageLessons(deps.db, launch.courseKey, launch.packageKey);
  const launchable =
    launch.assignmentKey === null
      ? new Set(lessons.map((l) => l.lessonKey))
      : await launchableLessons(
          deps,
          { userKey: launch.userKey, lmsKey: launch.lmsKey, sessionHash: launch.sessionHash },
          { curriculumKey: launch.curriculumKey, assignmentKey: launch.assignmentKey },
          nowMs,
        );
  const unmet =
    launch.scormVersion === '1.2' && launch.assignmentKey !== null && records(launch)
      ? await unmetPrerequisites(deps, {
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

const playerSequencing = (
  view: SequencingView,
  navigation: PlayerNavigation | null = null,
): PlayerSequencing => ({
  // Previous / Next as the engine would deliver them (navigation.ts); the engine's own look-ahead
  // (view.continue / previous) only when there is nothing to run the requests on.
  ...(navigation ?? { continue: view.continue, previous: view.previous }),
  choice: view.choiceControl,
});

/**
 * The LMS controls the launch's activity hides (hideLMSUI, any SCORM 2004 package, sequenced or
 * not: the content brings its own).
 */
async function hideLmsUiOf(
  deps: PlayerDeps,
  launch: launches.PlayerLaunch,
  sequenced: SequencedPackage | null,
): Promise<LmsUiControl[]> {
  if (launch.scormVersion !== '2004') return [];
  return lmsUiHidden(deps, launch.packageKey, launch.identifier, sequenced?.definition ?? null);
}

/** Joins each path segment encoded, so file names with spaces or '#' still load. */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * The state of a launch the sequencer did not deliver: the launch of the lesson it delivered
 * instead, which the player opens; this one is closed as moved on and records nothing.
 */
async function redirectedState(
  deps: PlayerDeps,
  launch: launches.PlayerLaunch,
  lessonKey: number,
  view: SequencingView,
  now: Date,
): Promise<PlayerState> {
  const started = await handOver(deps, launch, lessonKey, now);
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

/** The panel's Comments page for a launch's lesson, less its location and sessionID. */
function commentsAddress(publicUrl: string, launch: launches.PlayerLaunch): string {
  const query = new URLSearchParams({
    lms: String(launch.lmsKey),
    course: String(launch.courseKey),
    sco: String(launch.scoKey),
    user: String(launch.userKey),
  });
  return `${publicUrl}/waypoint_comments?${query}`;
}
