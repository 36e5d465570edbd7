import type { FeatureArea } from '../feature-area.js';
import { documentsCli } from './cli.js';
import { documentFileRoutes } from './file-routes.js';
import { documentCommands } from './operator-commands.js';
import { documentRoutes } from './routes.js';

/** Assigned documents: the §7 calls, file downloads on the content origin, the document commands. */
export const documentsArea: FeatureArea = {
  name: 'documents',
  lmsRoutes: [documentRoutes],
  rootRoutes: [documentFileRoutes],
  operatorCommands: documentCommands,
  cli: documentsCli,
  migrations: ['0012-document-forms'],
};
