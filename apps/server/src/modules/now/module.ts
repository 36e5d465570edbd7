import type { FeatureArea } from '../feature-area.js';
import { nowRoutes } from './routes.js';

/** GET /lms/now, the ping. */
export const nowArea: FeatureArea = { name: 'now', lmsRoutes: [nowRoutes] };
