import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { playerCalls, playerSchemas } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { contentStorageOn } from '../content/storage.js';
import { commit, configureGroupCommit } from './commits.js';
import { sendContentFile } from './content-files.js';
import { playerState } from './get-state.js';
import { heartbeat } from './heartbeat.js';
import { navigate } from './navigate.js';

/**
 * The lesson player on the content origin (docs/decisions/0007): the player page, the package
 * files and the player's API (routes and schemas from the contract's player module).
 * platform/content-origin.ts keeps these off the panel's host.
 */

export const PLAYER_CSP = [
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

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(header) : null;
  if (!match) {
    throw new HttpError(401, 'This lesson window is no longer valid. Launch the lesson again.');
  }
  return match[1]!;
}

/** The player page, the package files and the player API, on the content origin. */
export async function playerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;
  const { db, clock, config } = deps;
  const sessionIdleMs = config.sessionIdleMinutes * 60_000;
  const storage = contentStorageOn(app.deps.storage);
  const playerPage = path.join(config.webDir, 'player.html');
  // PGlite runs one transaction at a time; PostgreSQL takes two batches at once, leaving the rest
  // of the pool to the panel's requests (ADR 0007, Group commit).
  configureGroupCommit(deps, {
    concurrency: config.databaseUrl ? Math.max(1, Math.min(2, config.databasePoolSize - 1)) : 1,
  });

  app.get(playerCalls.page.route, { schema: playerSchemas.page }, async (_request, reply) => {
    reply
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
    // Through the web app's static files: no-cache with an ETag, compressed ahead of time.
    return reply.sendFile('player.html', config.webDir);
  });

  app.get<{ Params: { launchId: string; '*': string } }>(
    '/content/:launchId/*',
    { schema: { hide: true } },
    (request, reply) =>
      sendContentFile(request, reply, {
        db,
        state: deps.state,
        storage,
        nowMs: clock.now().getTime(),
        sessionIdleMs,
      }),
  );

  app.get(playerCalls.state.route, { schema: playerSchemas.state }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return playerState(deps, {
      launchId: request.params.launchId,
      token: bearer(request),
      now: clock.now(),
      sessionIdleMs,
      publicUrl: config.publicUrl,
    });
  });

  app.post(
    playerCalls.commit.route,
    // Beacons send at most 64 KB; ordinary commits may carry more (long suspend data).
    { schema: playerSchemas.commit, bodyLimit: 256 * 1024 },
    async (request) =>
      commit(deps, request.params.launchId, request.body, clock.now(), sessionIdleMs),
  );

  app.post(playerCalls.heartbeat.route, { schema: playerSchemas.heartbeat }, async (request) =>
    heartbeat(deps, request.params.launchId, request.body.token, clock.now(), sessionIdleMs),
  );

  app.post(playerCalls.navigate.route, { schema: playerSchemas.navigate }, async (request) =>
    navigate(deps, {
      launchId: request.params.launchId,
      token: request.body.token,
      lessonKey: request.body.lessonKey,
      now: clock.now(),
      sessionIdleMs,
      request: request.body.request,
    }),
  );
}
