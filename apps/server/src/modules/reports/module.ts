import type { FeatureArea } from '../feature-area.js';
import { reportRoutes } from './routes.js';

/** The Completion Report's calls and the training record. */
export const reportsArea: FeatureArea = { name: 'reports', lmsRoutes: [reportRoutes] };
