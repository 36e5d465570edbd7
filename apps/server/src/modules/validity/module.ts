import type { FeatureArea } from '../feature-area.js';
import { validityCli } from './cli.js';
import { cycleJobs } from './cycle.js';
import { validityCommands } from './operator-commands.js';

/**
 * Validity rules (docs/decisions/0022 "Validity rules"): each curriculum's rule, the qualification
 * period each completion is worth (periods.ts, by the domain's qualificationPeriod), the
 * recurrent cycle a period opens, and the curriculum-validity command.
 */
export const validityArea: FeatureArea = {
  name: 'validity',
  operatorCommands: validityCommands,
  cli: validityCli,
  jobs: (deps) => cycleJobs(deps),
  migrations: ['0029-validity-rules'],
};
