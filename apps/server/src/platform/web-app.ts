import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built single-page app: hashed assets cached for a year, pages revalidated (no-cache,
 * ETag), each compressed ahead of time; every other GET or HEAD outside /lms is answered with
 * index.html so the client router can take it (spec §2 route table).
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const root = app.deps.config.webDir;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
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
        res.setHeader('vary', 'accept-encoding');
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
    return reply.sendFile('index.html');
  });
}
