import type { FeatureArea } from '../feature-area.js';
import { playerRoutes } from './routes.js';

/** The lesson player and package files on the content origin (sequencing's tables: sequencing/). */
export const playerArea: FeatureArea = {
  name: 'player',
  rootRoutes: [playerRoutes],
  migrations: ['0005-lesson-player', '0021-sco-delivery-controls', '0027-lesson-attempts'],
};
