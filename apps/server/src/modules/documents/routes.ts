import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { documentCalls, documentSchemas } from '@waypoint/domain/contract';
import { countDocuments, listAssignedDocuments } from './service.js';

/**
 * Assigned documents: the list and the counts behind the header's warning icon (§1, §3, §7).
 * The detail form, uploads and saving are not served yet.
 */
export async function documentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    documentCalls.counts.route,
    { preHandler: app.requireStudentSession, schema: documentSchemas.counts },
    async (request) => countDocuments(app.deps, request.params.lmsKey, request.params.userKey),
  );

  app.get(
    documentCalls.assigned.route,
    { preHandler: app.requireStudentSession, schema: documentSchemas.assigned },
    async (request) =>
      listAssignedDocuments(app.deps, request.params.lmsKey, request.params.userKey),
  );
}
