import type { FeatureArea } from '../feature-area.js';
import { certificatesCli } from './cli.js';
import { certificateCommands } from './operator-commands.js';
import { certificatePublicRoutes } from './public-routes.js';
import { certificateRoutes } from './routes.js';

/** Certificates (ADR 0011): the §7 calls, the public /verify page and theme files, the commands. */
export const certificatesArea: FeatureArea = {
  name: 'certificates',
  lmsRoutes: [certificateRoutes],
  rootRoutes: [certificatePublicRoutes],
  operatorCommands: certificateCommands,
  cli: certificatesCli,
  migrations: ['0008-certificates', '0019-failed-outcome-certificates'],
};
