import type { FeatureArea } from '../feature-area.js';
import { ssoCli } from './cli.js';
import { ssoCommands } from './operator-commands.js';
import { ssoRoutes } from './routes.js';

/** Single sign-on (ADR 0016): the bridge and the protocols' routes outside /lms, the sso-* commands. */
export const ssoArea: FeatureArea = {
  name: 'sso',
  rootRoutes: [ssoRoutes],
  operatorCommands: ssoCommands,
  cli: ssoCli,
  migrations: ['0015-single-sign-on', '0020-sso-assume-email-verified'],
};
