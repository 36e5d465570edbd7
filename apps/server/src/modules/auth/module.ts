import type { FeatureArea } from '../feature-area.js';
import { authRoutes } from './routes.js';

/** Login, MFA challenges, remembered devices, lockout. */
export const authArea: FeatureArea = { name: 'auth', lmsRoutes: [authRoutes] };
