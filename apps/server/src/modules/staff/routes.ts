import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { consoleSessionCalls, consoleSessionSchemas } from '@waypoint/domain/console-contract';
import { presentConsoleMe } from './presenter.js';

/** The console's own session call (docs/decisions/0021). */
export async function staffRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    consoleSessionCalls.me.route,
    { preHandler: app.requireStaff('programme.view'), schema: consoleSessionSchemas.me },
    async (request) => presentConsoleMe(request.staff!, app.deps.config.staffSessionIdleMinutes),
  );
}
