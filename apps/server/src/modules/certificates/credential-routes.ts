import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { credentialCalls, Key } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { issuerProfile, keyUrlOf, signedStatusList } from './credential.js';
import { publicKeys, SIGNING_ALGORITHM } from './keys.js';

/**
 * The public side of the Open Badges credentials (docs/decisions/0011), no sign-in: the JWKS of
 * every signing key (retired ones too, so old credentials verify), each key at its own address
 * (the JWT header's kid), the issuer profile of an LMS and its revocation status list.
 */
export async function credentialRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;

  const published = async () =>
    (await publicKeys(deps)).map(({ kid, jwk }) => ({
      ...jwk,
      kid: keyUrlOf(deps.config, kid),
      alg: SIGNING_ALGORITHM,
      use: 'sig',
    }));

  app.get(
    credentialCalls.jwks.route,
    { schema: { summary: 'The public keys that sign Open Badges credentials (JWKS)' } },
    async (_request, reply) =>
      reply.type('application/jwk-set+json').send({ keys: await published() }),
  );

  app.get(
    credentialCalls.key.route,
    {
      schema: {
        summary: 'One public signing key (a JWT header kid)',
        params: Type.Object({ kid: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) }),
      },
    },
    async (request, reply) => {
      const url = keyUrlOf(deps.config, request.params.kid);
      const key = (await published()).find((jwk) => jwk.kid === url);
      if (!key) throw new HttpError(404, 'No such key.');
      return reply.type('application/jwk+json').send(key);
    },
  );

  app.get(
    credentialCalls.issuer.route,
    {
      schema: {
        summary: 'The issuer profile of an LMS (Open Badges 3.0 Profile)',
        params: Type.Object({ lmsKey: Key }),
      },
    },
    async (request, reply) => {
      const profile = await issuerProfile(deps, request.params.lmsKey);
      if (!profile) throw new HttpError(404, 'No such issuer.');
      return reply.type('application/ld+json').send(profile);
    },
  );

  app.get(
    credentialCalls.statusList.route,
    {
      schema: {
        summary: "The LMS's revocation list (W3C Bitstring Status List credential, VC-JWT)",
        params: Type.Object({ lmsKey: Key }),
      },
    },
    async (request, reply) => {
      const list = await signedStatusList(deps, request.params.lmsKey);
      if (!list) throw new HttpError(404, 'No such status list.');
      return reply.type('application/vc+jwt').send(list);
    },
  );
}
