import { STATUS_CODES } from 'node:http';

/** An error with an HTTP status; platform/errors.ts turns it into {statusCode, error, message}. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = STATUS_CODES[statusCode] ?? 'Error';
  }
}

/** Shorthand: `throw httpError(404, 'This link has expired.')`. */
export function httpError(statusCode: number, message: string): HttpError {
  return new HttpError(statusCode, message);
}
