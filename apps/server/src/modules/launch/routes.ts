import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { prelaunch } from './service.js';

const key = Type.Integer({ minimum: 0, maximum: 2147483647 });
const prelaunchParams = Type.Object({ curriculumKey: key, elementKey: key, assignmentKey: key });
const prelaunchQuery = Type.Object({ force: Type.Optional(Type.Boolean()) });
const refusalSchema = Type.Object({
  statusCode: Type.Number(),
  error: Type.String(),
  message: Type.String(),
  errorMessage: Type.Optional(Type.String()),
});

/** The launch flow's first step (§4 Lesson launch flow, §7 prelaunch). */
export async function launchRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: Static<typeof prelaunchParams>; Querystring: Static<typeof prelaunchQuery> }>(
    '/studentlaunch/prelaunch/ignored/:curriculumKey/:elementKey/:assignmentKey/',
    {
      preHandler: app.requireStudentSession,
      schema: {
        params: prelaunchParams,
        querystring: prelaunchQuery,
        response: { 403: refusalSchema, 404: refusalSchema },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const result = await prelaunch(
        app.deps.db,
        { userKey: session.userKey, lmsKey: session.lmsKey },
        {
          curriculumKey: request.params.curriculumKey,
          lessonKey: request.params.elementKey,
          assignmentKey: request.params.assignmentKey,
        },
        app.deps.clock.now().getTime(),
      );
      return reply.status(result.status).send({
        statusCode: result.status,
        error: result.status === 404 ? 'Not Found' : 'Forbidden',
        message: result.errorMessage,
        errorMessage: result.errorMessage,
      });
    },
  );
}
