import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { authCalls, authSchemas } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { presentPermissions, presentUserDetails } from '../users/presenter.js';
import { clearSessionCookies, setXsrfCookie } from './cookies.js';
import { checkXsrf, findSession, sessionIdOf, SESSION_INVALID_MESSAGE } from './guard.js';
import { endSession, sessionUser } from './service.js';
import { presentStaffPermissions } from '../staff/presenter.js';
import { staffContext } from '../staff/service.js';

/** Session check, logout and permissions (spec §7, §4 'Login and session'). */
export async function sessionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { deps } = app;

  app.get(authCalls.session.route, { schema: authSchemas.session }, async (request, reply) => {
    const session = await findSession(request, request.params.sessionId);
    const user = session && (await sessionUser(deps, session.userKey));
    if (!session || !user) return reply.status(204).send(null);
    await setXsrfCookie(request, reply, session.sessionHash, session.audience);
    return presentUserDetails(user, request.params.sessionId);
  });

  app.delete(authCalls.logout.route, { schema: authSchemas.logout }, async (request, reply) => {
    const session = await findSession(request, sessionIdOf(request));
    if (session) {
      await checkXsrf(request, session);
      await endSession(deps, session.sessionHash);
    }
    clearSessionCookies(reply, session?.audience ?? 'panel');
    return reply.status(204).send(null);
  });

  app.get(
    authCalls.permissions.route,
    { preHandler: app.requireSession, schema: authSchemas.permissions },
    async (request) => {
      const { userKey, sessionHash } = request.session!;
      const user = await sessionUser(deps, userKey);
      if (!user) throw new HttpError(401, SESSION_INVALID_MESSAGE);
      // Staff get their role's flags (ADR 0021); the panel reads only isStudent and userType (§6).
      const staff = await staffContext(deps, userKey, sessionHash);
      return staff ? presentStaffPermissions(staff) : presentPermissions(user);
    },
  );
}
