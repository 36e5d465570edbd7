/**
 * Single sign-on routes (docs/decisions/0016). The login page's SSO button goes to the bridge
 * /ssosaml2bridge/ (spec §7), which sends the browser to the start of the protocol its LMS uses;
 * the IdP's answer comes back to /lms/sso/{lmsCode}/..., and a verified identity goes on to the
 * panel's /sso/complete with a one-time hand-off code in the fragment, which the panel trades at
 * POST /lms/api/sso/handoff for the same answer as a password Login. Refusals are an HTML page
 * with a link back to the login page, and no session.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MFA_SESSION_MARKER } from '@waypoint/domain';
import { ssoCalls, ssoSchemas, Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { DEVICE_COOKIE } from '../auth/routes.js';
import { resolveLms } from '../lms-info/resolver.js';
import { lmsForRequest, type LmsRow } from '../lms-info/service.js';
import { startSession } from '../sessions/cookies.js';
import { presentMfaPending, presentUserDetails } from '../users/presenter.js';
import { finishOidc, startOidc } from './oidc.js';
import { NOT_CONFIGURED_PAGE, refusalPage } from './pages.js';
import { BROWSER_COOKIE } from './pending.js';
import { ssoConfigOf } from './config.service.js';
import type { SsoConfigRow } from './repo.js';
import { finishSaml, spMetadata, startSaml } from './saml.js';
import { completeHandoff, SsoRefusal } from './sign-in.js';
import { CONSOLE_COMPLETE_PATH, PANEL_COMPLETE_PATH } from './urls.js';
import { requestedAudience } from './pending.js';

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);

/** Answers a refusal (or an unknown LMS) as the error page; anything else is a real error. */
async function asPage(reply: FastifyReply, work: () => Promise<unknown>): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError)
      return html(reply, error.statusCode, refusalPage(error.message));
    throw error;
  }
}

/** The LMS named in the path and its SSO configuration for `protocol`; refused otherwise. */
async function lmsAndConfig(
  request: FastifyRequest<{ Params: { lmsCode: string } }>,
  protocol: 'oidc' | 'saml',
): Promise<{ lms: LmsRow; row: SsoConfigRow }> {
  const lms = await lmsForRequest(request.server.deps, {
    code: request.params.lmsCode,
    hostName: '',
  });
  const row = lms && (await ssoConfigOf(request.server.deps, lms.lmsKey));
  if (!lms || !row || row.protocol !== protocol) {
    throw new SsoRefusal('Single sign-on is not configured for this training provider.', 404);
  }
  return { lms, row };
}

/**
 * The hand-off's way to the app the sign-on started from (the panel, or the console): in the
 * fragment, so it reaches no log and no Referer.
 */
const toPanel = (
  reply: FastifyReply,
  asserted: { handoff: string; audience: 'panel' | 'console' },
) =>
  reply
    .header('cache-control', 'no-store')
    .redirect(
      `${asserted.audience === 'console' ? CONSOLE_COMPLETE_PATH : PANEL_COMPLETE_PATH}#handoff=${asserted.handoff}`,
      303,
    );

export async function ssoRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { ...app.deps, log: app.log };
  const params = { params: Type.Object({ lmsCode: Text({ minLength: 1, maxLength: 63 }) }) };

  /** The bridge (spec §7): the SSO start of the LMS the request is for, or the not-configured page. */
  app.get('/ssosaml2bridge/', async (request, reply) =>
    asPage(reply, async () => {
      const lms = await resolveLms(request);
      const row = await ssoConfigOf(deps, lms.lmsKey);
      if (!row) return html(reply, 200, NOT_CONFIGURED_PAGE);
      // The console's sign-in page asks with ?panel=console; the start keeps it (pending.ts).
      const panel = requestedAudience(request) === 'console' ? '?panel=console' : '';
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/lms/sso/${encodeURIComponent(lms.lmsCode)}/${row.protocol}/start${panel}`, 303);
    }),
  );

  app.get<{ Params: { lmsCode: string } }>(
    '/lms/sso/:lmsCode/oidc/start',
    { schema: params },
    async (request, reply) =>
      asPage(reply, async () => {
        const { lms, row } = await lmsAndConfig(request, 'oidc');
        const location = await startOidc(deps, request, reply, lms, row);
        return reply.header('cache-control', 'no-store').redirect(location, 303);
      }),
  );

  app.get<{ Params: { lmsCode: string } }>(
    '/lms/sso/:lmsCode/oidc/callback',
    { schema: params },
    async (request, reply) =>
      asPage(reply, async () => {
        const { lms, row } = await lmsAndConfig(request, 'oidc');
        return toPanel(reply, await finishOidc(deps, request, lms, row));
      }),
  );

  app.get<{ Params: { lmsCode: string } }>(
    '/lms/sso/:lmsCode/saml/start',
    { schema: params },
    async (request, reply) =>
      asPage(reply, async () => {
        const { lms, row } = await lmsAndConfig(request, 'saml');
        const location = await startSaml(deps, request, reply, lms, row);
        return reply.header('cache-control', 'no-store').redirect(location, 303);
      }),
  );

  /** The ACS: the IdP's HTTP-POST answer (a cross-site form post, so no cookie is relied on here). */
  app.post<{ Params: { lmsCode: string } }>(
    '/lms/sso/:lmsCode/saml/acs',
    { schema: params },
    async (request, reply) =>
      asPage(reply, async () => {
        const { lms, row } = await lmsAndConfig(request, 'saml');
        return toPanel(reply, await finishSaml(deps, request, lms, row));
      }),
  );

  /** The SP metadata for the IdP's administrator; its address is also the SP entity id. */
  app.get<{ Params: { lmsCode: string } }>(
    '/lms/sso/:lmsCode/saml/metadata',
    { schema: params },
    async (request, reply) =>
      asPage(reply, async () => {
        const { lms, row } = await lmsAndConfig(request, 'saml');
        return reply
          .type('application/samlmetadata+xml; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(spMetadata(deps, lms, row));
      }),
  );

  /** The panel trades a hand-off for a session (or the MFA marker), as Login answers. */
  app.post(
    `/lms${ssoCalls.handoff.route}`,
    { schema: ssoSchemas.handoff },
    async (request, reply) => {
      const useCookie = request.headers.usecookie === '1';
      const outcome = await completeHandoff(deps, {
        handoff: request.body.handoff,
        browserToken: request.cookies[BROWSER_COOKIE],
        deviceToken: request.cookies[DEVICE_COOKIE],
        useCookie,
      });
      reply.clearCookie(BROWSER_COOKIE, { path: '/lms' });
      if (outcome.kind === 'mfa') {
        return presentMfaPending(
          outcome.lmsKey,
          MFA_SESSION_MARKER,
          outcome.mfaId,
          outcome.rememberDeviceTime,
        );
      }
      const sessionId = await startSession(request, reply, {
        ...outcome.user,
        useCookie,
        audience: outcome.audience,
      });
      return presentUserDetails(outcome.user, sessionId);
    },
  );
}
