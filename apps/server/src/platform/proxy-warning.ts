import type { FastifyInstance } from 'fastify';

/**
 * Says once, in the log, when requests carry X-Forwarded-For but TRUST_PROXY names no proxy:
 * behind a reverse proxy every student then shares the proxy's address, and the per-address
 * limits of sign-in (ADR 0009) would throttle them all together.
 */
export function registerProxyWarning(app: FastifyInstance): void {
  if (app.deps.config.trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      'Requests arrive with X-Forwarded-For but TRUST_PROXY is not set: every client counts as ' +
        `${request.ip} for the per-address limits. Set TRUST_PROXY to the proxy's address (README, Security).`,
    );
  });
}
