import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

/** GET /lms/now: the server time, for the panel's periodic ping (spec §4 step 8). No session needed. */
export async function nowRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/now',
    {
      schema: {
        summary: 'Server time (ping)',
        response: { 200: Type.Object({ now: Type.Number({ description: 'ms since the epoch' }) }) },
      },
    },
    async () => ({ now: app.deps.clock.now().getTime() }),
  );
}
