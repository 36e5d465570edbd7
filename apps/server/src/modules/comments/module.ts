import type { FeatureArea } from '../feature-area.js';
import { commentsCli } from './cli.js';
import { commentCommands } from './operator-commands.js';
import { commentPageRoutes } from './page-routes.js';
import { commentRoutes } from './routes.js';

/** Comments on a place of a lesson: the §7 calls, the comments page, comments-list and -delete. */
export const commentsArea: FeatureArea = {
  name: 'comments',
  lmsRoutes: [commentRoutes],
  rootRoutes: [commentPageRoutes],
  operatorCommands: commentCommands,
  cli: commentsCli,
};
