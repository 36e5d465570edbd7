import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { reminderCalls, reminderSchemas } from '@waypoint/domain/contract';
import { reminderPreference, setReminderPreference } from './service.js';

/**
 * The signed-in student's reminder emails preference (docs/decisions/0015): the path's keys are
 * checked against the session and the write needs the XSRF token, like every student call.
 */
export async function reminderRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const guard = { preHandler: app.requireStudentSession };

  app.get(
    reminderCalls.preference.route,
    { ...guard, schema: reminderSchemas.preference },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reminderPreference(app.deps, request.params.lmsKey, request.params.userKey);
    },
  );

  app.put(
    reminderCalls.setPreference.route,
    { ...guard, schema: reminderSchemas.setPreference },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return setReminderPreference(
        app.deps,
        request.params.lmsKey,
        request.params.userKey,
        request.body.enabled,
      );
    },
  );
}
