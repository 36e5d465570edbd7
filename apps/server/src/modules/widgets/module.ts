import type { FeatureArea } from '../feature-area.js';
import { widgetRoutes } from './routes.js';

/** Dashboard widgets and calendar data. */
export const widgetsArea: FeatureArea = { name: 'widgets', lmsRoutes: [widgetRoutes] };
