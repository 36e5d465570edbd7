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
import { allows, type StaffAction } from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { checkXsrf, findSession, sessionIdOf, SESSION_INVALID_MESSAGE } from '../sessions/guard.js';
import { staffContext, type StaffContext } from './service.js';

export const STAFF_FORBIDDEN_MESSAGE = 'You do not have permission to do this.';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler factory: a console session whose role allows `action` (and XSRF on writes). */
    requireStaff: (action: StaffAction) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by requireStaff; null on other routes. */
    staff: StaffContext | null;
  }
}

function requireStaff(action: StaffAction): preHandlerAsyncHookHandler {
  return async function staffGuard(request) {
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
}

/** Decorates the app with requireStaff and request.staff; call before modules register. */
export function registerStaffGuard(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.decorate('requireStaff', requireStaff);
}
