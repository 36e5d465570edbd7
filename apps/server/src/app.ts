import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppDeps } from './app-deps.js';
import { createInstanceState, type InstanceState } from './instance-state.js';
import { systemClock } from './lib/clock.js';
import { registerPlatform } from './platform/index.js';
import { AREAS } from './modules/areas.js';
import { registerAreaRoutes } from './modules/feature-area.js';
import { registerSessions } from './modules/sessions/guard.js';
import { registerStaffGuard } from './modules/staff/guard.js';
import { hasSessionCookie } from './modules/sessions/cookies.js';
import { registerWebApp } from './platform/web-app.js';
import { registerConsoleApp } from './platform/console-app.js';
import { registerHealth } from './platform/health.js';
import { registerMetrics } from './platform/metrics.js';
import { openObjectStorage } from './platform/object-storage/index.js';
import { serializeRequest } from './platform/log-redaction.js';

export type { AppDeps } from './app-deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What buildApp was given, with defaults, and the instance's own memory (instance-state.ts). */
    deps: Required<AppDeps> & { state: InstanceState };
  }
}

/** Builds the whole Waypoint server as one Fastify instance (used by main.ts and by the tests). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const full: Required<AppDeps> = {
    clock: systemClock,
    operatorToken: null,
    logStream: null,
    poolStats: null,
    ...deps,
    // Opened once per instance and passed in (ADR 0020): nothing else derives it from the config.
    storage: deps.storage ?? openObjectStorage(deps.config),
  };
  const app = Fastify({
    logger:
      full.config.logLevel === 'silent'
        ? false
        : {
            level: full.config.logLevel,
            // Credentials travel in paths, queries and headers: ADR 0009, platform/log-redaction.ts.
            serializers: { req: serializeRequest },
            ...(full.logStream ? { stream: full.logStream } : {}),
          },
    trustProxy: full.config.trustProxy,
    // Path parameters are keys and encoded values; anything longer is refused before routing.
    routerOptions: { maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Created here, once per app: nothing an instance holds is shared with another (ADR 0020).
  // The sequencing engine's own console lines go to this app's log at debug level (sequencing/).
  const state = createInstanceState({ log: app.log });
  app.decorate('deps', { ...full, state });

  await registerPlatform(app);
  // Before every route, so each is timed and counted (ADR 0013).
  registerMetrics(app, {
    poolStats: full.poolStats,
    reportCacheReads: () => state.reportCache.stats,
    reportPatches: () => state.reportCache.patchStats,
    commitBatches: () => state.commits.stats,
  });
  registerHealth(app);
  // The session guards and decorators every module's routes use (modules/sessions).
  registerSessions(app);
  // The staff console's guard (modules/staff, docs/decisions/0021).
  registerStaffGuard(app);
  // Every feature area's routes (modules/areas.ts): its API under /lms, and outside it the player,
  // SSO, file downloads and public pages (each area's module.ts; docs/decisions/0020).
  await registerAreaRoutes(app, AREAS);
  // The staff console at /console/ (its own page and 404s), then the panel at every other address.
  await registerConsoleApp(app);
  await registerWebApp(app, { hasSession: hasSessionCookie });
  return app;
}
