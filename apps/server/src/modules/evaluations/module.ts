import type { FeatureArea } from '../feature-area.js';
import { evaluationsCli } from './cli.js';
import { evaluationCommands } from './operator-commands.js';
import { evaluationRoutes } from './routes.js';

/** Evaluations: the §7 calls and the define-, attach- and export-evaluation commands. */
export const evaluationsArea: FeatureArea = {
  name: 'evaluations',
  lmsRoutes: [evaluationRoutes],
  operatorCommands: evaluationCommands,
  cli: evaluationsCli,
  migrations: ['0007-evaluations'],
};
