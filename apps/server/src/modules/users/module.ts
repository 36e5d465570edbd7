import type { FeatureArea } from '../feature-area.js';
import { passwordRoutes } from './routes.js';

/** Password reset, set-password (Register), change password. */
export const usersArea: FeatureArea = { name: 'users', lmsRoutes: [passwordRoutes] };
