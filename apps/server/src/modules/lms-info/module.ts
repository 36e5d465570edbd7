import type { FeatureArea } from '../feature-area.js';
import { appLinkRoutes } from './app-links.routes.js';
import { lmsInfoCli } from './cli.js';
import { appLinkCommands } from './operator-commands.js';
import { lmsInfoRoutes } from './routes.js';

/**
 * Public LMS info, support info, app-download links; the links set by the operator's
 * `app-links` commands and in the staff console (docs/decisions/0024 "Install and app links").
 */
export const lmsInfoArea: FeatureArea = {
  name: 'lms-info',
  lmsRoutes: [lmsInfoRoutes, appLinkRoutes],
  operatorCommands: appLinkCommands,
  cli: lmsInfoCli,
  migrations: ['0006-waypoint-login-option'],
};
