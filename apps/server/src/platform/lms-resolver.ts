import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { LmsTable } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { findLmsByCode, findLmsByHostOrDefault } from './session-repo.js';

export type LmsRow = Selectable<LmsTable>;

export const UNKNOWN_LMS_MESSAGE = 'Unknown training provider.';

const LMS_CODE = /^[a-z0-9][a-z0-9-]{0,62}$/i;

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
  const { db } = request.server.deps;
  const code = requestedCode(request);
  const lms =
    code === null
      ? await findLmsByHostOrDefault(db, request.hostname.slice(0, 255))
      : LMS_CODE.test(code)
        ? await findLmsByCode(db, code)
        : undefined;
  if (!lms) throw new HttpError(404, UNKNOWN_LMS_MESSAGE);
  return lms;
}
