import {
  sequencedPackage,
  type SequencedPackage,
  type SequencingDeps,
} from '../sequencing/index.js';
import { HttpError } from '../../lib/http-error.js';
import { startFollowOnLaunch } from '../launch/service.js';
import { records } from './launch-access.js';
import { closeLaunchNavigated, type PlayerLaunch } from './launch.repo.js';
import type { PlayerDeps } from './player-deps.js';

/**
 * The sequencing of a launch: a credited launch of an assignment's lesson in a sequenced SCORM
 * 2004 package (browse and previews play outside the sequencer, §4 Play modes); else null.
 */
export async function sequencingOf(
  deps: SequencingDeps,
  launch: Pick<
    PlayerLaunch,
    'scormVersion' | 'assignmentKey' | 'credit' | 'preview' | 'packageKey' | 'courseKey' | 'userKey'
  >,
): Promise<SequencedPackage | null> {
  const { assignmentKey } = launch;
  if (launch.scormVersion !== '2004' || assignmentKey === null || !records(launch)) return null;
  return sequencedPackage(deps, { ...launch, assignmentKey });
}

/**
 * Hands a launch over to another lesson of its package: a follow-on launch of that lesson for the
 * same student, session, assignment and content origin (launch/service.ts), then this launch closes
 * as navigated away. Its answer is the new launch's id and token; a refusal is thrown with its status.
 */
export async function handOver(
  deps: PlayerDeps,
  launch: Pick<
    PlayerLaunch,
    | 'launchId'
    | 'userKey'
    | 'lmsKey'
    | 'sessionHash'
    | 'curriculumKey'
    | 'assignmentKey'
    | 'contentOrigin'
  >,
  lessonKey: number,
  now: Date,
): Promise<{ launchId: string; token: string }> {
  const started = await startFollowOnLaunch(
    deps,
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
  await closeLaunchNavigated(deps.db, launch.launchId, now);
  return { launchId: started.launchId, token: started.token };
}
