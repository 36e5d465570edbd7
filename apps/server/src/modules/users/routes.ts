import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordCalls, passwordSchemas } from '@waypoint/domain/contract';
import { HttpError } from '../../lib/http-error.js';
import { resolveLms } from '../lms-info/resolver.js';
import {
  changePassword,
  requestPasswordReset,
  RESET_SENT_MESSAGE,
  setPasswordWithToken,
  settlePendingEmails,
  tokenIsValid,
  LINK_EXPIRED_MESSAGE,
} from './password.service.js';

/** The encoded twin when present (decoded), else the plain header; 400 on bad encoding. */
function newPasswordOf(plain: string | undefined, encoded: string | undefined): string {
  if (encoded !== undefined && encoded !== '') {
    try {
      return decodeURIComponent(encoded);
    } catch {
      throw new HttpError(400, 'The new password is not valid URI encoding.');
    }
  }
  return plain ?? '';
}

/** The request log entry of the change-password call, with the old password cut out of the URL. */
function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/\/PASSWORD\/[^?]*/i, '/PASSWORD/[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Password reset by email, set-password through a link, change password (spec §7, §5). */
export async function passwordRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { ...app.deps, log: app.log };
  app.addHook('onClose', async () => settlePendingEmails(app.deps.state.pendingEmails));

  app.get(
    passwordCalls.resetEmail.route,
    { schema: passwordSchemas.resetEmail },
    async (request) => {
      const lms = await resolveLms(request);
      await requestPasswordReset(deps, {
        lms,
        address: request.params.address,
        clientAddress: request.ip,
      });
      return { statusCode: 200, message: RESET_SENT_MESSAGE };
    },
  );

  app.get(
    passwordCalls.resetToken.route,
    { schema: passwordSchemas.resetToken },
    async (request, reply) => {
      if (!(await tokenIsValid(deps, request.params.token, request.params.email))) {
        throw new HttpError(404, LINK_EXPIRED_MESSAGE);
      }
      return reply.type('text/plain; charset=utf-8').send('200');
    },
  );

  app.put(
    passwordCalls.setPassword.route,
    { schema: passwordSchemas.setPassword },
    async (request, reply) => {
      const newPassword = newPasswordOf(
        request.headers.newpassword,
        request.headers.newpasswordencoded,
      );
      const outcome = await setPasswordWithToken(deps, {
        token: request.params.token,
        email: request.params.email,
        newPassword,
        clientAddress: request.ip,
      });
      if (!outcome.ok) {
        return reply
          .status(400)
          .send(outcome.messages.map((message) => ({ statusCode: 400, message })));
      }
      return { statusCode: 200, message: 'Your password has been set.' };
    },
  );

  app.put(
    passwordCalls.changePassword.route,
    {
      // Before validation, so a key that is not the session's own is 403 whatever its shape.
      preValidation: app.requireStudentSession,
      // The spec puts the old password in the path: keep it out of the request log.
      logSerializers: { req: redactedRequest },
      schema: passwordSchemas.changePassword,
    },
    async (request, reply) => {
      const session = request.session!;
      const outcome = await changePassword(deps, {
        userKey: session.userKey,
        sessionHash: session.sessionHash,
        oldPassword: request.params.oldPassword,
        newPassword: request.body.password,
      });
      if (!outcome.ok) {
        return reply.status(400).send({
          statusCode: 400,
          message: outcome.messages[0] ?? '',
          messages: outcome.messages,
        });
      }
      return { statusCode: 200, message: 'Your password has been changed.' };
    },
  );
}
