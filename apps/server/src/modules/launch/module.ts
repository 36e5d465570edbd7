import type { FeatureArea } from '../feature-area.js';
import { launchRoutes } from './routes.js';

/** The launch flow on the panel's origin. */
export const launchArea: FeatureArea = { name: 'launch', lmsRoutes: [launchRoutes] };
