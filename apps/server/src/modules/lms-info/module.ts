import type { FeatureArea } from '../feature-area.js';
import { lmsInfoRoutes } from './routes.js';

/** Public LMS info, support info, app-download links. */
export const lmsInfoArea: FeatureArea = {
  name: 'lms-info',
  lmsRoutes: [lmsInfoRoutes],
  migrations: ['0006-waypoint-login-option'],
};
