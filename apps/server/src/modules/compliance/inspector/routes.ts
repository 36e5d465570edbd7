import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleComplianceCalls as calls,
  consoleComplianceSchemas as schemas,
} from '@waypoint/domain/console-contract';
import { actorOf } from '../../staff/audit.js';
import { attachment } from '../exports/routes.js';
import {
  inspectionCell,
  inspectionExport,
  inspectionInfo,
  inspectionMatrix,
  openInspection,
} from './inspection.service.js';
import {
  createInspectorLink,
  listInspectorLinks,
  revokeInspectorLink,
  type LinkActor,
} from './links.service.js';

/**
 * Inspector links in the staff console (docs/decisions/0022): list, make, revoke. They need
 * 'compliance.inspectors' (administrators and auditors: it reads students, reports and the LMS).
 */
export async function inspectorLinkRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  const guard = app.requireStaff('compliance.inspectors');
  const actor = (request: FastifyRequest): LinkActor => ({
    staff: request.staff!,
    audit: actorOf(request),
  });

  app.get(
    calls.inspectorLinks.route,
    { preHandler: guard, schema: schemas.inspectorLinks },
    async (request) => listInspectorLinks(deps, request.staff!),
  );
  app.post(
    calls.createInspectorLink.route,
    { preHandler: guard, schema: schemas.createInspectorLink },
    async (request, reply) => {
      // The answer holds the link's only copy of its address.
      reply.header('cache-control', 'no-store');
      return createInspectorLink(deps, actor(request), request.body);
    },
  );
  app.post(
    calls.revokeInspectorLink.route,
    { preHandler: guard, schema: schemas.revokeInspectorLink },
    async (request) => revokeInspectorLink(deps, actor(request), request.params.linkKey),
  );
}

/**
 * The inspector's calls: no session, the token in the address is the credential. Each answer is
 * no-store (what the inspector saw stays off shared caches and disk) and no-referrer (the address
 * never leaves in a Referer header).
 */
export async function inspectionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  });

  app.get(calls.inspection.route, { schema: schemas.inspection }, async (request) =>
    inspectionInfo(deps, await openInspection(deps, request.params.token, request.ip)),
  );
  app.get(calls.inspectionMatrix.route, { schema: schemas.inspectionMatrix }, async (request) =>
    inspectionMatrix(
      deps,
      await openInspection(deps, request.params.token, request.ip),
      request.query,
    ),
  );
  app.get(calls.inspectionCell.route, { schema: schemas.inspectionCell }, async (request) => {
    const { token, userKey, curriculumKey } = request.params;
    const inspection = await openInspection(deps, token, request.ip);
    return inspectionCell(deps, inspection, userKey, curriculumKey);
  });
  app.get(
    calls.inspectionExport.route,
    { schema: schemas.inspectionExport },
    async (request, reply) => {
      const inspection = await openInspection(deps, request.params.token, request.ip);
      const file = await inspectionExport(deps, inspection, request.query);
      return reply
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .type(file.contentType)
        .send(file.body);
    },
  );
}
