import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  lmsInfoCalls,
  lmsInfoSchemas,
  progressCalls,
  progressSchemas,
} from '@waypoint/domain/contract';
import { presentLmsInfo, presentSupportInfo } from './presenter.js';
import { resolveLms } from './resolver.js';
import { appDownloadLinks, studentParameters } from './service.js';

/** Public LMS data (no session) and the student parameters (spec §3, §7). */
export async function lmsInfoRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;

  app.get(lmsInfoCalls.lmsInfo.route, { schema: lmsInfoSchemas.lmsInfo }, async (request) =>
    presentLmsInfo(await resolveLms(request)),
  );

  app.get(lmsInfoCalls.supportInfo.route, { schema: lmsInfoSchemas.supportInfo }, async (request) =>
    presentSupportInfo(await resolveLms(request)),
  );

  app.get(
    lmsInfoCalls.appDownloadLinks.route,
    { schema: lmsInfoSchemas.appDownloadLinks },
    async (request) => appDownloadLinks(deps, (await resolveLms(request)).lmsKey),
  );

  app.get(
    progressCalls.studentParameters.route,
    {
      // Before validation, so a key that is not the session's own is 403 whatever its shape:
      // the caller learns nothing about other users (§6).
      preValidation: app.requireStudentSession,
      schema: progressSchemas.studentParameters,
    },
    async (request) => studentParameters(deps, request.session!.lmsKey),
  );
}
