import type { FeatureArea } from '../feature-area.js';
import { sessionRoutes } from './routes.js';

/** The session check, logout and permissions (the guards themselves are registered by app.ts). */
export const sessionsArea: FeatureArea = { name: 'sessions', lmsRoutes: [sessionRoutes] };
