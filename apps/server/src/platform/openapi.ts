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
  app.get('/lms/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
