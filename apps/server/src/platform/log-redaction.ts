/**
 * What the request log may say about a request (ADR 0009): the method, the address with every
 * credential cut out, and who asked. Session ids, reset tokens, launch ids, player tokens, old
 * passwords and the email addresses of reset links travel in paths and queries (spec §7 fixes
 * those paths), so the address is redacted before it is written, never after.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

// Each pattern keeps its first group and redacts the segments after it.
const SECRET_SEGMENTS: readonly RegExp[] = [
  /^(\/lms\/api\/Login\/)[^/?#]+/i,
  /^(\/lms\/api\/PasswordReset\/VALIDATE_TOKEN\/)[^/?#]+\/[^/?#]+/i,
  /^(\/lms\/api\/PasswordReset\/VALIDATE_EMAIL\/)[^/?#]+/i,
  /^(\/lms\/api\/PasswordReset\/)(?!VALIDATE_)[^/?#]+\/[^/?#]+/i,
  /^(\/lms\/api\/user\/[^/?#]*\/[^/?#]*\/[^/?#]*\/PASSWORD\/)[^/?#]+/i,
  /^(\/lms\/api\/studentlaunch\/launch\/)[^/?#]+/i,
  /^(\/(?:player|player-api|content)\/)[^/?#]+/i,
  // A calendar feed's address is its only key (docs/decisions/0014).
  /^(\/lms\/calendar-feed\/)[^/?#]+/i,
];

/** Query parameters whose values are credentials or personal data (certificate, comments, reset links). */
const SECRET_QUERY = /^(sessionid|token|email|password|passwordencoded|code|launchid|key)$/i;

/** A segment that looks like a random credential or holds an address: redacted wherever it is. */
const LOOKS_SECRET = /^[A-Za-z0-9_-]{32,}$|@|%40/;

/** The request address with every credential replaced by [redacted]. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathPart = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
  for (const pattern of SECRET_SEGMENTS) {
    pathPart = pathPart.replace(pattern, (match, kept: string) => {
      const redactedCount = match.slice(kept.length).split('/').length;
      return kept + Array.from({ length: redactedCount }, () => REDACTED).join('/');
    });
  }
  pathPart = pathPart
    .split('/')
    .map((segment) => (LOOKS_SECRET.test(segment) ? REDACTED : segment))
    .join('/');
  if (!query) return pathPart;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=');
      if (value === undefined) return pair;
      return SECRET_QUERY.test(safeDecode(name)) || LOOKS_SECRET.test(value)
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${pathPart}?${redactedQuery}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** pino's serializer for `req`: no headers at all (they carry passwords and session ids). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
