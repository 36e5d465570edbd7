import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as panelContract from '@waypoint/domain/contract';
import * as consoleContract from '@waypoint/domain/console-contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { migrations } from '../db/migrations/index.js';
import { createInstanceState } from '../instance-state.js';
import { systemClock } from '../lib/clock.js';
import { registerPlatform } from '../platform/index.js';
import { createTestDatabase } from '../test/database.js';
import { AREAS } from './areas.js';
import { operatorCommandsOf, registerAreaRoutes, type FeatureArea } from './feature-area.js';
import { registerSessions } from './sessions/guard.js';
import { registerStaffGuard } from './staff/guard.js';

// The list of feature areas (areas.ts, docs/decisions/0020 "Feature areas") checked whole: every
// migration has one owner, every API route an area registers is a call of the contract
// (@waypoint/domain/contract, ADR 0008), and command names are unique. Each check is shown to fire.

/** Migrations with no owner, or more than one, or owned but not in db/migrations. */
async function migrationOwnershipProblems(areas: readonly FeatureArea[]): Promise<string[]> {
  const folder = path.join(import.meta.dirname, '../db/migrations');
  const files = (await readdir(folder))
    .filter((name) => /^\d{4}-.*\.ts$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.ts$/, ''));
  const owners = new Map<string, string[]>();
  for (const area of areas) {
    for (const name of area.migrations ?? [])
      owners.set(name, [...(owners.get(name) ?? []), area.name]);
  }
  return [
    ...files
      .filter((name) => (owners.get(name) ?? []).length !== 1)
      .map((name) => `${name}: owned by ${owners.get(name)?.join(' and ') ?? 'no area'}`),
    ...[...owners.keys()]
      .filter((name) => !files.includes(name))
      .map((name) => `${name}: no such migration`),
  ];
}

let database: DatabaseHandle;
let dataDir: string;

interface AreaRoute {
  area: string;
  method: string;
  url: string;
}

/**
 * The routes each area registers under /lms/api, found by registering the areas' /lms routes on
 * a Fastify instance with the platform and session decorators they use.
 */
async function lmsApiRoutes(areas: readonly FeatureArea[]): Promise<AreaRoute[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'off', DATA_DIR: dataDir });
  const app = Fastify() as unknown as FastifyInstance;
  app.decorate('deps', {
    // Some areas read the database when they start (the certificates' signing key).
    db: database.db,
    config,
    mailer: { send: async () => {} },
    clock: systemClock,
    operatorToken: 'routes-only',
    logStream: null,
    poolStats: null,
    state: createInstanceState(),
  } as unknown as FastifyInstance['deps']);
  await registerPlatform(app);
  registerSessions(app);
  registerStaffGuard(app);
  const found: AreaRoute[] = [];
  const recorded = areas.map((area): FeatureArea => ({
    name: area.name,
    ...(area.operatorCommands ? { operatorCommands: area.operatorCommands } : {}),
    lmsRoutes: (area.lmsRoutes ?? []).map((plugin) => async (scope, options) => {
      scope.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          found.push({ area: area.name, method, url: route.url });
        }
      });
      await scope.register(plugin, options);
    }),
  }));
  await registerAreaRoutes(app, recorded);
  await app.ready();
  await app.close();
  return found.filter(
    (route) => route.url.startsWith('/lms/api/') && !['HEAD', 'OPTIONS'].includes(route.method),
  );
}

/** "METHOD /lms<route>" of every call of the contract. */
function contractRoutes(): Set<string> {
  const routes = new Set<string>();
  // Both entries: the panel's and player's calls, and the staff console's (docs/decisions/0021).
  for (const [group, calls] of Object.entries({ ...panelContract, ...consoleContract })) {
    if (!group.endsWith('Calls') || typeof calls !== 'object' || calls === null) continue;
    for (const call of Object.values(calls as Record<string, { method: string; route: string }>)) {
      routes.add(`${call.method} /lms${call.route}`);
    }
  }
  return routes;
}

/** The API routes of these areas that no contract call declares. */
async function routesOutsideContract(areas: readonly FeatureArea[]): Promise<string[]> {
  const calls = contractRoutes();
  return (await lmsApiRoutes(areas))
    .filter((route) => !calls.has(`${route.method} ${route.url}`))
    .map((route) => `${route.area}: ${route.method} ${route.url}`);
}

describe('feature areas (modules/areas.ts)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-areas-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('own every migration once: each one an area or the platform declares', async () => {
    expect(await migrationOwnershipProblems(AREAS)).toEqual([]);
    // The same names the migrator applies.
    expect(AREAS.flatMap((area) => area.migrations ?? []).sort()).toEqual(
      migrations.map((migration) => migration.name).sort(),
    );
  });

  it('reports a migration owned twice, one owned by nobody, and one that does not exist', async () => {
    const [first, ...rest] = AREAS;
    const probe: FeatureArea = { name: 'probe', migrations: ['0014-reminders', '9999-nothing'] };
    const withoutPlatform = [{ ...first!, migrations: [] }, ...rest, probe];
    expect(await migrationOwnershipProblems(withoutPlatform)).toEqual([
      '0001-lms-and-users: owned by no area',
      '0002-content-and-progress: owned by no area',
      '0003-panel-features: owned by no area',
      '0014-reminders: owned by reminders and probe',
      '9999-nothing: no such migration',
    ]);
  });

  it('register under /lms/api only the routes of contract calls', async () => {
    const routes = await lmsApiRoutes(AREAS);
    // Every area with an API is seen (the check is not vacuous).
    expect(new Set(routes.map((route) => route.area)).size).toBeGreaterThan(10);
    expect(await routesOutsideContract(AREAS)).toEqual([]);
  });

  it('reports an API route that is not a contract call (the check fires)', async () => {
    const probe: FeatureArea = {
      name: 'probe',
      lmsRoutes: [
        async (app) => {
          app.get('/api/probe/:lmsKey', async () => ({}));
          // A contract route with another method is not the contract's either.
          app.put('/api/Login', async () => ({}));
          // Outside /api: not a call of the spec's API, not checked.
          app.get('/probe-page', async () => '');
        },
      ],
    };
    expect(await routesOutsideContract([...AREAS, probe])).toEqual([
      'probe: GET /lms/api/probe/:lmsKey',
      'probe: PUT /lms/api/Login',
    ]);
  });

  it('give every operator command a name of its own', () => {
    const names = operatorCommandsOf(AREAS).map((command) => command.name);
    expect(names.length).toBeGreaterThan(30);
    expect(new Set(names).size).toBe(names.length);
  });
});
