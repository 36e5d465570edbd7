import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { evaluationCalls, evaluationSchemas, Key } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { getEvaluationForm, listStudentEvaluations, submitEvaluation } from './service.js';

/**
 * Evaluations (§2 Completion Report's table, §3 Evaluation item, §7 student_evaluations): the open
 * list, the form behind each OPEN link, its submission; and the half-link itself, which sends the
 * browser to the panel's form page.
 */
export async function evaluationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    evaluationCalls.list.route,
    { preHandler: app.requireStudentSession, schema: evaluationSchemas.list },
    async (request) =>
      listStudentEvaluations(
        app.deps,
        { lmsKey: request.params.lmsKey, userKey: request.params.userKey },
        request.params.type,
      ),
  );

  app.get(
    evaluationCalls.form.route,
    { preHandler: app.requireStudentSession, schema: evaluationSchemas.form },
    async (request) =>
      getEvaluationForm(
        app.deps,
        { lmsKey: request.params.lmsKey, userKey: request.params.userKey },
        request.params.evaluationKey,
      ),
  );

  app.post(
    evaluationCalls.submit.route,
    { preHandler: app.requireStudentSession, schema: evaluationSchemas.submit },
    async (request) =>
      submitEvaluation(
        app.deps,
        { lmsKey: request.params.lmsKey, userKey: request.params.userKey },
        request.params.evaluationKey,
        request.body.answers,
      ),
  );

  // The link of §3 is the service base address plus the half-link: /lms/evaluation/{key} leads to
  // the panel's own form page (which signs in first when there is no session).
  app.get(
    '/evaluation/:evaluationKey',
    {
      schema: { params: Type.Object({ evaluationKey: Key }) },
    },
    async (request, reply) => reply.redirect(`/evaluation/${request.params.evaluationKey}`, 302),
  );
}
