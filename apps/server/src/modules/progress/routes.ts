import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ProgressElement,
  progressCalls,
  progressSchemas,
  type ProgressReport,
  type ProgressReportQuery,
  type StudentPath,
} from '@waypoint/domain/contract';
import type { Static } from 'typebox';
import { acceptsGzip, gzipOnce, GZIP_MIN_BYTES } from '../../lib/gzip-memo.js';
import { wantsRevalidation } from './report-cache.js';
import { listPrerequisiteTypes } from './service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The route's compiled 200 serializer, which the report cache keeps to write patched parts of a
 * report (docs/decisions/0006); it holds no reference to the request.
 */
function serializerOf(reply: FastifyReply): (report: ProgressReport) => string {
  const compiled = reply.getSerializationFunction('200');
  return compiled ? (report) => compiled(report) : (report) => reply.serialize(report) as string;
}

/** The progress report (§3, §7): the student's curricula as element trees, and prerequisite types. */
export async function progressRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  // The element tree references this schema by $ref, so a 5,000-lesson tree serialises fast
  // (docs/decisions/0004).
  app.addSchema(ProgressElement);

  // Both paths answer the same tree; the completion report reads the second (§7). The body is
  // sent already serialised (a Buffer), so these two are typed by hand, not by the provider.
  for (const call of ['report', 'completionReport'] as const) {
    instance.get<{ Params: StudentPath; Querystring: Static<typeof ProgressReportQuery> }>(
      progressCalls[call].route,
      { preHandler: instance.requireStudentSession, schema: progressSchemas[call] },
      async (request, reply) => {
        // Served from the report cache; the body is serialised once per rebuild, with this
        // route's response schema, and sent as is.
        const body = await instance.deps.state.reportCache.read(instance.deps, {
          user: { userKey: request.params.userKey, lmsKey: request.params.lmsKey },
          options: {
            showExpired: request.query.showExpired ?? true,
            withFlaggedAssignments: request.query.withFlaggedAssignments ?? false,
            showEmptyLeafs: request.query.showEmptyLeafs ?? false,
          },
          revalidate: wantsRevalidation(request.headers),
          serialize: serializerOf(reply),
        });
        if (!body) {
          return reply
            .status(404)
            .send({ statusCode: 404, error: 'Not Found', message: 'Nothing to report.' });
        }
        reply.type(JSON_TYPE).header('vary', 'accept-encoding');
        // A large tree (about 1 KB per lesson) shrinks about twentyfold; compressed once per body.
        if (body.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
          return reply.header('content-encoding', 'gzip').send(await gzipOnce(body));
        }
        return reply.send(body);
      },
    );
  }

  app.get(
    progressCalls.prerequisiteTypes.route,
    { preHandler: app.requireStudentSession, schema: progressSchemas.prerequisiteTypes },
    async () => listPrerequisiteTypes(app.deps),
  );
}
