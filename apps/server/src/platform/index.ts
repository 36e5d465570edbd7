import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { registerSecurityHeaders } from './security-headers.js';
import { registerContentOriginSeparation } from './content-origin.js';
import { registerErrorHandling } from './errors.js';
import { registerFiniteNumbers } from './finite-numbers.js';
import { registerJsonBody } from './json-body.js';
import { registerOpenApi } from './openapi.js';
import { registerProxyWarning } from './proxy-warning.js';

/** Cross-cutting plumbing every route relies on: cookies, form bodies, security headers, errors, OpenAPI. */
export async function registerPlatform(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  // Launch and library-launch are classic form posts (spec §7).
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  registerSecurityHeaders(app);
  registerProxyWarning(app);
  registerContentOriginSeparation(app);
  registerErrorHandling(app);
  registerFiniteNumbers(app);
  registerJsonBody(app);
  await registerOpenApi(app);
}
