import type { NavigateAnswer } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import {
  navigateSequenced,
  refusalReason,
  requestOutcomeNow,
  unmetPrerequisites,
} from '../sequencing/index.js';
import {
  authorize,
  CLOSED_MESSAGES,
  LAUNCH_LIFETIME_MS,
  records,
  requireLiveSession,
  requireOpenable,
} from './launch-access.js';
import { closeLaunchNavigated, selectPackageLessons } from './launch.repo.js';
import type { PlayerDeps } from './player-deps.js';
import { msOf } from './progress-columns.js';
import { handOver, sequencingOf } from './sequenced-launch.js';

const PREREQUISITES_UNMET =
  'That lesson has prerequisites in this course that are not met yet: finish the lessons before it first.';
const NOT_ALLOWED = "This course's sequencing does not allow that lesson now.";
const COURSE_LEFT =
  'You have left the course: there is no further lesson to open here. You can close this window.';

/** What POST navigate asks: the launch it comes from, and where to. */
export interface NavigateRequest {
  launchId: string;
  token: string;
  /** The lesson asked for (by the player's list, or the one Previous / Next would open). */
  lessonKey: number;
  now: Date;
  sessionIdleMs: number;
  /** A SCORM 2004 navigation request ('continue', 'previous', '{target=ID}choice', ...). */
  request?: string;
}

/**
 * POST /player-api/{launchId}/navigate: multi-SCO navigation. The target must be a lesson of the
 * same package in the course; the launch service applies the launch rules as on the panel.
 */
export async function navigate(deps: PlayerDeps, asked: NavigateRequest): Promise<NavigateAnswer> {
  const { db } = deps;
  const { launchId, now, sessionIdleMs, request } = asked;
  let lessonKey = asked.lessonKey;
  const launch = await authorize(db, launchId, asked.token);
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
  const siblings = await selectPackageLessons(db, launch.courseKey, launch.packageKey);
  const target = siblings.find((s) => s.lessonKey === lessonKey);
  if (!target) {
    throw new HttpError(404, 'That lesson is not part of this package.');
  }
  if (launch.scormVersion === '1.2' && launch.assignmentKey !== null && records(launch)) {
    const unmet = await unmetPrerequisites(deps, {
      assignmentKey: launch.assignmentKey,
      courseKey: launch.courseKey,
      packageKey: launch.packageKey,
    });
    if (unmet.has(target.identifier)) {
      throw new HttpError(409, PREREQUISITES_UNMET);
    }
  }
  const sequenced = await sequencingOf(deps, launch);
  if (sequenced) {
    // The sequencer decides where a request leads (SN OP.1); a lesson asked for by key is a choice.
    const navRequest = request ?? `{target=${target.identifier}}choice`;
    const flow = navRequest === 'continue' || navRequest === 'previous' ? navRequest : null;
    if (flow) {
      // A Previous / Next the sequencer would refuse is answered with why, before the attempt is
      // touched (run on a copy of the state, navigation.ts); one that ends the course still goes.
      const outcome = await requestOutcomeNow(deps, sequenced, launch.lessonKey, flow);
      if (outcome?.outcome === 'refused') throw new HttpError(409, outcome.reason);
    }
    const result = await navigateSequenced(deps, sequenced, launch, navRequest, now);
    const refusal = flow ? refusalReason(flow, null, false) : NOT_ALLOWED;
    if (result.lessonKey === null) {
      await closeLaunchNavigated(db, launchId, now);
      throw new HttpError(409, result.refused ? refusal : COURSE_LEFT);
    }
    if (result.refused) throw new HttpError(409, refusal);
    lessonKey = result.lessonKey;
  }
  const started = await handOver(deps, launch, lessonKey, now);
  return { launchId: started.launchId, token: started.token };
}
