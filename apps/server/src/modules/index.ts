import type { FastifyInstance } from 'fastify';
import { nowRoutes } from './now/routes.js';
import { operatorRoutes } from './operator/routes.js';
import { authRoutes } from './auth/routes.js';
import { sessionRoutes } from './sessions/routes.js';
import { lmsInfoRoutes } from './lms-info/routes.js';
import { passwordRoutes } from './users/routes.js';
import { progressRoutes } from './progress/routes.js';
import { widgetRoutes } from './widgets/routes.js';
import { launchRoutes } from './launch/routes.js';
import { documentRoutes } from './documents/routes.js';

/**
 * Every module's routes, under /lms (registered with that prefix by app.ts). API modules live
 * under /lms/api (spec §7); each module folder has routes.ts, service.ts, repo.ts, presenter.ts.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(nowRoutes);
  await app.register(operatorRoutes, { prefix: '/operator' });
  await app.register(
    async (api) => {
      // API modules register here, one line each.
      await api.register(authRoutes);
      await api.register(sessionRoutes);
      await api.register(lmsInfoRoutes);
      await api.register(passwordRoutes);
      await api.register(progressRoutes);
      await api.register(widgetRoutes);
      await api.register(launchRoutes);
      await api.register(documentRoutes);
      void api;
    },
    { prefix: '/api' },
  );
}
