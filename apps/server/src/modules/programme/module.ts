import type { FeatureArea } from '../feature-area.js';
import { libraryRoutes } from './library.routes.js';
import { programmeRoutes } from './routes.js';

/**
 * The training programme in the staff console (docs/decisions/0021): curricula, courses, topics
 * and lessons as a tree, package uploads into the import-scorm importer, edits of what §3/§4 use,
 * classroom lessons, certificate settings, the library flag and document forms; the library's
 * media items and the groups they are limited to (library.routes.ts).
 */
export const programmeArea: FeatureArea = {
  name: 'programme',
  lmsRoutes: [programmeRoutes, libraryRoutes],
  migrations: ['0024-programme-settings'],
};
