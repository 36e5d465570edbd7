import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  consoleRecordsCalls as calls,
  consoleRecordsSchemas as schemas,
} from '@waypoint/domain/console-contract';
import { ticketDownloadRoute } from '../../compliance/exports/routes.js';
import { ZIP_CONTENT_TYPE } from '../../compliance/exports/records-zip.js';
import { downloadBundle, prepareBundle } from './service.js';

/**
 * Records on request: a ticket for a signed bundle (compliance.export, in the caller's scope),
 * and its zip, fetched by the browser with no session (the one-time ticket is the credential),
 * streamed as it is made.
 */
export async function recordsBundleRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  app.post(
    calls.prepareBundle.route,
    { preHandler: app.requireStaff('compliance.export'), schema: schemas.prepareBundle },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await prepareBundle(deps, request.staff!, request.body)),
  );
  ticketDownloadRoute(
    app,
    calls.bundleDownload.route,
    schemas.bundleDownload,
    async (ticket, clientAddress) => ({
      ...(await downloadBundle(deps, ticket, clientAddress)),
      contentType: ZIP_CONTENT_TYPE,
    }),
  );
}
