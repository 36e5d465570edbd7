import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  offlineCalls,
  offlineContentCalls,
  offlineContentSchemas,
  offlineSchemas,
} from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { contentOriginOf, contentOriginSameSite } from '../../platform/content-origin.js';
import { sendObject } from '../../platform/object-storage/http.js';
import { contentStorageOn } from '../content/storage.js';
import { PLAYER_CSP } from '../player/routes.js';
import { grantOffline, listOffline, removeOffline } from './grants.js';
import { authorizeGrant, INVALID_GRANT, offlinePackage } from './package.js';
import { syncOffline } from './sync.js';

/**
 * Lessons offline (ADR 0024). The panel's calls (session and XSRF, {lmsKey}/{userKey} checked by
 * the student guard): make a lesson available, list, remove.
 */
export async function offlineRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  const { clock } = deps;

  app.get(
    offlineCalls.grants.route,
    { preHandler: app.requireStudentSession, schema: offlineSchemas.grants },
    async (request) => listOffline(deps, request.params.userKey, clock.now()),
  );

  app.post(
    offlineCalls.grant.route,
    { preHandler: app.requireStudentSession, schema: offlineSchemas.grant },
    async (request) => {
      const session = request.session!;
      return grantOffline(
        deps,
        { userKey: session.userKey, lmsKey: session.lmsKey, sessionHash: session.sessionHash },
        request.body,
        clock.now(),
        { contentOrigin: contentOriginOf(deps), sameSite: contentOriginSameSite(deps) },
      );
    },
  );

  app.delete(
    offlineCalls.remove.route,
    { preHandler: app.requireStudentSession, schema: offlineSchemas.remove },
    async (request) =>
      removeOffline(deps, request.params.userKey, request.params.grantId, clock.now()),
  );
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(header) : null;
  if (!match) throw new HttpError(401, INVALID_GRANT);
  return match[1]!;
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such file.' });

/**
 * The content origin's side: the bridge page that stores lessons on the device (framed by the
 * panel only), the player page for a stored lesson, the package, its files and the sync.
 */
export async function offlineContentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  const { config, clock } = deps;
  const storage = contentStorageOn(deps.storage);
  const sessionIdleMs = config.sessionIdleMinutes * 60_000;
  const panelOrigin = new URL(config.publicUrl).origin;
  let bridgePage: string | null = null;

  app.get(
    offlineContentCalls.page.route,
    { schema: offlineContentSchemas.page },
    async (_r, reply) => {
      const file = path.join(config.webDir, 'offline.html');
      if (!existsSync(file)) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The offline page is not built: run npm run build.');
      }
      // The bridge answers the panel's origin only: the page names it (no inline script allowed).
      bridgePage ??= (await readFile(file, 'utf8')).replace(
        '</head>',
        `<meta name="waypoint-panel-origin" content="${panelOrigin}"></head>`,
      );
      return reply
        .header(
          'content-security-policy',
          PLAYER_CSP.replace("frame-ancestors 'none'", `frame-ancestors ${panelOrigin}`),
        )
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(bridgePage);
    },
  );

  // A stored lesson plays in the player page; the content service worker answers it offline.
  app.get('/player/offline/play', { schema: { hide: true } }, async (_request, reply) => {
    reply
      .header('content-security-policy', PLAYER_CSP)
      .header('referrer-policy', 'no-referrer')
      .header('cross-origin-opener-policy', 'unsafe-none');
    if (!existsSync(path.join(config.webDir, 'player.html'))) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The lesson player is not built: run npm run build.');
    }
    return reply.sendFile('player.html', config.webDir);
  });

  app.get(
    offlineContentCalls.package.route,
    { schema: offlineContentSchemas.package },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return offlinePackage(deps, storage, request.params.grantId, bearer(request), clock.now());
    },
  );

  app.get<{ Params: { grantId: string; '*': string } }>(
    '/content/offline/:grantId/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const grant = await authorizeGrant(
        deps,
        request.params.grantId,
        bearer(request),
        clock.now(),
        'package',
      );
      if (new URL(grant.contentOrigin).host !== request.headers.host) return notFound(reply);
      let key: string;
      try {
        key = storage.fileKey(grant.storageFolder, request.params['*']);
      } catch {
        return notFound(reply);
      }
      // The device keeps the file in its own cache; the browser's HTTP cache does not.
      reply.header('cache-control', 'no-store');
      if (!(await sendObject(request, reply, storage.objects, key))) {
        reply.removeHeader('cache-control');
        return notFound(reply);
      }
      return reply;
    },
  );

  app.post(
    offlineContentCalls.sync.route,
    // 20 openings of 200 commits: a long suspend data each would pass 256 KB.
    { schema: offlineContentSchemas.sync, bodyLimit: 4 * 1024 * 1024 },
    async (request) =>
      syncOffline(deps, request.params.grantId, request.body, clock.now(), sessionIdleMs),
  );
}
