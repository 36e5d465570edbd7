import type { FeatureArea } from '../feature-area.js';
import { programmeRoutes } from './routes.js';

/**
 * The training programme in the staff console (docs/decisions/0021): curricula, courses, topics
 * and lessons as a tree, package uploads into the import-scorm importer, edits of what §3/§4 use,
 * classroom lessons, certificate settings, the library flag and document forms.
 */
export const programmeArea: FeatureArea = {
  name: 'programme',
  lmsRoutes: [programmeRoutes],
  migrations: ['0024-programme-settings'],
};
