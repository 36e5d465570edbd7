import type { FastifyError, FastifyInstance } from 'fastify';

/** Error bodies in one shape, {statusCode, error, message}; internals never leak to the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'An internal error occurred.',
      });
    }
    if (error.validation) {
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: `Invalid request: ${error.message}`,
      });
    }
    return reply.status(status).send({
      statusCode: status,
      error: error.name === 'FastifyError' ? 'Bad Request' : error.name,
      message: error.message,
    });
  });
}
