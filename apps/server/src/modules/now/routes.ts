import type { FastifyInstance } from 'fastify';
import { nowCalls, nowSchemas } from '@waypoint/domain/contract';

/** GET /lms/now: the server time, for the panel's periodic ping (spec §4 step 8). No session needed. */
export async function nowRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  app.get(nowCalls.now.route, { schema: nowSchemas.now }, async () => ({
    now: clock.now().getTime(),
  }));
}
