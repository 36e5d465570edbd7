import type { FeatureArea } from '../feature-area.js';
import { peopleRoutes } from './routes.js';

/**
 * The staff console's people (docs/decisions/0021): the searchable list, profiles, account
 * actions, the CSV import and a student's record, with the search indexes of migration 0023.
 */
export const peopleArea: FeatureArea = {
  name: 'people',
  lmsRoutes: [peopleRoutes],
  migrations: ['0023-people-search'],
};
