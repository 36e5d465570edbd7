import type { HeartbeatAnswer } from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import { keepSessionAlive } from '../sessions/service.js';
import { authorize, requireLiveSession, requireOpenable } from './launch-access.js';
import { touchLaunch } from './launch.repo.js';

/** POST /player-api/{launchId}/heartbeat: the window is still open (multi-device check). */
export async function heartbeat(
  deps: { db: Db },
  launchId: string,
  token: string,
  now: Date,
  sessionIdleMs: number,
): Promise<HeartbeatAnswer> {
  const { db } = deps;
  const launch = await authorize(db, launchId, token);
  await requireOpenable(db, launch, now);
  await requireLiveSession(db, launch, now, sessionIdleMs);
  await touchLaunch(db, launchId, now);
  // A student in a lesson is active: the panel they launched it from stays signed in meanwhile.
  await keepSessionAlive(db, launch.sessionHash, now, sessionIdleMs);
  return { open: true };
}
