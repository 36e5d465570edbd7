import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Type } from 'typebox';

/** The inspector's page in the console app; its address holds the link's token. */
export const INSPECTION_PAGE_ROUTE = '/console/inspect/:token';

/**
 * The inspector's page (docs/decisions/0022) is the console's index.html like every console
 * page, but its address is the credential: it is answered with Referrer-Policy: no-referrer (the
 * token never leaves in a Referer header) and Cache-Control: no-store. Registered at the root,
 * beside the console's own delivery (platform/console-app.ts), which answers every other page.
 */
export async function inspectionPageRoutes(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(app.deps.config.consoleDir, 'index.html');
  app.get(
    INSPECTION_PAGE_ROUTE,
    { schema: { hide: true, params: Type.Object({ token: Type.String({ maxLength: 200 }) }) } },
    async (_request, reply) => {
      reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      const page = await readFile(indexFile).catch(() => null);
      if (!page) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The staff console is not built: run npm run build.');
      }
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
}
