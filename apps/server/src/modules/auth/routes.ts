import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { resolveLms } from '../../platform/lms-resolver.js';
import { startSession } from '../../platform/session.js';
import { presentMfaPending, presentUserDetails } from '../users/presenter.js';
import { errorResponses, MessageBody, UserDetailsBody } from '../users/schemas.js';
import {
  INVALID_CODE_MESSAGE,
  rememberDevice,
  resendMfaCode,
  verifyMfaCode,
} from './mfa.service.js';
import {
  LOGIN_ID_MAX_LENGTH,
  LOGIN_PASSWORD_MAX_LENGTH,
  login,
  userForSession,
} from './service.js';

/** Cookie remembering a device that passed MFA (HttpOnly, path /lms). */
export const DEVICE_COOKIE = 'waypointDevice';

// Raw header caps: an encoded character takes up to 12 characters (4 bytes, %XX each).
const LoginHeaders = Type.Object({
  userid: Type.Optional(Type.String({ maxLength: LOGIN_ID_MAX_LENGTH * 12 })),
  useridencoded: Type.Optional(Type.String({ maxLength: LOGIN_ID_MAX_LENGTH * 12 })),
  password: Type.Optional(Type.String({ maxLength: LOGIN_PASSWORD_MAX_LENGTH * 12 })),
  passwordencoded: Type.Optional(Type.String({ maxLength: LOGIN_PASSWORD_MAX_LENGTH * 12 })),
  usecookie: Type.Optional(Type.String({ maxLength: 10 })),
  panel: Type.Optional(Type.String({ maxLength: 50 })),
});
type LoginHeaders = {
  userid?: string;
  useridencoded?: string;
  password?: string;
  passwordencoded?: string;
  usecookie?: string;
};

const MfaBody = Type.Object({
  mfaID: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Number()]),
  mfaVerificationCode: Type.Union([Type.String({ maxLength: 20 }), Type.Number()]),
  rememberDevice: Type.Optional(Type.Boolean()),
});
const ResendBody = Type.Object({
  mfaID: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Number()]),
});

/** The encoded twin when present (decoded), else the plain header; 400 on bad encoding. */
function readHeader(plain: string | undefined, encoded: string | undefined, label: string): string {
  if (encoded !== undefined && encoded !== '') {
    try {
      return decodeURIComponent(encoded);
    } catch {
      throw new HttpError(400, `The ${label} is not valid URI encoding.`);
    }
  }
  return plain ?? '';
}

function readCredentials(headers: LoginHeaders): { userId: string; password: string } {
  const userId = readHeader(headers.userid, headers.useridencoded, 'login ID');
  const password = readHeader(headers.password, headers.passwordencoded, 'password');
  if (userId === '' || password === '')
    throw new HttpError(400, 'Login ID and password are required.');
  if (userId.length > LOGIN_ID_MAX_LENGTH) {
    throw new HttpError(400, `Login ID is too long (${LOGIN_ID_MAX_LENGTH} max).`);
  }
  if (password.length > LOGIN_PASSWORD_MAX_LENGTH) {
    throw new HttpError(400, `Password is too long (${LOGIN_PASSWORD_MAX_LENGTH} max).`);
  }
  return { userId, password };
}

function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string, ms: number) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/lms',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(ms / 1000),
  });
}

/** POST /api/Login and the MFA calls (spec §7, design brief paths). */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/Login',
    {
      schema: {
        summary: 'Sign in with credentials in headers (spec §7); may answer the MFA marker',
        headers: LoginHeaders,
        response: { 200: UserDetailsBody, ...errorResponses(400, 401, 403, 404, 423, 429) },
      },
    },
    async (request, reply) => {
      const headers = request.headers as LoginHeaders;
      const { userId, password } = readCredentials(headers);
      const lms = await resolveLms(request);
      const useCookie = headers.usecookie === '1';
      const outcome = await login(app, {
        lms,
        userId,
        password,
        clientAddress: request.ip,
        deviceToken: request.cookies[DEVICE_COOKIE],
        useCookie,
      });
      if (outcome.kind === 'mfa') {
        return presentMfaPending(
          lms.lmsKey,
          MFA_SESSION_MARKER,
          outcome.mfaId,
          outcome.rememberDeviceTime,
        );
      }
      const sessionId = await startSession(request, reply, { ...outcome.user, useCookie });
      return presentUserDetails(outcome.user, sessionId);
    },
  );

  const finishMfa = async (
    request: FastifyRequest<{
      Body: {
        mfaID: string | number;
        mfaVerificationCode: string | number;
        rememberDevice?: boolean;
      };
    }>,
    reply: FastifyReply,
  ) => {
    const { mfaID, mfaVerificationCode, rememberDevice: remember } = request.body;
    const used = await verifyMfaCode(app, {
      mfaId: String(mfaID),
      code: String(mfaVerificationCode),
      clientAddress: request.ip,
    });
    const user = await userForSession(app, used.userKey);
    if (!user) throw new HttpError(400, INVALID_CODE_MESSAGE);
    const sessionId = await startSession(request, reply, { ...user, useCookie: used.useCookie });
    if (remember === true) {
      const device = await rememberDevice(app, user);
      if (device) setDeviceCookie(request, reply, device.token, device.durationMs);
    }
    return presentUserDetails(user, sessionId);
  };
  const mfaSchema = (summary: string) => ({
    summary,
    body: MfaBody,
    response: { 200: UserDetailsBody, ...errorResponses(400, 429) },
  });
  app.post(
    '/api/login/ValidateMFACode',
    { schema: mfaSchema('Check an MFA code; starts the session') },
    finishMfa,
  );
  app.post(
    '/api/login/CreateMFASession',
    { schema: mfaSchema('Same as ValidateMFACode (spec §7)') },
    finishMfa,
  );

  app.post(
    '/api/login/ResendMFACode',
    {
      schema: {
        summary: 'Email a new MFA code (one per 30 s, 5 per challenge)',
        body: ResendBody,
        response: { 200: MessageBody, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await resendMfaCode(app, { mfaId: String(request.body.mfaID), clientAddress: request.ip });
      return { statusCode: 200, message: 'A new code has been sent.' };
    },
  );
}
