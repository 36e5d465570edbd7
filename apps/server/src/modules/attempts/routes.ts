import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { attemptCalls, attemptSchemas } from '@waypoint/domain/contract';
import { consoleAttemptCalls, consoleAttemptSchemas } from '@waypoint/domain/console-contract';
import { actorOf } from '../staff/audit.js';
import { correctResult } from './correct-result.js';
import { lessonAttempts, personAttempts } from './service.js';

/**
 * The attempt record's calls: the student's own lesson attempts (the session guard checks
 * {lmsKey}/{userKey}), a person's attempts for staff who read records, and a staff correction
 * (records.correct); both console calls are scoped (404 'No such person.' outside it).
 */
export async function attemptRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;

  app.get(
    attemptCalls.lessonAttempts.route,
    { preHandler: app.requireStudentSession, schema: attemptSchemas.lessonAttempts },
    async (request) =>
      lessonAttempts(
        deps,
        request.params.userKey,
        request.params.assignmentKey,
        request.params.lessonKey,
      ),
  );

  app.get(
    consoleAttemptCalls.personAttempts.route,
    { preHandler: app.requireStaff('people.record'), schema: consoleAttemptSchemas.personAttempts },
    async (request) => personAttempts(deps, request.staff!, request.params.userKey),
  );

  app.post(
    consoleAttemptCalls.correct.route,
    { preHandler: app.requireStaff('records.correct'), schema: consoleAttemptSchemas.correct },
    async (request) =>
      correctResult(
        deps,
        { staff: request.staff!, audit: actorOf(request) },
        request.params.userKey,
        request.body,
      ),
  );
}
