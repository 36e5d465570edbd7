import type { FastifyError, FastifyInstance } from 'fastify';

// PostgreSQL's "data exception" class (22xxx): a value the database cannot take (NUL in text, a
// number out of range, a malformed date). The schemas should refuse these first (ADR 0009); if one
// slips through, the client still gets a 400 that says so, and the log a warning to fix the schema.
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && DATA_EXCEPTION.test(code);
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A validation failure in words a client developer can act on (no regular expressions). */
function validationMessage(error: FastifyError): string {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0];
  if (issue?.keyword === 'pattern') {
    const where = `${error.validationContext ?? 'request'}${issue.instancePath || ''}`;
    return `Invalid request: ${where} holds characters that are not allowed (control characters, or an unexpected format).`;
  }
  return `Invalid request: ${error.message}`;
}

/** Error bodies in one shape, {statusCode, error, message}; internals never leak to the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'a value reached the database that a schema should refuse');
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid request: a value in it cannot be stored.',
      });
    }
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
        message: validationMessage(error),
      });
    }
    return reply.status(status).send({
      statusCode: status,
      error: error.name === 'FastifyError' ? 'Bad Request' : error.name,
      message: error.message,
    });
  });
}
