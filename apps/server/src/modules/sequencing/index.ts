/**
 * SCORM sequencing, the one way in (ADR 0007): other modules import only this file, and only
 * what is exported here. Inside: definition.ts reads a package's sequencing from its manifest;
 * sequencer.ts runs scorm-again's engine on it; attempts.ts keeps a learner's attempt in
 * sequencing_state and answers what a launch or a navigation request delivers; navigation.ts what
 * Previous / Next would do; activity.ts what a SCO's activity asks of the player (hideLMSUI,
 * objective ids); panel.ts what the panel shows of an attempt; package-locks.ts the locks and
 * rollup the report shows; prerequisites-12.ts SCORM 1.2 prerequisites; repo.ts its SQL;
 * memory.ts what an instance keeps.
 *
 * Services take `{ db, state: { sequencing } }` (SequencingDeps); a step that changes an attempt
 * also the instance's report cache (SequencingStepDeps). The app's deps fit both.
 */

// The instance's memory (instance-state.ts).
export { createSequencingMemory, type SequencingMemory } from './memory.js';
export type { SequencingDeps, SequencingStepDeps } from './memory.js';

// Content import: the sequencing a package's manifest declares, kept with the package.
export { readPackageSequencing, type PackageSequencing } from './definition.js';

// Launch and player: whether a learner's package plays through its sequencer, and its steps.
export {
  currentView,
  deliverForLaunch,
  navigateSequenced,
  panelNow,
  refreshPanel,
  sequencedPackage,
  type SequencedPackage,
} from './attempts.js';
export { changesSequencing, type SequencingView } from './sequencer.js';

// Player: Previous / Next and the LMS controls it shows, the objective ids a SCO starts with,
// SCORM 1.2 prerequisites.
export { lmsUiHidden, objectiveIdsOf } from './activity.js';
export { navigationNow, refusalReason, requestOutcomeNow } from './navigation.js';
export { unmetPrerequisites } from './prerequisites-12.js';

// Progress report: the packages' own locks and a sequenced course's rollup.
export {
  courseLocks,
  loadPackageRules,
  type PackageLock,
  type PackageRules,
  type SequencingRollup,
} from './package-locks.js';
