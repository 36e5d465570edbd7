import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { documentCalls, documentSchemas } from '@waypoint/domain/contract';
import { documentFileStoreOn } from './file-store.js';
import { DOCUMENT_MULTIPART_LIMITS, readDocumentForm } from './multipart.js';
import {
  countDocuments,
  deleteDocumentFile,
  DocumentRefused,
  getDocumentDetail,
  listAssignedDocuments,
  saveDocument,
  type DocumentDeps,
} from './service.js';

/** A refused save: 400/413/415 with every §5 message, and all of them joined in message. */
function sendRefusal(reply: FastifyReply, error: DocumentRefused) {
  return reply.status(error.statusCode).send({
    statusCode: error.statusCode,
    error: error.name,
    message: error.message,
    messages: error.messages,
  });
}

/**
 * Assigned documents (§1, §3, §7): the list, the counts behind the header's warning icon, one
 * document's form, its multipart save and the removal of a saved file. The guard matches
 * {lmsKey} and {userKey} with the session; the service answers 404 for a form not assigned.
 */
export async function documentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  // Only these routes take multipart bodies; the limits hold whatever the client sends.
  await app.register(multipart, {
    limits: DOCUMENT_MULTIPART_LIMITS,
    throwFileSizeLimit: false,
  });
  const deps = (): DocumentDeps => ({
    ...app.deps,
    files: documentFileStoreOn(app.deps.storage),
    log: app.log,
  });

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

  app.get(
    documentCalls.detail.route,
    { preHandler: app.requireStudentSession, schema: documentSchemas.detail },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getDocumentDetail(deps(), request.params);
    },
  );

  app.post(
    documentCalls.save.route,
    { preHandler: app.requireStudentSession, schema: documentSchemas.save },
    async (request, reply) => {
      try {
        const form = await readDocumentForm(request);
        return await saveDocument(deps(), request.params, form);
      } catch (error) {
        if (error instanceof DocumentRefused) return sendRefusal(reply, error);
        throw error;
      }
    },
  );

  app.delete(
    documentCalls.deleteFile.route,
    { preHandler: app.requireStudentSession, schema: documentSchemas.deleteFile },
    async (request) => {
      const { uploadKey, ...key } = request.params;
      return deleteDocumentFile(deps(), key, uploadKey);
    },
  );
}
