import type { FastifyInstance } from 'fastify';
import { nowRoutes } from './now/routes.js';

/**
 * Every module's routes, under /lms (registered with that prefix by app.ts). API modules live
 * under /lms/api (spec §7); each module folder has routes.ts, service.ts, repo.ts, presenter.ts.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(nowRoutes);
  await app.register(
    async (api) => {
      // API modules register here, one line each.
      void api;
    },
    { prefix: '/api' },
  );
}
