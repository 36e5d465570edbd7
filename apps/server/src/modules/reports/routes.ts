import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { reportCalls, reportSchemas, type TrainingRecordFormat } from '@waypoint/domain/contract';
import {
  courseCompletion,
  organization,
  parseAggregationKeys,
  trainingRecordFile,
} from './service.js';

/**
 * The Completion Report (§2, §7): the course completion rows, the organisation data, and the
 * training record a student downloads (CSV, PDF). The guard checks {lms}/{user} against the session.
 */
export async function reportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    reportCalls.courseCompletion.route,
    { preHandler: app.requireStudentSession, schema: reportSchemas.courseCompletion },
    async (request) =>
      courseCompletion(
        app.deps,
        { lmsKey: request.params.lms, userKey: request.params.user },
        request.params.curriculum,
        parseAggregationKeys(request.query.aggregationKeys),
      ),
  );

  app.get(
    reportCalls.organization.route,
    { preHandler: app.requireStudentSession, schema: reportSchemas.organization },
    async (request) =>
      organization(app.deps, { lmsKey: request.params.lms, userKey: request.params.user }),
  );

  const download = async (
    reply: FastifyReply,
    params: { lms: number; user: number },
    format: TrainingRecordFormat,
  ) => {
    const file = await trainingRecordFile(
      app.deps,
      { lmsKey: params.lms, userKey: params.user },
      format,
    );
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
  };
  app.get(
    reportCalls.trainingRecordCsv.route,
    { preHandler: app.requireStudentSession, schema: reportSchemas.trainingRecordCsv },
    async (request, reply) => download(reply, request.params, 'csv'),
  );
  app.get(
    reportCalls.trainingRecordPdf.route,
    { preHandler: app.requireStudentSession, schema: reportSchemas.trainingRecordPdf },
    async (request, reply) => download(reply, request.params, 'pdf'),
  );
}
