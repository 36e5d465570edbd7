import type { FeatureArea } from '../feature-area.js';
import { attemptRoutes } from './routes.js';

/** The attempt record (migration 0027, the player's): every attempt read, and staff corrections. */
export const attemptsArea: FeatureArea = { name: 'attempts', lmsRoutes: [attemptRoutes] };
