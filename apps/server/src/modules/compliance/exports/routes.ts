import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Readable } from 'node:stream';
import {
  consoleComplianceCalls as calls,
  consoleComplianceSchemas as schemas,
} from '@waypoint/domain/console-contract';
import { downloadExport, prepareExport } from './service.js';

/** Content-Disposition for a download (RFC 6266): the name plain and as UTF-8 (filename*). */
export function attachment(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file a ticket is for: its name, type and body, streamed as it is made. */
export interface TicketFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/**
 * The GET of a one-time download ticket (ticket.ts): the file as an attachment, never cached or
 * sniffed. No HEAD twin: a HEAD (a link checker's, a preview's) would use up the ticket.
 */
export function ticketDownloadRoute(
  app: FastifyInstance,
  route: string,
  schema: FastifySchema,
  download: (ticket: string, clientAddress: string) => Promise<TicketFile>,
): void {
  app.get<{ Params: { ticket: string } }>(
    route,
    { schema, exposeHeadRoute: false },
    async (request, reply) => {
      const file = await download(request.params.ticket, request.ip);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .type(file.contentType)
        .send(file.body);
    },
  );
}

/**
 * The compliance exports (docs/decisions/0022): a ticket for an export (compliance.export, in
 * the caller's scope), and its file, fetched by the browser with no session: the one-time ticket
 * is the credential, and the file is streamed as it is made.
 */
export async function complianceExportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  app.post(
    calls.prepareExport.route,
    { preHandler: app.requireStaff('compliance.export'), schema: schemas.prepareExport },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await prepareExport(deps, request.staff!, request.body)),
  );
  ticketDownloadRoute(app, calls.download.route, schemas.download, (ticket, clientAddress) =>
    downloadExport(deps, ticket, clientAddress),
  );
}
