import {
  sequencedPackage,
  type SequencedPackage,
  type SequencingDeps,
} from '../sequencing/index.js';
import { records } from './launch-access.js';
import type { PlayerLaunch } from './launch.repo.js';

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
