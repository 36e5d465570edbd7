import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { lmsForRequest, type LmsRow } from './service.js';

export const UNKNOWN_LMS_MESSAGE = 'Unknown training provider.';

/** The `lms` code a request names (query `lms`, else header X-LMS-Code), or null. */
function requestedCode(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query && typeof query.lms === 'string' ? query.lms : undefined;
  const fromHeader = request.headers['x-lms-code'];
  const code = fromQuery ?? (typeof fromHeader === 'string' ? fromHeader : undefined);
  return code === undefined || code === '' ? null : code;
}

/**
 * The LMS (training provider) a request without a session is for: the `lms` code (query or
 * X-LMS-Code header) when given, else the LMS listing the request's host name, else the default
 * LMS. 404 'Unknown training provider.' when none matches.
 */
export async function resolveLms(request: FastifyRequest): Promise<LmsRow> {
  const lms = await lmsForRequest(request.server.deps, {
    code: requestedCode(request),
    hostName: request.hostname,
  });
  if (!lms) throw new HttpError(404, UNKNOWN_LMS_MESSAGE);
  return lms;
}
