import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The comments page (§2 route table: `{product}_comments`, any sub-path returns to it) is the
 * panel's index.html like every page, but its address holds a session id (query sessionID), so it
 * is answered with Referrer-Policy: no-referrer: the id never leaves in a Referer header.
 */
export const COMMENTS_PAGE_PATH = '/waypoint_comments';

export async function commentPageRoutes(app: FastifyInstance): Promise<void> {
  const { webDir } = app.deps.config;
  const page = (reply: FastifyReply) => {
    reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
    if (!existsSync(path.join(webDir, 'index.html'))) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built: run npm run build.');
    }
    return reply.sendFile('index.html', webDir);
  };
  app.get(COMMENTS_PAGE_PATH, { schema: { hide: true } }, (_request, reply) => page(reply));
  app.get(`${COMMENTS_PAGE_PATH}/*`, { schema: { hide: true } }, (_request, reply) => page(reply));
}
