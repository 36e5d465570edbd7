import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getDomain } from 'tldts';
import type { Config } from '../config.js';

/**
 * Lessons run on their own origin: a package's scripts then cannot read the
 * panel's cookies (sessionID, XSRF-TOKEN) nor call the panel's API with them. That origin answers
 * only the player, its assets, package files and the player API; the panel's host answers none of
 * those. Decision record: docs/decisions/0007-lesson-player.md.
 */
// '/content-sw.js': the content origin's service worker, which keeps lessons offline (ADR 0024).
export const CONTENT_PATH_PREFIXES = [
  '/player/',
  '/content/',
  '/player-api/',
  '/assets/',
  '/content-sw.js',
] as const;
const OPERATOR_PREFIX = '/lms/operator/';
const CONTENT_ONLY_PREFIXES = ['/player/', '/content/', '/player-api/', '/content-sw.js'] as const;

// Without CONTENT_ORIGIN, a local panel uses the other loopback name: a different host, so the
// browser keeps separate cookies, yet it needs no DNS or certificate set-up.
const LOOPBACK_SWAP: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

interface WorkedOut {
  contentOrigin: string | null;
  publicUrl: string;
  origin: string | null;
  host: string;
}

/**
 * Every request asks (the origin check, the security headers): the origin is worked out once per
 * pair of settings, which tests and the benchmarks change after the app is built. One per
 * instance (instance-state.ts).
 */
export interface ContentOriginMemo {
  last: WorkedOut;
}

/** An instance's memory of the content origin, empty. */
export function createContentOriginMemo(): ContentOriginMemo {
  return { last: { contentOrigin: null, publicUrl: '', origin: null, host: '' } };
}

/** What the origin needs: the settings, and the instance's memory of the last answer. */
export interface OriginDeps {
  config: Pick<Config, 'contentOrigin' | 'publicUrl'>;
  state: { contentOrigin: ContentOriginMemo };
}

/** The content origin, e.g. 'http://127.0.0.1:8080'; null when none can be derived. */
export function contentOriginOf(deps: OriginDeps): string | null {
  return originFor(deps).origin;
}

function originFor(deps: OriginDeps): WorkedOut {
  const { config } = deps;
  const memo = deps.state.contentOrigin;
  if (
    memo.last.contentOrigin === config.contentOrigin &&
    memo.last.publicUrl === config.publicUrl
  ) {
    return memo.last;
  }
  let origin: string | null = config.contentOrigin;
  if (!origin) {
    const panel = new URL(config.publicUrl);
    const swapped = LOOPBACK_SWAP[panel.hostname];
    if (swapped) {
      panel.hostname = swapped;
      origin = panel.origin;
    }
  }
  const host = origin ? new URL(origin).hostname.toLowerCase() : '';
  memo.last = { contentOrigin: config.contentOrigin, publicUrl: config.publicUrl, origin, host };
  return memo.last;
}

/** A URL's site (scheme and registrable domain, public suffixes as browsers read them). */
function siteOf(url: string): string {
  const { protocol, hostname } = new URL(url);
  // An IP address or a name without a registrable domain (localhost) is its own site.
  return `${protocol}//${getDomain(hostname, { allowPrivateDomains: true }) ?? hostname}`;
}

/**
 * Whether the content origin is same-site with the panel (two names under one registrable domain,
 * as a second DNS name for the same server is). Lessons offline need it (ADR 0024): browsers
 * partition, or refuse, the storage of a cross-site frame, so the panel's offline frame and the
 * lesson window would not share the lessons kept on the device.
 */
export function contentOriginSameSite(deps: OriginDeps): boolean {
  const { origin } = originFor(deps);
  return origin !== null && siteOf(origin) === siteOf(deps.config.publicUrl);
}

const hostnameOf = (host: string | undefined): string =>
  (host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();

/** Whether a request came to the content origin's host. */
export function isContentRequest(request: FastifyRequest, deps: OriginDeps): boolean {
  const { origin, host } = originFor(deps);
  if (!origin) return false;
  return hostnameOf(request.headers.host) === host;
}

/** Keeps the two origins apart: content paths only on the content host, the panel only elsewhere. */
export function registerContentOriginSeparation(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const { config } = app.deps;
    const path = request.url.split('?')[0] ?? '/';
    if (isContentRequest(request, app.deps)) {
      if (CONTENT_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
      // The operator CLI may reach this machine by its loopback address; that API needs its token.
      if (path.startsWith(OPERATOR_PREFIX)) return;
      // The panel itself lives at PUBLIC_URL; someone who typed the content address gets there.
      if (request.method === 'GET') return reply.redirect(`${config.publicUrl}${request.url}`, 302);
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: 'This address serves lesson content only.',
      });
    }
    if (CONTENT_ONLY_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: 'Lesson content is served from the content address only.',
      });
    }
  });
}
