import type { FeatureArea } from '../feature-area.js';
import { offlineContentRoutes, offlineRoutes } from './routes.js';

/** Lessons offline (ADR 0024): grants for the panel, package, files and sync on the content origin. */
export const offlineArea: FeatureArea = {
  name: 'offline',
  lmsRoutes: [offlineRoutes],
  rootRoutes: [offlineContentRoutes],
  migrations: ['0031-offline-lessons'],
};
