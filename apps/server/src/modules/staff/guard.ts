/**
 * The staff console's guard (docs/decisions/0021), registered by app.ts beside the session
 * guards. Every console route puts `preHandler: app.requireStaff('<action>')` on itself:
 * - 401 (the session-invalid message) without a valid console session: a panel session never
 *   opens a staff route, nor a console session a student route (sessions/guard.ts);
 * - 403 'You do not have permission to do this.' when the person holds no staff role any more, or
 *   their role lacks a flag the action needs (STAFF_ACTIONS in @waypoint/domain);
 * - 403 'Invalid or missing XSRF token.' on a write without the console's XSRF echo;
 * - then `request.staff` is the StaffContext. Scope (which students) is the route's service's part
 *   (scope.ts): a student outside it is answered 404, as if there were none.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { allows, type StaffAction } from '@waypoint/domain/staff';
import { HttpError } from '../../lib/http-error.js';
import { checkXsrf, findSession, sessionIdOf, SESSION_INVALID_MESSAGE } from '../sessions/guard.js';
import { staffContext, type StaffContext } from './service.js';

export const STAFF_FORBIDDEN_MESSAGE = 'You do not have permission to do this.';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler factory: a console session whose role allows `action` (and XSRF on writes). */
    requireStaff: (action: StaffAction) => preHandlerAsyncHookHandler;
    /**
     * Every route that is the console's (below /lms/api/console) or carries requireStaff, as
     * "METHOD /url", with the action its guard checks (null: no staff guard). The permission
     * matrix test reads it, so a route added later is tested without anyone listing it.
     */
    staffRouteActions: ReadonlyMap<string, StaffAction | null>;
  }
  interface FastifyRequest {
    /** Set by requireStaff; null on other routes. */
    staff: StaffContext | null;
  }
}

/** Where a staff guard keeps the action it checks (read by the route registry below). */
const GUARDED_ACTION = Symbol('staffAction');

type StaffGuard = preHandlerAsyncHookHandler & { [GUARDED_ACTION]?: StaffAction };

/** The console's routes' address prefix. */
export const CONSOLE_API_PREFIX = '/lms/api/console';

function requireStaff(action: StaffAction): preHandlerAsyncHookHandler {
  const guard: StaffGuard = async function staffGuard(request) {
    const session = await findSession(request, sessionIdOf(request));
    if (!session || session.audience !== 'console') {
      throw new HttpError(401, SESSION_INVALID_MESSAGE);
    }
    await checkXsrf(request, session);
    const staff = await staffContext(request.server.deps, session.userKey, session.sessionHash);
    if (!staff || staff.lmsKey !== session.lmsKey || !allows(staff.permissions, action)) {
      throw new HttpError(403, STAFF_FORBIDDEN_MESSAGE);
    }
    request.session = session;
    request.staff = staff;
  };
  guard[GUARDED_ACTION] = action;
  return guard;
}

/** Decorates the app with requireStaff and request.staff; call before modules register. */
export function registerStaffGuard(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.decorate('requireStaff', requireStaff);
  const routes = new Map<string, StaffAction | null>();
  app.decorate('staffRouteActions', routes);
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat() as StaffGuard[];
    const guard = handlers.find((handler) => handler[GUARDED_ACTION]);
    const action = guard?.[GUARDED_ACTION] ?? null;
    if (guard) {
      // The guard runs before the request is validated: a caller without a console session or
      // the permission is answered 401 / 403 whatever they send, and learns nothing of the
      // route's schema from a 400.
      route.preHandler = handlers.filter((handler) => handler !== guard);
      route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
    }
    if (action === null && !route.url.startsWith(CONSOLE_API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin of each GET, with the same guard.
      if (method !== 'HEAD') routes.set(`${method} ${route.url}`, action);
    }
  });
}
