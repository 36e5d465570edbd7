import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProgressElement } from '@waypoint/domain/contract';
import {
  consolePeopleCalls as calls,
  consolePeopleSchemas as schemas,
  PEOPLE_CSV_MAX_LENGTH,
} from '@waypoint/domain/console-contract';
import { actorOf } from '../staff/audit.js';
import { createPerson, updatePerson } from './edit-person.js';
import { importPeople, previewImport } from './import-people.js';
import {
  deactivatePerson,
  endSessions,
  reactivatePerson,
  resetMfa,
  sendPasswordReset,
} from './person-actions.js';
import { findPersonDetails, listPeople, personRecord, type PeopleActor } from './service.js';

/** Who acts, from a request requireStaff let through. */
function actor(request: FastifyRequest): PeopleActor {
  return { staff: request.staff!, audit: actorOf(request) };
}

// A CSV's JSON body: its text, escaped, plus a little.
const CSV_BODY_LIMIT = PEOPLE_CSV_MAX_LENGTH * 2 + 1024;

/**
 * The console's people (docs/decisions/0021): each route names the staff action it needs
 * (requireStaff: 401 / 403 / XSRF), and the service checks the scope (404 'No such person.').
 */
export async function peopleRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  // The record's report references the progress element schema by $ref (docs/decisions/0004).
  app.addSchema(ProgressElement);
  const { deps } = app;

  app.get(
    calls.list.route,
    { preHandler: app.requireStaff('people.view'), schema: schemas.list },
    async (request) => listPeople(deps, request.staff!, request.query),
  );
  app.get(
    calls.get.route,
    { preHandler: app.requireStaff('people.view'), schema: schemas.get },
    async (request) => findPersonDetails(deps, request.staff!, request.params.userKey),
  );
  app.post(
    calls.create.route,
    { preHandler: app.requireStaff('people.create'), schema: schemas.create },
    async (request) => createPerson(deps, actor(request), request.body),
  );
  app.put(
    calls.update.route,
    { preHandler: app.requireStaff('people.modify'), schema: schemas.update },
    async (request) => updatePerson(deps, actor(request), request.params.userKey, request.body),
  );
  app.post(
    calls.deactivate.route,
    { preHandler: app.requireStaff('people.deactivate'), schema: schemas.deactivate },
    async (request) => deactivatePerson(deps, actor(request), request.params.userKey),
  );
  app.post(
    calls.reactivate.route,
    { preHandler: app.requireStaff('people.deactivate'), schema: schemas.reactivate },
    async (request) => reactivatePerson(deps, actor(request), request.params.userKey),
  );
  app.post(
    calls.sendPasswordReset.route,
    { preHandler: app.requireStaff('people.credentials'), schema: schemas.sendPasswordReset },
    async (request) => sendPasswordReset(deps, actor(request), request.params.userKey),
  );
  app.post(
    calls.resetMfa.route,
    { preHandler: app.requireStaff('people.credentials'), schema: schemas.resetMfa },
    async (request) =>
      resetMfa(deps, actor(request), request.params.userKey, request.body.mfaEnabled),
  );
  app.post(
    calls.endSessions.route,
    { preHandler: app.requireStaff('people.credentials'), schema: schemas.endSessions },
    async (request) => endSessions(deps, actor(request), request.params.userKey),
  );
  app.get(
    calls.record.route,
    { preHandler: app.requireStaff('people.record'), schema: schemas.record },
    async (request) => personRecord(deps, request.staff!, request.params.userKey),
  );
  app.post(
    calls.importPreview.route,
    {
      preHandler: app.requireStaff('people.import'),
      schema: schemas.importPreview,
      bodyLimit: CSV_BODY_LIMIT,
    },
    async (request) => previewImport(deps, actor(request), request.body.csv),
  );
  app.post(
    calls.import.route,
    {
      preHandler: app.requireStaff('people.import'),
      schema: schemas.import,
      bodyLimit: CSV_BODY_LIMIT,
    },
    async (request) => importPeople(deps, actor(request), request.body.csv),
  );
}
