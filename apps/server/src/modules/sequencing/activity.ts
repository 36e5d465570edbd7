import type { LmsUiControl } from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { SequencingDefinition } from './definition.js';
import { hiddenControlsOf } from './navigation.js';
import * as repo from './repo.js';

/**
 * What a SCORM 2004 SCO's activity asks of the player before it starts, from what the import kept
 * of the manifest: the LMS controls to hide, the objectives to create.
 */

/**
 * The LMS controls the activity playing `identifier` hides (hideLMSUI, any SCORM 2004 package,
 * sequenced or not: the content brings its own), from `definition` or, without one, the
 * package's stored definition.
 */
export async function lmsUiHidden(
  deps: { db: Db },
  packageKey: number,
  identifier: string,
  definition: SequencingDefinition | null,
): Promise<LmsUiControl[]> {
  const tree =
    definition?.activityTree ??
    ((await repo.selectSequencingDefinition(deps.db, packageKey)) as SequencingDefinition | null)
      ?.activityTree;
  return hiddenControlsOf(tree, identifier);
}

/**
 * The objective ids the manifest gives the activity playing `identifier`, which the LMS creates as
 * cmi.objectives.n.id before the SCO starts (RTE 4.2.17).
 */
export function objectiveIdsOf(
  deps: { db: Db },
  packageKey: number,
  identifier: string,
): Promise<string[]> {
  return repo.selectObjectiveIds(deps.db, packageKey, identifier);
}
