import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { acceptsGzip, gzipOnce, GZIP_MIN_BYTES } from '../../lib/gzip-memo.js';
import { cachedProgressReport, wantsRevalidation } from './report-cache.js';
import { listPrerequisiteTypes } from './service.js';
import {
  prerequisiteTypeSchema,
  progressElementSchema,
  progressReportQuerySchema,
  progressReportResponseSchema,
  studentPathSchema,
} from './schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';

const errorSchema = Type.Object({
  statusCode: Type.Number(),
  error: Type.String(),
  message: Type.String(),
});

/** The progress report (§3, §7): the student's curricula as element trees, and prerequisite types. */
export async function progressRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(progressElementSchema);

  // Both paths answer the same tree; the completion report reads the second (§7).
  for (const path of ['withPrerequisites', 'CompletionwithPrerequisites']) {
    app.get<{
      Params: Static<typeof studentPathSchema>;
      Querystring: Static<typeof progressReportQuerySchema>;
    }>(
      `/api/progressreport/${path}/:lmsKey/:userKey`,
      {
        preHandler: app.requireStudentSession,
        schema: {
          params: studentPathSchema,
          querystring: progressReportQuerySchema,
          response: { 200: progressReportResponseSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        // Served from the report cache; the body is serialised once per rebuild, with this
        // route's response schema, and sent as is.
        const body = await cachedProgressReport(app.deps, {
          user: { userKey: request.params.userKey, lmsKey: request.params.lmsKey },
          options: {
            showExpired: request.query.showExpired ?? true,
            withFlaggedAssignments: request.query.withFlaggedAssignments ?? false,
            showEmptyLeafs: request.query.showEmptyLeafs ?? false,
          },
          revalidate: wantsRevalidation(request.headers),
          serialize: (report) => reply.serialize(report),
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
    '/api/CurriculumPrerequisiteTypes',
    {
      preHandler: app.requireStudentSession,
      schema: {
        summary: 'Course-level prerequisite types',
        response: { 200: Type.Array(prerequisiteTypeSchema) },
      },
    },
    async () => listPrerequisiteTypes(app.deps.db),
  );
}
