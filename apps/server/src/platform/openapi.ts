import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

/**
 * The OpenAPI document, generated from the route schemas (design brief: one declaration gives
 * validation, serialisation and documentation). Served at GET /lms/api/openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Waypoint student panel API',
        description:
          'The calls of the student panel (spec §7) plus the paths Waypoint chose where the spec shows none.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          sessionID: { type: 'apiKey', in: 'header', name: 'sessionID' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
  });
  app.get('/lms/api/openapi.json', { schema: { hide: true } }, async () =>
    openApiDocument(app, 'public'),
  );
}

const OPERATOR_PREFIX = '/lms/operator/';

/**
 * The OpenAPI document, split in two: the public part (the panel's calls, the player, /now) for
 * anyone, and the operator API's part only to a caller with the operator token (ADR 0009): its
 * routes are no business of a student's, and listing them tells an attacker where to aim.
 */
export function openApiDocument(app: FastifyInstance, part: 'public' | 'operator') {
  const document = app.swagger() as { paths?: Record<string, unknown> };
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(
      ([route]) => route.startsWith(OPERATOR_PREFIX) === (part === 'operator'),
    ),
  );
  return { ...document, paths };
}
