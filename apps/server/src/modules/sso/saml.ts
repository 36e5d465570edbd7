/**
 * SAML 2.0 sign-on as a service provider, with @node-saml/node-saml (docs/decisions/0016):
 * SP-initiated login by the HTTP-Redirect binding, and the HTTP-POST answer at the ACS. An
 * assertion is accepted only when it is signed by one of the IdP's configured certificates (a
 * wrapped, second or unsigned assertion is refused by the library), from the configured issuer,
 * for our audience, within its time window (a minute of clock skew, ten minutes at most since it
 * was issued), for our ACS as recipient, in response to a request this browser started (unless
 * the LMS allows IdP-initiated logins), and only once (the replay store).
 */
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idpDidMultiFactor, SAML_NAME_ID, type Claims } from '@waypoint/domain';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { LmsRow } from '../lms-info/service.js';
import { PENDING_LIFETIME_MS, startPending, takePending } from './pending.js';
import { recordAssertion, type PendingLoginRow, type SsoConfigRow } from './repo.js';
import { identityAsserted, SsoRefusal, type Asserted } from './sign-in.js';
import { spUrls } from './urls.js';

export const CLOCK_SKEW_MS = 60_000;
export const MAX_ASSERTION_AGE_MS = 10 * 60_000;
export const ASSERTION_REFUSED_MESSAGE = "The identity provider's answer could not be verified.";
export const REPLAYED_MESSAGE = 'This sign-in answer was already used. Please sign in again.';
export const UNSOLICITED_MESSAGE =
  'This training provider accepts only sign-ins started from its login page. Please sign in again.';

interface SamlDeps {
  db: Db;
  clock: Clock;
  config: { publicUrl: string };
  log: { warn(object: object, message: string): void };
}

/**
 * The request-id store node-saml asks: ids are kept as pending logins (pending.ts), so a request
 * id works once, for ten minutes, for this LMS only. `taken` is the pending login the answer
 * used, read after validation for its browser binding.
 */
class PendingRequestIds implements CacheProvider {
  savedId: string | null = null;
  taken: PendingLoginRow | null = null;

  constructor(
    private readonly deps: SamlDeps,
    private readonly lmsKey: number,
  ) {}

  async saveAsync(key: string, value: string) {
    this.savedId = key;
    return { value, createdAt: Date.now() };
  }

  async getAsync(key: string): Promise<string | null> {
    if (!this.taken) {
      try {
        this.taken = await takePending(this.deps, { key, lmsKey: this.lmsKey, protocol: 'saml' });
      } catch {
        return null;
      }
    }
    // Our store already checked the ten minutes on the server's clock; node-saml checks its own
    // period against the real time, so it is given the time of this check.
    return new Date().toISOString();
  }

  async removeAsync(): Promise<string | null> {
    return null;
  }
}

function samlFor(deps: SamlDeps, lms: LmsRow, row: SsoConfigRow, cache: CacheProvider): SAML {
  const urls = spUrls(deps.config.publicUrl, lms.lmsCode);
  return new SAML({
    issuer: urls.samlEntityId,
    callbackUrl: urls.samlAcsUrl,
    entryPoint: row.samlSsoUrl ?? '',
    idpIssuer: row.samlIdpEntityId ?? '',
    idpCert: row.samlIdpCertificates,
    audience: urls.samlEntityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    validateInResponseTo: row.samlIdpInitiated
      ? ValidateInResponseTo.ifPresent
      : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: PENDING_LIFETIME_MS,
    cacheProvider: cache,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The SP metadata the IdP's administrator loads (entity id, ACS, signed assertions wanted). */
export function spMetadata(deps: SamlDeps, lms: LmsRow, row: SsoConfigRow): string {
  return samlFor(
    deps,
    lms,
    row,
    new PendingRequestIds(deps, lms.lmsKey),
  ).generateServiceProviderMetadata(null, null);
}

/** Sends the browser to the IdP with a new AuthnRequest; its id is the pending login's key. */
export async function startSaml(
  deps: SamlDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  lms: LmsRow,
  row: SsoConfigRow,
): Promise<string> {
  const ids = new PendingRequestIds(deps, lms.lmsKey);
  const location = await samlFor(deps, lms, row, ids).getAuthorizeUrlAsync('', undefined, {});
  if (!ids.savedId) throw new Error('node-saml made an AuthnRequest without an id');
  await startPending(deps, request, reply, {
    key: ids.savedId,
    lmsKey: lms.lmsKey,
    protocol: 'saml',
  });
  return location;
}

type XmlNode = { $?: Record<string, string>; _?: string } & Record<string, unknown>;
const first = (node: unknown, name: string): XmlNode | undefined => {
  const children = (node as Record<string, unknown> | undefined)?.[name];
  const node0 = Array.isArray(children) ? (children[0] as unknown) : children;
  return typeof node0 === 'object' && node0 !== null ? (node0 as XmlNode) : undefined;
};
const textOf = (node: XmlNode | string | undefined) =>
  typeof node === 'string' ? node : (node?._ ?? '');

/** What the validated assertion says beyond node-saml's profile: id, recipient, authentication contexts. */
function assertionFacts(profile: Profile) {
  const assertion = first(profile.getAssertion?.(), 'Assertion');
  const confirmation = first(
    first(first(assertion, 'Subject'), 'SubjectConfirmation'),
    'SubjectConfirmationData',
  );
  const context = first(
    first(first(assertion, 'AuthnStatement'), 'AuthnContext'),
    'AuthnContextClassRef',
  );
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const methods = attributes['http://schemas.microsoft.com/claims/authnmethodsreferences'];
  return {
    id: assertion?.$?.ID ?? '',
    recipient: confirmation?.$?.Recipient ?? '',
    contexts: [textOf(context), ...(Array.isArray(methods) ? methods : [methods])].filter(
      (value): value is string => typeof value === 'string' && value !== '',
    ),
    attributes,
  };
}

/**
 * The IdP's answer at the ACS: validated by node-saml (signature, issuer, audience, time, request
 * id), then the recipient and the replay store; then the shared sign-in step. Returns the hand-off.
 */
export async function finishSaml(
  deps: SamlDeps,
  request: FastifyRequest,
  lms: LmsRow,
  row: SsoConfigRow,
): Promise<Asserted> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const samlResponse = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
  if (samlResponse === '') throw new SsoRefusal(ASSERTION_REFUSED_MESSAGE, 400);
  const ids = new PendingRequestIds(deps, lms.lmsKey);
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(deps, lms, row, ids).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    deps.log.warn({ err: error, lms: lms.lmsCode }, 'SAML answer refused');
    throw new SsoRefusal(ASSERTION_REFUSED_MESSAGE);
  }
  if (!profile) throw new SsoRefusal(ASSERTION_REFUSED_MESSAGE);
  const facts = assertionFacts(profile);
  if (
    facts.recipient !== spUrls(deps.config.publicUrl, lms.lmsCode).samlAcsUrl ||
    facts.id === ''
  ) {
    deps.log.warn(
      { lms: lms.lmsCode, recipient: facts.recipient },
      'SAML answer for another recipient',
    );
    throw new SsoRefusal(ASSERTION_REFUSED_MESSAGE);
  }
  if (!ids.taken && !row.samlIdpInitiated) throw new SsoRefusal(UNSOLICITED_MESSAGE);
  const now = deps.clock.now();
  const fresh = await recordAssertion(
    deps.db,
    {
      lmsKey: lms.lmsKey,
      assertionId: facts.id.slice(0, 512),
      // Past this the assertion is refused by its age anyway (maxAssertionAgeMs, clock skew).
      expiresAt: new Date(now.getTime() + MAX_ASSERTION_AGE_MS + 2 * CLOCK_SKEW_MS),
    },
    now,
  );
  if (!fresh) throw new SsoRefusal(REPLAYED_MESSAGE);
  const claims: Claims = { ...facts.attributes, [SAML_NAME_ID]: profile.nameID };
  return identityAsserted(deps, {
    lms,
    config: row,
    claims,
    idpMfa: idpDidMultiFactor({ contexts: facts.contexts }),
    browserHash: ids.taken?.browserHash ?? null,
    audience: ids.taken?.audience ?? 'panel',
  });
}
