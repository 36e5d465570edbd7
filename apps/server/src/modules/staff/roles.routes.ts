import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { consoleStaffCalls, consoleStaffSchemas } from '@waypoint/domain/console-contract';
import { actorOf } from './audit.js';
import * as roles from './roles.service.js';

/** The console's roles and staff pages (docs/decisions/0021): staff.view reads, staff.manage changes. */
export async function rolesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;
  const calls = consoleStaffCalls;
  const schemas = consoleStaffSchemas;

  app.get(
    calls.roles.route,
    { preHandler: app.requireStaff('staff.view'), schema: schemas.roles },
    async (request) => roles.listRoles(deps, request.staff!),
  );
  app.post(
    calls.createRole.route,
    { preHandler: app.requireStaff('staff.manage'), schema: schemas.createRole },
    async (request, reply) =>
      reply
        .code(201)
        .send(await roles.createRole(deps, request.staff!, actorOf(request), request.body)),
  );
  app.put(
    calls.updateRole.route,
    { preHandler: app.requireStaff('staff.manage'), schema: schemas.updateRole },
    async (request) =>
      roles.updateRole(
        deps,
        request.staff!,
        actorOf(request),
        request.params.roleKey,
        request.body,
      ),
  );
  app.delete(
    calls.deleteRole.route,
    { preHandler: app.requireStaff('staff.manage'), schema: schemas.deleteRole },
    async (request) =>
      roles.deleteRole(deps, request.staff!, actorOf(request), request.params.roleKey),
  );

  app.get(
    calls.staff.route,
    { preHandler: app.requireStaff('staff.view'), schema: schemas.staff },
    async (request) => roles.listStaff(deps, request.staff!),
  );
  app.get(
    calls.candidates.route,
    { preHandler: app.requireStaff('staff.manage'), schema: schemas.candidates },
    async (request) => roles.searchCandidates(deps, request.staff!, request.query.q),
  );
  app.put(
    calls.setStaff.route,
    { preHandler: app.requireStaff('staff.manage'), schema: schemas.setStaff },
    async (request) =>
      roles.setStaff(deps, request.staff!, actorOf(request), request.params.userKey, request.body),
  );
  app.delete(
    calls.removeStaff.route,
    { preHandler: app.requireStaff('staff.manage'), schema: schemas.removeStaff },
    async (request) =>
      roles.removeStaff(deps, request.staff!, actorOf(request), request.params.userKey),
  );
}
