import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allows,
  BUILT_IN_ROLE_NAMES,
  BUILT_IN_ROLES,
  type BuiltInRole,
} from '@waypoint/domain/staff';
import { createTestApp, type TestApp } from '../../test/app.js';
import { consoleRoutes, requestTo, type ConsoleRoute } from '../../test/console-routes.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';
import { STAFF_FORBIDDEN_MESSAGE } from './guard.js';

// The permission matrix (docs/decisions/0021): EVERY console route (read from the app, so a route
// added later is in it) x each built-in role answers allowed or 403 exactly as STAFF_ACTIONS says
// for the action the route's guard declares; 401 without a session and with a panel session.

// Ids no row has: a request the guard lets through reaches the service and is refused there
// (400/404), never with the guard's 403.
const NO_ROW = 2147483000;
const anyId = new Proxy({} as Record<string, number>, { get: () => NO_ROW });

describe('console permission matrix', () => {
  let t: TestApp;
  let routes: ConsoleRoute[];
  const browsers = {} as Record<BuiltInRole, Browser>;
  let panel: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    const { lmsKey } = await buildLms(t.db);
    for (const role of BUILT_IN_ROLE_NAMES)
      browsers[role] = await staffBrowser(t, lmsKey, { role });
    const student = await buildUser(t.db, lmsKey);
    panel = await signIn(t, student.userId);
    routes = consoleRoutes(t.app);
  });
  afterAll(() => t.close());

  it('finds the console routes, each with a staff guard', () => {
    expect(routes.length).toBeGreaterThanOrEqual(11);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /lms/api/console/me',
        'GET /lms/api/console/roles',
        'PUT /lms/api/console/staff/:userKey',
        'GET /lms/api/console/audit',
      ]),
    );
    const unguarded = routes.filter((r) => r.action === null).map((r) => `${r.method} ${r.url}`);
    expect(unguarded).toEqual([]);
  });

  it(
    'answers each role allowed or 403 exactly as its flags say',
    { timeout: 600_000 },
    async () => {
      const wrong: string[] = [];
      for (const route of routes) {
        for (const role of BUILT_IN_ROLE_NAMES) {
          const expected = allows(BUILT_IN_ROLES[role].permissions, route.action!);
          const { path, init } = requestTo(route, anyId);
          const response = await browsers[role].call(path, init);
          const body = await response.text();
          const refused = response.status === 403 && body.includes(STAFF_FORBIDDEN_MESSAGE);
          if (response.status === 401 || refused === expected) {
            wrong.push(
              `${role} ${route.method} ${route.url} (${route.action}): ${response.status} ${body.slice(0, 120)}`,
            );
          }
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('answers 401 without a session and with a panel session', { timeout: 300_000 }, async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const { path, init } = requestTo(route, anyId);
      const none = await fetch(`${t.baseUrl}${path}`, init);
      if (none.status !== 401) wrong.push(`none ${route.method} ${route.url}: ${none.status}`);
      const asPanel = await panel.call(path, init);
      if (asPanel.status !== 401)
        wrong.push(`panel ${route.method} ${route.url}: ${asPanel.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the check fires: a role granted nothing is refused everything the matrix allows it', async () => {
    // An administrator whose role is swapped for an empty made role mid-session.
    const made = await t.db
      .insertInto('staffRole')
      .values({ lmsKey: browsers.administrator.lmsKey, name: 'Nothing', createdAt: new Date() })
      .returning('roleKey')
      .executeTakeFirstOrThrow();
    const nobody = await staffBrowser(t, browsers.administrator.lmsKey, { role: 'auditor' });
    await t.db
      .updateTable('staffMember')
      .set({ roleKey: made.roleKey })
      .where('userKey', '=', nobody.userKey)
      .execute();
    const roles = routes.find((r) => r.method === 'GET' && r.url === '/lms/api/console/roles')!;
    const { path, init } = requestTo(roles, anyId);
    const response = await nobody.call(path, init);
    expect(response.status).toBe(403);
  });
});
