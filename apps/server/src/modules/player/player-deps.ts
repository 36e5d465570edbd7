import type { ReportCache } from '../progress/report-cache.js';
import type { SequencingStepDeps } from '../sequencing/index.js';

/**
 * What the player's flows need: the database, and the instance's memory they read and bring up to
 * date (instance-state.ts): the sequencing memory, the report cache. The app's deps fit.
 */
export interface PlayerDeps extends SequencingStepDeps {
  state: SequencingStepDeps['state'] & {
    reportCache: Pick<ReportCache, 'invalidate' | 'lessonsChanged'>;
  };
}
