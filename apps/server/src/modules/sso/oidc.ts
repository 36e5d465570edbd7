/**
 * OpenID Connect sign-on with openid-client (docs/decisions/0016): the authorization code flow
 * with PKCE (S256), state and nonce; openid-client checks the ID token's issuer, audience, expiry
 * and nonce, and (enableNonRepudiationChecks) its signature against the issuer's JWKS.
 */
import * as client from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idpDidMultiFactor } from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken } from '../../lib/tokens.js';
import type { LmsRow } from '../lms-info/service.js';
import type { SsoConfigRow } from './repo.js';
import type { KekDeps } from '../certificates/keys.js';
import { openClientSecret } from './secret.js';
import { startPending, takePending } from './pending.js';
import { identityAsserted, SsoRefusal, type Asserted } from './sign-in.js';
import { isLoopback, panelBaseFor, spUrls } from './urls.js';

export const IDP_UNREACHABLE_MESSAGE =
  'The identity provider cannot be reached at the moment. Please try again later.';
export const ANSWER_NOT_VERIFIED_MESSAGE = "The identity provider's answer could not be verified.";

const DISCOVERY_TTL_MS = 10 * 60_000;

/** The issuers' configurations an instance has fetched, by client (instance-state.ts). */
export type OidcDiscoveries = Map<string, { at: number; config: Promise<client.Configuration> }>;

/** An instance's memory of OIDC discoveries, empty. */
export const createOidcDiscoveries = (): OidcDiscoveries => new Map();

interface OidcDeps {
  db: Db;
  clock: Clock;
  config: { dataDir: string; publicUrl: string };
  log: { warn(object: object, message: string): void };
  state: KekDeps['state'] & { oidcDiscoveries: OidcDiscoveries };
}

/** The issuer's configuration (discovery document, client), cached a few minutes per client. */
async function configurationFor(deps: OidcDeps, row: SsoConfigRow): Promise<client.Configuration> {
  const issuer = row.oidcIssuer ?? '';
  const secret = await openClientSecret(deps, row.lmsKey, row.oidcClientSecretSealed ?? '');
  const key = `${issuer}\n${row.oidcClientId ?? ''}\n${hashToken(secret)}`;
  const discoveries = deps.state.oidcDiscoveries;
  const cached = discoveries.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const url = new URL(issuer);
  const config = client.discovery(url, row.oidcClientId ?? '', secret, undefined, {
    timeout: 10,
    execute: [
      // openid-client does not check the signature of an ID token that came from the token
      // endpoint unless told to: OIDC Core §3.1.3.7 lets a client rely on the TLS connection
      // instead. Waypoint checks it against the issuer's published keys (jwks_uri), so a token
      // signed with another key or edited after signing is refused whatever carried it.
      client.enableNonRepudiationChecks,
      // Plain http is allowed for a loopback issuer only (tests and local development).
      ...(url.protocol === 'http:' && isLoopback(url.hostname)
        ? [client.allowInsecureRequests]
        : []),
    ],
  });
  discoveries.set(key, { at: Date.now(), config });
  config.catch(() => discoveries.delete(key));
  return config;
}

async function configurationOrRefuse(deps: OidcDeps, row: SsoConfigRow) {
  try {
    return await configurationFor(deps, row);
  } catch (error) {
    deps.log.warn({ err: error, issuer: row.oidcIssuer }, 'OIDC discovery failed');
    throw new SsoRefusal(IDP_UNREACHABLE_MESSAGE, 502);
  }
}

/**
 * The UserInfo claims when the issuer has the endpoint: some IdPs (Okta with an access token) put
 * only base claims in the ID token. The ID token's claims win; a failing UserInfo call leaves them alone.
 */
async function userInfo(
  deps: OidcDeps,
  config: client.Configuration,
  accessToken: string,
  subject: string,
): Promise<Record<string, unknown>> {
  if (!accessToken || !config.serverMetadata().userinfo_endpoint) return {};
  try {
    return { ...(await client.fetchUserInfo(config, accessToken, subject)) };
  } catch (error) {
    deps.log.warn({ err: error }, 'OIDC UserInfo failed; using the ID token claims');
    return {};
  }
}

const redirectUriFor = (deps: OidcDeps, request: FastifyRequest, lms: LmsRow) =>
  spUrls(panelBaseFor(request, lms, deps.config.publicUrl), lms.lmsCode).oidcRedirectUri;

/** Sends the browser to the issuer's authorization endpoint with a fresh state, nonce and PKCE challenge. */
export async function startOidc(
  deps: OidcDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  lms: LmsRow,
  row: SsoConfigRow,
): Promise<string> {
  const config = await configurationOrRefuse(deps, row);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await startPending(deps, request, reply, {
    key: state,
    lmsKey: lms.lmsKey,
    protocol: 'oidc',
    nonce,
    codeVerifier,
  });
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUriFor(deps, request, lms),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

/**
 * The issuer's answer at the redirect URI: the pending login of its state (this LMS, once), the
 * code traded with the PKCE verifier, the ID token checked (nonce included); then the shared
 * sign-in step. Returns the hand-off code.
 */
export async function finishOidc(
  deps: OidcDeps,
  request: FastifyRequest,
  lms: LmsRow,
  row: SsoConfigRow,
): Promise<Asserted> {
  const query = request.query as Record<string, unknown>;
  const state = typeof query.state === 'string' ? query.state : '';
  if (state === '' || state.length > 200) throw new SsoRefusal(ANSWER_NOT_VERIFIED_MESSAGE, 400);
  const pending = await takePending(deps, { key: state, lmsKey: lms.lmsKey, protocol: 'oidc' });
  if (typeof query.error === 'string') {
    const detail =
      typeof query.error_description === 'string' ? query.error_description : query.error;
    throw new SsoRefusal(`The identity provider refused the sign-in: ${detail.slice(0, 200)}`);
  }
  const config = await configurationOrRefuse(deps, row);
  const redirectUri = redirectUriFor(deps, request, lms);
  const currentUrl = new URL(redirectUri);
  currentUrl.search = new URL(request.url, 'http://x').search;
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier ?? '',
      expectedState: state,
      expectedNonce: pending.nonce ?? '',
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    claims = idClaims && {
      ...(await userInfo(deps, config, tokens.access_token, idClaims.sub)),
      ...idClaims,
    };
  } catch (error) {
    deps.log.warn({ err: error, lms: lms.lmsCode }, 'OIDC answer refused');
    throw new SsoRefusal(ANSWER_NOT_VERIFIED_MESSAGE);
  }
  if (!claims) throw new SsoRefusal(ANSWER_NOT_VERIFIED_MESSAGE);
  return identityAsserted(deps, {
    lms,
    config: row,
    claims,
    idpMfa: idpDidMultiFactor({ amr: claims.amr }),
    browserHash: pending.browserHash,
    audience: pending.audience,
  });
}
