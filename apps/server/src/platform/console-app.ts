import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where the staff console is served (its Vite base, apps/console/vite.config.ts). */
export const CONSOLE_PREFIX = '/console';

/**
 * Serves the built staff console (apps/console/dist) at /console/ with the panel's delivery rules
 * (ADR 0012): hashed assets cached for a year, the page revalidated (no-cache, ETag), each sent as
 * the brotli or gzip copy the build made; every other GET or HEAD below /console/ is answered with
 * the console's index.html so its router takes the address, and /console itself goes to /console/.
 * Registered before the panel (platform/web-app.ts), in a scope of its own: its page and 404s are
 * the console's, everything else stays the panel's.
 */
export async function registerConsoleApp(app: FastifyInstance): Promise<void> {
  const root = app.deps.config.consoleDir;
  const built = existsSync(path.join(root, 'index.html'));
  if (!built)
    app.log.warn(
      `The staff console is not built (${path.join(root, 'index.html')} is missing); /console is not served.`,
    );
  app.get(CONSOLE_PREFIX, { schema: { hide: true } }, (request, reply) => {
    const query = request.url.slice(CONSOLE_PREFIX.length);
    return reply.redirect(`${CONSOLE_PREFIX}/${query}`, 301);
  });
  await app.register(
    async (scope) => {
      if (built)
        await scope.register(fastifyStatic, {
          root,
          prefix: '/',
          wildcard: false,
          index: false,
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
            res.setHeader('vary', 'accept-encoding');
          },
        });
      scope.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0] ?? '/';
        const read = request.method === 'GET' || request.method === 'HEAD';
        if (!built || !read || path.extname(url) !== '') {
          return reply.status(404).send({
            statusCode: 404,
            error: 'Not Found',
            message: `No route for ${request.method} ${url}`,
          });
        }
        return reply.sendFile('index.html');
      });
    },
    { prefix: CONSOLE_PREFIX },
  );
}
