import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { commentCalls, commentSchemas } from '@waypoint/domain/contract';
import { listComments, postComment } from './service.js';

/**
 * The annotation calls (§7): the comments on a place of a lesson, and a new comment. The guard
 * checks the session and the path's {lmsKey}/{userKey}; the service checks the body's keys, the
 * course assignment and the text.
 */
export async function commentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    commentCalls.list.route,
    { preHandler: app.requireStudentSession, schema: commentSchemas.list },
    async (request, reply) => {
      const { lmsKey, userKey, courseKey, scoKey, location } = request.params;
      reply.header('cache-control', 'no-store');
      return listComments(app.deps, { lmsKey, userKey }, { courseKey, scoKey, location });
    },
  );

  app.post(
    commentCalls.create.route,
    { preHandler: app.requireStudentSession, schema: commentSchemas.create },
    async (request, reply) => {
      const session = request.session!;
      const created = await postComment(
        app.deps,
        { lmsKey: session.lmsKey, userKey: session.userKey },
        request.body,
      );
      return reply.status(201).send({
        statusCode: 201,
        message: 'Comment posted.',
        annotationKey: created.annotationKey,
      });
    },
  );
}
