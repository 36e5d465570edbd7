import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { consoleAuditCalls, consoleAuditSchemas } from '@waypoint/domain/console-contract';
import { auditCsv, auditCsvFileName, auditPage } from './audit.service.js';

/** The console's audit log (docs/decisions/0021): audit.view (administrators and auditors). */
export async function auditRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;

  app.get(
    consoleAuditCalls.events.route,
    { preHandler: app.requireStaff('audit.view'), schema: consoleAuditSchemas.events },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await auditPage(deps, request.staff!, request.query)),
  );
  app.get(
    consoleAuditCalls.exportCsv.route,
    { preHandler: app.requireStaff('audit.view'), schema: consoleAuditSchemas.exportCsv },
    async (request, reply) => {
      const body = auditCsv(deps, request.staff!, request.query);
      const fileName = auditCsvFileName(request.staff!, deps.clock.now());
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('text/csv; charset=utf-8')
        .send(body);
    },
  );
}
