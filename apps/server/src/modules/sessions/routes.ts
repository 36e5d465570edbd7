import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  checkXsrf,
  clearSessionCookies,
  endSession,
  findSession,
  sessionIdOf,
  setXsrfCookie,
  SESSION_INVALID_MESSAGE,
} from '../../platform/session.js';
import { HttpError } from '../../lib/http-error.js';
import { presentPermissions, presentUserDetails } from '../users/presenter.js';
import { errorResponses, PermissionsBody, UserDetailsBody } from '../users/schemas.js';
import { sessionUser } from './service.js';

/** Session check, logout and permissions (spec §7, §4 'Login and session'). */
export async function sessionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/Login/:sessionId',
    {
      schema: {
        summary: 'Check a session: 200 with the user details, 204 when it is not valid',
        params: Type.Object({ sessionId: Type.String({ maxLength: 100 }) }),
        response: { 200: UserDetailsBody, 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const session = await findSession(request, request.params.sessionId);
      const user = session && (await sessionUser(app, session.userKey));
      if (!session || !user) return reply.status(204).send(null);
      await setXsrfCookie(request, reply, session.sessionHash);
      return presentUserDetails(user, request.params.sessionId);
    },
  );

  app.delete(
    '/api/Login',
    {
      schema: {
        summary: 'Log out: ends the session in the sessionID header and clears the cookies',
        response: { 204: Type.Null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const session = await findSession(request, sessionIdOf(request));
      if (session) {
        await checkXsrf(request, session);
        await endSession(app, session.sessionHash);
      }
      clearSessionCookies(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/permissions',
    {
      preHandler: app.requireSession,
      schema: {
        summary: 'Permission flags of the signed-in user (students and non-students alike)',
        response: { 200: PermissionsBody, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await sessionUser(app, request.session!.userKey);
      if (!user) throw new HttpError(401, SESSION_INVALID_MESSAGE);
      return presentPermissions(user);
    },
  );
}
