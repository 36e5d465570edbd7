import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { EMAIL_MAX_LENGTH } from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { PASSWORD_MAX_LENGTH } from '../../lib/password.js';
import { resolveLms } from '../../platform/lms-resolver.js';
import {
  changePassword,
  requestPasswordReset,
  RESET_SENT_MESSAGE,
  setPasswordWithToken,
  settlePendingEmails,
  tokenIsValid,
  LINK_EXPIRED_MESSAGE,
} from './password.service.js';
import { ErrorBody, errorResponses, MessageBody } from './schemas.js';

// Path values are capped well above any real value; the rules give the precise messages.
const TokenParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH * 3 }),
});
const RuleMessages = Type.Array(
  Type.Object({ statusCode: Type.Integer(), message: Type.String() }),
);
const RulesBody = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  messages: Type.Array(Type.String()),
});
const NEW_PASSWORD_HEADER_MAX = 1024 * 12;

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
  app.addHook('onClose', async () => settlePendingEmails());

  app.get(
    '/api/PasswordReset/VALIDATE_EMAIL/:address',
    {
      schema: {
        summary: 'Email a reset link; the same answer whether or not the address is known',
        params: Type.Object({ address: Type.String({ maxLength: 1000 }) }),
        querystring: Type.Object({
          fromStudentpanel: Type.Optional(Type.String({ maxLength: 10 })),
          lms: Type.Optional(Type.String({ maxLength: 63 })),
        }),
        response: { 200: MessageBody, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const lms = await resolveLms(request);
      await requestPasswordReset(app, {
        lms,
        address: request.params.address,
        clientAddress: request.ip,
      });
      return { statusCode: 200, message: RESET_SENT_MESSAGE };
    },
  );

  app.get(
    '/api/PasswordReset/VALIDATE_TOKEN/:token/:email',
    {
      schema: {
        summary: "Check a set-password link: 200 with body '200' when valid, 404 otherwise",
        params: TokenParams,
        response: { 200: Type.String(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      if (!(await tokenIsValid(app, request.params.token, request.params.email))) {
        throw new HttpError(404, LINK_EXPIRED_MESSAGE);
      }
      return reply.type('text/plain; charset=utf-8').send('200');
    },
  );

  app.put(
    '/api/PasswordReset/:token/:email',
    {
      schema: {
        summary: 'Set the password through a link (headers newPassword, newPasswordEncoded)',
        params: TokenParams,
        headers: Type.Object({
          newpassword: Type.Optional(Type.String({ maxLength: NEW_PASSWORD_HEADER_MAX })),
          newpasswordencoded: Type.Optional(Type.String({ maxLength: NEW_PASSWORD_HEADER_MAX })),
        }),
        response: {
          200: MessageBody,
          400: Type.Union([RuleMessages, ErrorBody]),
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) => {
      const newPassword = newPasswordOf(
        request.headers.newpassword,
        request.headers.newpasswordencoded,
      );
      const outcome = await setPasswordWithToken(app, {
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
    '/api/user/ignored/ignored/:userKey/PASSWORD/:oldPassword',
    {
      preHandler: app.requireStudentSession,
      // The spec puts the old password in the path: keep it out of the request log.
      logSerializers: { req: redactedRequest },
      schema: {
        summary: 'Change password: old password in the path, the new one as body.password',
        params: Type.Object({
          userKey: Type.String({ maxLength: 20 }),
          oldPassword: Type.String({ maxLength: 1024 }),
        }),
        body: Type.Object({ password: Type.String({ maxLength: PASSWORD_MAX_LENGTH * 8 }) }),
        response: {
          200: MessageBody,
          400: Type.Union([RulesBody, ErrorBody]),
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const outcome = await changePassword(app, {
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
