import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleAssignmentCalls,
  consoleAssignmentSchemas,
} from '@waypoint/domain/console-contract';
import { actorOf } from '../staff/audit.js';
import { createRule, endRule, listRules } from './rules.js';
import {
  assignableCurricula,
  assignCurricula,
  assignmentCriteria,
  assignmentsOfCurriculum,
  assignmentsOfPerson,
  matchingPeople,
  unassignCurricula,
  type AssignmentActor,
} from './service.js';

/** Who acts: the guarded request's staff member (scope) and their audit name. */
const actor = (request: FastifyRequest): AssignmentActor => ({
  staff: request.staff!,
  audit: actorOf(request),
});

/**
 * The console's assignment calls (docs/decisions/0021): reading needs assignments.view, every
 * change assignments.assign; the services check the scope (404 for anyone outside it).
 */
export async function assignmentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const calls = consoleAssignmentCalls;
  const schemas = consoleAssignmentSchemas;
  const view = app.requireStaff('assignments.view');
  const assign = app.requireStaff('assignments.assign');

  app.post(calls.assign.route, { preHandler: assign, schema: schemas.assign }, (request) =>
    assignCurricula(app.deps, actor(request), request.body),
  );
  app.post(calls.unassign.route, { preHandler: assign, schema: schemas.unassign }, (request) =>
    unassignCurricula(app.deps, actor(request), request.body),
  );
  app.get(calls.ofPerson.route, { preHandler: view, schema: schemas.ofPerson }, (request) =>
    assignmentsOfPerson(app.deps, request.staff!, request.params.userKey),
  );
  app.get(calls.ofCurriculum.route, { preHandler: view, schema: schemas.ofCurriculum }, (request) =>
    assignmentsOfCurriculum(app.deps, request.staff!, request.params.curriculumKey),
  );
  app.get(calls.curricula.route, { preHandler: view, schema: schemas.curricula }, (request) =>
    assignableCurricula(app.deps, request.staff!),
  );
  app.get(calls.people.route, { preHandler: view, schema: schemas.people }, (request) =>
    matchingPeople(app.deps, request.staff!, request.query),
  );
  app.get(calls.criteria.route, { preHandler: view, schema: schemas.criteria }, (request) =>
    assignmentCriteria(app.deps, request.staff!),
  );
  app.get(calls.rules.route, { preHandler: view, schema: schemas.rules }, (request) =>
    listRules(app.deps, request.staff!, request.query),
  );
  app.post(calls.createRule.route, { preHandler: assign, schema: schemas.createRule }, (request) =>
    createRule(app.deps, actor(request), request.body),
  );
  app.delete(calls.endRule.route, { preHandler: assign, schema: schemas.endRule }, (request) =>
    endRule(app.deps, actor(request), request.params.ruleKey),
  );
}
