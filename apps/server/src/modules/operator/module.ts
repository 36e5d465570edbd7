import type { FeatureArea } from '../feature-area.js';
import { assignCommand } from './assign-command.js';
import { operatorCli } from './cli.js';
import { lmsCommands } from './lms-commands.js';
import { operatorRoutes } from './routes.js';
import { userCommands } from './user-commands.js';

/**
 * The operator: the token-guarded API under /lms/operator that runs every area's commands, and
 * the commands on training providers, users and assignments.
 */
export const operatorArea: FeatureArea = {
  name: 'operator',
  lmsRoutes: [
    async (app, options) => {
      await app.register(operatorRoutes, { ...options, prefix: '/operator' });
    },
  ],
  operatorCommands: [...lmsCommands, ...userCommands, assignCommand],
  cli: operatorCli,
};
