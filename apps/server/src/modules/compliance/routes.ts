import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleComplianceCalls as calls,
  consoleComplianceSchemas as schemas,
} from '@waypoint/domain/console-contract';
import {
  cellHistory,
  complianceFacts,
  listPage,
  matrixPage,
  type ComplianceScope,
} from './service.js';

/** The caller's scope, from a request requireStaff let through. */
export function scopeOf(request: FastifyRequest): ComplianceScope {
  const staff = request.staff!;
  return { lmsKey: staff.lmsKey, restrictionGroups: staff.restrictionGroups };
}

/**
 * The qualification matrix, the daily lists and a cell's history (docs/decisions/0022): each
 * needs compliance.view (requireStaff: 401 / 403), and reads only the caller's scope.
 */
export async function complianceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  app.get(
    calls.matrix.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.matrix },
    async (request) => matrixPage(deps, scopeOf(request), request.query),
  );
  app.get(
    calls.facts.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.facts },
    async (request) => complianceFacts(deps, scopeOf(request)),
  );
  app.get(
    calls.list.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.list },
    async (request) => listPage(deps, scopeOf(request), request.params.list, request.query),
  );
  app.get(
    calls.cell.route,
    { preHandler: app.requireStaff('compliance.view'), schema: schemas.cell },
    async (request) =>
      cellHistory(deps, scopeOf(request), request.params.userKey, request.params.curriculumKey),
  );
}
