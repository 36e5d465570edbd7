import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Where the build writes the signed-in pages (apps/web/build/signed-in-pages.ts). */
const SIGNED_IN_PAGES_DIR = 'signed-in';

export interface WebAppOptions {
  /**
   * Whether the request comes from a browser with a session. Only a hint for which page to send
   * (ADR 0012): every page is public, and the panel's guard decides what it shows.
   */
  hasSession(request: FastifyRequest): boolean;
}

/**
 * The signed-in pages the build wrote, by address: '/dashboard' → 'signed-in/dashboard.html'.
 * Read once at start-up, so a request's path is only ever looked up, never joined to a file path.
 */
function findSignedInPages(root: string): Map<string, string> {
  const folder = path.join(root, SIGNED_IN_PAGES_DIR);
  if (!existsSync(folder)) return new Map();
  return new Map(
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .map((file) => {
        const address = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`;
        return [address.toLowerCase(), path.join(SIGNED_IN_PAGES_DIR, file)];
      }),
  );
}

/** The address as the client router matches it: its signed-in routes ignore case and a final '/'. */
const routeKey = (url: string) => url.toLowerCase().replace(/(.)\/+$/, '$1');

/**
 * Serves the built single-page app: hashed assets cached for a year, pages revalidated (no-cache,
 * ETag), each compressed ahead of time; every other GET or HEAD outside /lms is answered with
 * index.html so the client router can take it (spec §2 route table), or, to a browser with a
 * session, with the address's signed-in page, which preloads the chunks it renders (ADR 0012).
 */
export async function registerWebApp(
  app: FastifyInstance,
  { hasSession }: WebAppOptions,
): Promise<void> {
  const root = app.deps.config.webDir;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  const signedInPages = built ? findSignedInPages(root) : new Map<string, string>();
  const panelPage = (file: string) => file === 'index.html' || file.startsWith(SIGNED_IN_PAGES_DIR);
  if (!built)
    app.log.warn(`The web app is not built (${indexFile} is missing); only the API is served.`);
  else
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each text asset (ADR 0012): the best one the
      // request accepts is sent, with its own ETag.
      preCompressed: true,
      // Off, or send's own 'public, max-age=0' would replace ours below.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The path is that of the copy sent (index.html.br): the page is what it is a copy of.
        const relative = path.relative(root, filePath).replace(/\.(br|gz)$/, '');
        // Which panel page is sent depends on the session cookie as well.
        res.setHeader('vary', panelPage(relative) ? 'accept-encoding, cookie' : 'accept-encoding');
      },
    });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!built || !read || url.startsWith('/lms/') || path.extname(url) !== '') {
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `No route for ${request.method} ${url}`,
      });
    }
    const signedInPage = hasSession(request) ? signedInPages.get(routeKey(url)) : undefined;
    return reply.sendFile(signedInPage ?? 'index.html');
  });
}
