import type { FeatureArea } from '../feature-area.js';
import { progressRoutes } from './routes.js';

/** The progress report and its cache's data versions (ADR 0006). */
export const progressArea: FeatureArea = {
  name: 'progress',
  lmsRoutes: [progressRoutes],
  migrations: ['0004-report-versions'],
};
