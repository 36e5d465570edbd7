import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies: the panel sends a JSON content type on every request (spec §7), including POSTs
 * with no body (Login, prelaunch), which Fastify's own parser refuses. An empty body is accepted
 * as "no body"; anything else must be valid JSON (400 with a clear message otherwise).
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // A scan to the first non-space character, not a trimmed copy of every body.
    if (!/\S/.test(text)) return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      const error = new Error('The request body is not valid JSON.') as Error & {
        statusCode: number;
      };
      error.statusCode = 400;
      error.name = 'Bad Request';
      done(error, undefined);
    }
  });
}
