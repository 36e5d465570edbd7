/**
 * What the request log may say about a request (ADR 0009): the method, the address with every
 * credential cut out, and who asked. Session ids, reset tokens, launch ids, player tokens, signed
 * download tokens, calendar-feed keys, certificate codes, old passwords and the email addresses of
 * reset links travel in paths and queries (spec §7 fixes those paths), so the address is redacted
 * before it is written, never after.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Every route with a bearer value in its path, as segments: `*` is a secret segment, `?` any
 * segment that is kept, other segments match literally (any case, percent-decoded). The first
 * route that matches the start of the path decides, so the longer of two routes that share a
 * beginning comes first (documents and library media before the player's /content/{launchId}).
 * A request below a route (a file of a launch, a 404 with a token and a tail) is redacted too.
 */
export const SECRET_ROUTES: readonly string[] = [
  // Session check by id (spec §7).
  '/lms/api/Login/*',
  // Reset links: token and email (the email also alone, when a reset is asked for).
  '/lms/api/PasswordReset/VALIDATE_TOKEN/*/*',
  '/lms/api/PasswordReset/VALIDATE_EMAIL/*',
  '/lms/api/PasswordReset/*/*',
  // Change of password: the old password is the last segment (spec §7).
  '/lms/api/user/?/?/?/PASSWORD/*',
  // A launch id opens its lesson window.
  '/lms/api/studentlaunch/launch/*',
  '/player/*',
  '/player-api/*',
  // Signed download tokens on the content origin (documents: ADR 0017; library media).
  '/content/documents/*',
  '/content/library-media/*',
  // A launch's package files: the launch id is the key.
  '/content/*',
  // A calendar feed's address is its only key (docs/decisions/0014).
  '/lms/calendar-feed/*',
  // A certificate's code shows its holder's name and award (docs/decisions/0011).
  '/verify/*',
  // An inspector link's token opens its population's records, an export ticket a file
  // (docs/decisions/0022).
  '/lms/api/inspect/*',
  '/lms/api/compliance/downloads/*',
  // A records bundle's one-time ticket (modules/records/bundle/).
  '/lms/api/records/downloads/*',
  '/console/inspect/*',
];

const ROUTE_SEGMENTS = SECRET_ROUTES.map((route) => route.split('/').map((s) => s.toLowerCase()));

/**
 * Query parameters whose values are credentials or personal data (certificate page, comments,
 * reset links, the single sign-on answers: ADR 0016).
 */
const SECRET_QUERY =
  /^(sessionid|token|email|password|passwordencoded|code|launchid|key|state|handoff|samlrequest|samlresponse|relaystate|id_token|access_token|refresh_token)$/i;

/**
 * A segment that holds a random credential (a run of 32 or more base64url characters, alone or
 * inside a signed token such as `12.3.1767225600000.<signature>`) or an address: redacted wherever
 * it is, for a route this list does not know yet.
 */
const LOOKS_SECRET = /[A-Za-z0-9_-]{32,}|@|%40/;

/** The segments of `segments` (a path split at '/') that the first matching route marks secret. */
function secretIndexes(segments: readonly string[]): number[] {
  const lowered = segments.map((segment) => safeDecode(segment).toLowerCase());
  for (const route of ROUTE_SEGMENTS) {
    if (route.length > lowered.length + countTrailingWildcards(route)) continue;
    let matches = true;
    const secret: number[] = [];
    for (let index = 0; index < route.length && matches; index += 1) {
      const part = route[index]!;
      if (index >= lowered.length) break;
      if (part === '*') secret.push(index);
      else if (part !== '?' && part !== lowered[index]) matches = false;
    }
    if (matches) return secret;
  }
  return [];
}

/** How many of a route's last segments are wildcards (a shorter path may still match it). */
function countTrailingWildcards(route: readonly string[]): number {
  let count = 0;
  for (
    let index = route.length - 1;
    index >= 0 && (route[index] === '*' || route[index] === '?');
    index -= 1
  ) {
    count += 1;
  }
  return count;
}

/** The request address with every credential replaced by [redacted]. */
export function redactUrl(url: string): string {
  // An absolute-form request target (`GET http://host/path`) keeps its origin; the path is checked.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const queryAt = rest.indexOf('?');
  const pathPart = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const query = queryAt < 0 ? '' : rest.slice(queryAt + 1);
  const segments = pathPart.split('/');
  const secret = new Set(secretIndexes(segments));
  const redactedPath = segments
    .map((segment, index) =>
      (secret.has(index) && segment !== '') || LOOKS_SECRET.test(segment) ? REDACTED : segment,
    )
    .join('/');
  if (!query) return origin + redactedPath;
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
  return `${origin}${redactedPath}?${redactedQuery}`;
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
