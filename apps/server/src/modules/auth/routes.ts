import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import {
  authCalls,
  authSchemas,
  LOGIN_ID_MAX_LENGTH,
  LOGIN_PASSWORD_MAX_LENGTH,
  type LoginHeaders,
  type MfaRequest,
} from '@waypoint/domain/contract';
import { CONSOLE_PANEL } from '@waypoint/domain/console-contract';
import { HttpError } from '../../lib/http-error.js';
import { resolveLms } from '../lms-info/resolver.js';
import { startSession } from '../sessions/cookies.js';
import { presentMfaPending, presentUserDetails } from '../users/presenter.js';
import {
  INVALID_CODE_MESSAGE,
  rememberDevice,
  resendMfaCode,
  verifyMfaCode,
} from './mfa.service.js';
import { login, userForSession } from './service.js';

/** Cookie remembering a device that passed MFA (HttpOnly, path /lms). */
export const DEVICE_COOKIE = 'waypointDevice';

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
  const deps = { ...app.deps, log: app.log };

  app.post(authCalls.login.route, { schema: authSchemas.login }, async (request, reply) => {
    const { headers } = request;
    const { userId, password } = readCredentials(headers);
    const lms = await resolveLms(request);
    const useCookie = headers.usecookie === '1';
    const audience = headers.panel === CONSOLE_PANEL ? 'console' : 'panel';
    const outcome = await login(deps, {
      audience,
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
    const sessionId = await startSession(request, reply, { ...outcome.user, useCookie, audience });
    return presentUserDetails(outcome.user, sessionId);
  });

  const finishMfa = async (request: FastifyRequest<{ Body: MfaRequest }>, reply: FastifyReply) => {
    const { mfaID, mfaVerificationCode, rememberDevice: remember } = request.body;
    const used = await verifyMfaCode(deps, {
      mfaId: String(mfaID),
      code: String(mfaVerificationCode),
      clientAddress: request.ip,
    });
    const user = await userForSession(deps, used.userKey, used.audience);
    if (!user) throw new HttpError(400, INVALID_CODE_MESSAGE);
    const sessionId = await startSession(request, reply, {
      ...user,
      useCookie: used.useCookie,
      audience: used.audience,
    });
    if (remember === true) {
      const device = await rememberDevice(deps, user);
      if (device) setDeviceCookie(request, reply, device.token, device.durationMs);
    }
    return presentUserDetails(user, sessionId);
  };
  app.post(authCalls.validateMfaCode.route, { schema: authSchemas.validateMfaCode }, finishMfa);
  app.post(authCalls.createMfaSession.route, { schema: authSchemas.createMfaSession }, finishMfa);

  app.post(
    authCalls.resendMfaCode.route,
    { schema: authSchemas.resendMfaCode },
    async (request) => {
      await resendMfaCode(deps, { mfaId: String(request.body.mfaID), clientAddress: request.ip });
      return { statusCode: 200, message: 'A new code has been sent.' };
    },
  );
}
