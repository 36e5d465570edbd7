import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { hashToken, safeEqual } from '../../lib/tokens.js';
import * as launches from './launch.repo.js';
import { msOf } from './progress-columns.js';

/**
 * Whether a player window may still act for its launch (ADR 0009): its token, the panel session
 * it was launched from, the launch's lifetime and state. Every player call checks them: the state
 * and navigation flows, heartbeats, commits and the package files.
 */

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
export const INVALID_TOKEN =
  'This lesson window is no longer valid. Launch the lesson again from Waypoint.';

/** The launch a player token opens; 401 for an unknown launch or a wrong token. */
export async function authorize(db: Db, launchId: string, token: string) {
  const launch = await launches.findLaunchForPlayer(db, launchId);
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
    launches.PlayerLaunch,
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
  launch: launches.PlayerLaunch,
  nowMs: number,
  sessionIdleMs: number,
): boolean {
  const closedForGood = launch.status === 'closed' && launch.closedReason !== 'finished';
  return !closedForGood && sessionLive(launch, nowMs, sessionIdleMs);
}

/** 409 (and the launch closed) once the panel session behind the window has ended. */
export async function requireLiveSession(
  db: Db,
  launch: launches.PlayerLaunch,
  now: Date,
  sessionIdleMs: number,
): Promise<void> {
  if (sessionLive(launch, now.getTime(), sessionIdleMs)) return;
  if (launch.status !== 'closed') {
    await launches.closeLaunch(db, launch.launchId, 'signed-out', now);
  }
  throw new HttpError(409, CLOSED_MESSAGES['signed-out']!);
}

/** 409 with the reason when the launch can no longer save (closed, or past its lifetime). */
export async function requireOpenable(
  db: Db,
  launch: launches.PlayerLaunch,
  now: Date,
): Promise<void> {
  if (launch.status !== 'closed' && msOf(launch.createdAt) + LAUNCH_LIFETIME_MS < now.getTime()) {
    await launches.closeLaunch(db, launch.launchId, 'expired', now);
    throw new HttpError(409, CLOSED_MESSAGES.expired!);
  }
  if (launch.status === 'closed') {
    throw new HttpError(
      409,
      CLOSED_MESSAGES[launch.closedReason ?? ''] ?? CLOSED_MESSAGES.finished!,
    );
  }
}

/** Whether commits of this launch change the student's record (not browse, not a preview). */
export const records = (launch: {
  credit: boolean;
  preview: boolean;
  assignmentKey: number | null;
}) => launch.credit && !launch.preview && launch.assignmentKey !== null;
