import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { certificateCalls, certificateSchemas } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { FORBIDDEN_MESSAGE } from '../sessions/guard.js';
import { credentialRoutes } from './credential-routes.js';
import { signedCredential } from './credential.js';
import { certificatePdf } from './pdf.js';
import {
  certificateAsset,
  certificateSettings,
  certificateData,
  issuedCertificateData,
} from './service.js';
import { ensureSigningKey } from './keys.js';

/**
 * The certificate calls of §7 (docs/decisions/0011). The guard makes every {lmsKey}/{userKey}
 * the session's own (403 otherwise); the service answers 404 for any other key that is not the
 * student's complete curriculum or course. The public credential routes (JWKS, issuer profile,
 * status list) are registered by credential-routes.ts; the verification page and the theme files
 * live outside /lms (public-routes.ts).
 */
export async function certificateRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;
  // The signing key is made on first start, not in the middle of a student's download.
  app.addHook('onReady', async () => {
    await ensureSigningKey(deps);
  });

  const session = (request: FastifyRequest) => request.session!;

  app.get(
    certificateCalls.settings.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.settings },
    async (request) => certificateSettings(deps, request.params.lmsKey),
  );

  app.get(
    certificateCalls.curriculum.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.curriculum },
    async (request) => (await certificateData(deps, request.params)).data,
  );

  app.get(
    certificateCalls.course.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.course },
    async (request) => (await certificateData(deps, request.params)).data,
  );

  app.get(
    certificateCalls.byAssignment.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.byAssignment },
    async (request) => (await certificateData(deps, request.params)).data,
  );

  app.post(
    certificateCalls.details.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.details },
    async (request) => {
      // The keys travel in the body here, so the guard's path check cannot see them.
      const { lmsKey, userKey } = session(request);
      if (request.body.lmsKey !== lmsKey || request.body.userKey !== userKey) {
        throw new HttpError(403, FORBIDDEN_MESSAGE);
      }
      return (await certificateData(deps, request.body)).data;
    },
  );

  app.get(
    certificateCalls.asset.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.asset },
    async (request, reply) => {
      const asset = await certificateAsset(deps, request.params.lmsKey, request.params.name);
      return reply
        .type(asset.mediaType)
        .header('cache-control', 'private, max-age=300')
        .send(asset.data);
    },
  );

  app.get(
    certificateCalls.pdf.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.pdf },
    async (request, reply) => {
      const { data } = await issuedCertificateData(
        deps,
        request.params,
        request.params.certificateId,
      );
      const pdf = await certificatePdf(deps, data);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="certificate-${data.certificateId}.pdf"`,
        )
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    certificateCalls.credential.route,
    { preHandler: app.requireStudentSession, schema: certificateSchemas.credential },
    async (request, reply) => {
      const { data, issued } = await issuedCertificateData(
        deps,
        request.params,
        request.params.certificateId,
      );
      const jwt = await signedCredential(deps, issued, data.scoreText);
      return reply
        .type('application/vc+jwt')
        .header('content-disposition', `attachment; filename="certificate-${issued.publicId}.jwt"`)
        .send(jwt);
    },
  );

  await app.register(credentialRoutes);
}
