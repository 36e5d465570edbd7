import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { localContentStorage } from '../content/storage.js';
import { sendContentFile } from './content-files.js';
import { commit, heartbeat, navigate, playerState } from './service.js';

/**
 * The lesson player on the content origin (issue 5 items 2, 4, 5; docs/decisions/0007): the player
 * page, the package files and the player's API. platform/content-origin.ts keeps these off the
 * panel's host.
 */

const PLAYER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

const launchIdParams = Type.Object({ launchId: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });
const token = Type.String({ minLength: 1, maxLength: 100 });
// Values are SCORM strings; 2004 suspend data alone may hold 64,000 characters.
const cmiValues = Type.Record(Type.String({ maxLength: 255 }), Type.String({ maxLength: 70_000 }));
const commitBody = Type.Object({
  token,
  seq: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  final: Type.Boolean(),
  cmi: cmiValues,
});
const heartbeatBody = Type.Object({ token });
const navigateBody = Type.Object({
  token,
  lessonKey: Type.Integer({ minimum: 0, maximum: 2147483647 }),
});

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(header) : null;
  if (!match) {
    throw new HttpError(401, 'This lesson window is no longer valid. Launch the lesson again.');
  }
  return match[1]!;
}

export async function playerRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock, config } = app.deps;
  const storage = localContentStorage(config);
  const playerPage = path.join(config.webDir, 'player.html');

  app.get<{ Params: Static<typeof launchIdParams> }>(
    '/player/:launchId',
    { schema: { params: launchIdParams, hide: true } },
    async (_request, reply) => {
      reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', PLAYER_CSP)
        .header('referrer-policy', 'no-referrer')
        // The panel keeps a handle on this window to notice when it closes; the player itself
        // drops window.opener so no package can navigate the panel's tab.
        .header('cross-origin-opener-policy', 'unsafe-none');
      if (!existsSync(playerPage)) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The lesson player is not built: run npm run build.');
      }
      return reply.type('text/html; charset=utf-8').send(createReadStream(playerPage));
    },
  );

  app.get<{ Params: { launchId: string; '*': string } }>(
    '/content/:launchId/*',
    { schema: { hide: true } },
    (request, reply) =>
      sendContentFile(request, reply, { db, storage, nowMs: clock.now().getTime() }),
  );

  app.get<{ Params: Static<typeof launchIdParams> }>(
    '/player-api/:launchId/state',
    { schema: { params: launchIdParams, hide: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return playerState(db, request.params.launchId, bearer(request), clock.now());
    },
  );

  app.post<{ Params: Static<typeof launchIdParams>; Body: Static<typeof commitBody> }>(
    '/player-api/:launchId/commit',
    // Beacons send at most 64 KB; ordinary commits may carry more (long suspend data).
    { schema: { params: launchIdParams, body: commitBody, hide: true }, bodyLimit: 256 * 1024 },
    async (request) => commit(db, request.params.launchId, request.body, clock.now()),
  );

  app.post<{ Params: Static<typeof launchIdParams>; Body: Static<typeof heartbeatBody> }>(
    '/player-api/:launchId/heartbeat',
    { schema: { params: launchIdParams, body: heartbeatBody, hide: true } },
    async (request) =>
      heartbeat(
        db,
        request.params.launchId,
        request.body.token,
        clock.now(),
        config.sessionIdleMinutes * 60_000,
      ),
  );

  app.post<{ Params: Static<typeof launchIdParams>; Body: Static<typeof navigateBody> }>(
    '/player-api/:launchId/navigate',
    { schema: { params: launchIdParams, body: navigateBody, hide: true } },
    async (request) =>
      navigate(
        db,
        request.params.launchId,
        request.body.token,
        request.body.lessonKey,
        clock.now(),
      ),
  );
}
