/**
 * The operator's single sign-on settings per LMS (docs/decisions/0016): OpenID Connect or SAML
 * 2.0, showing and removing either. Setting one turns the login page's SSO button
 * on (lms.sso_enabled); removing it turns the button off.
 */
import { readFile } from 'node:fs/promises';
import type { SsoMatch } from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { lmsByCode as findLmsByCode } from '../lms-info/service.js';
import type { CommandUpload, OperatorDeps } from '../operator/area-command.js';
import { deleteSsoConfig, findSsoConfig, saveSsoConfig, type SsoConfigRow } from './repo.js';
import { certificatesFromFile, readIdpMetadata, type IdpSettings } from './idp-metadata.js';
import { sealClientSecret } from './secret.js';
import { isAcceptableIdpUrl, spUrls } from './urls.js';

/** The SSO configuration of an LMS, if any (the routes' read). */
export async function ssoConfigOf(deps: Pick<OperatorDeps, 'db'>, lmsKey: number) {
  return findSsoConfig(deps.db, lmsKey);
}

/** A client secret file is small; anything bigger is the wrong file. */
export const MAX_SECRET_BYTES = 4096;

export async function lmsByCode(deps: Pick<OperatorDeps, 'db'>, code: string) {
  const lms = await findLmsByCode(deps, code.trim());
  if (!lms) throw new HttpError(404, `No LMS with code '${code}' (see list-lms).`);
  return lms;
}

export async function readUpload(upload: CommandUpload): Promise<Buffer> {
  return typeof upload === 'string' ? readFile(upload) : upload;
}

/** The match options every protocol's command takes. */
export interface MatchInput {
  match?: SsoMatch;
  claim?: string;
  jit?: boolean;
}

export interface OidcInput extends MatchInput {
  lms: string;
  issuer: string;
  clientId: string;
  /**
   * Match by an email the ID token does not mark with email_verified: for an IdP that verifies
   * every address but never sends the claim (one that sends false is still refused).
   */
  assumeEmailVerified?: boolean;
}

/** Sets an LMS's OpenID Connect sign-on; the client secret comes from a file, never the command line. */
export async function setOidcConfig(deps: OperatorDeps, input: OidcInput, upload?: CommandUpload) {
  const lms = await lmsByCode(deps, input.lms);
  const issuer = input.issuer.trim();
  if (!isAcceptableIdpUrl(issuer)) {
    throw new HttpError(
      400,
      'The issuer must be an https:// address (http:// only for localhost).',
    );
  }
  if (upload === undefined)
    throw new HttpError(400, 'Give the client secret in a file (--client-secret-file).');
  const bytes = await readUpload(upload);
  if (bytes.length > MAX_SECRET_BYTES)
    throw new HttpError(400, 'The client secret file is too large.');
  const secret = bytes.toString('utf8').trim();
  if (secret === '' || [...secret].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    throw new HttpError(400, 'The client secret file must hold the secret on one line.');
  }
  await saveSsoConfig(deps.db, {
    lmsKey: lms.lmsKey,
    protocol: 'oidc',
    matchAttribute: input.match ?? 'email',
    matchClaim: input.claim?.trim() || null,
    jitProvisioning: input.jit ?? false,
    oidcIssuer: issuer,
    oidcClientId: input.clientId.trim(),
    oidcClientSecretSealed: await sealClientSecret(deps, lms.lmsKey, secret),
    samlIdpEntityId: null,
    samlSsoUrl: null,
    samlSloUrl: null,
    samlIdpCertificates: [],
    samlIdpInitiated: false,
    oidcAssumeEmailVerified: input.assumeEmailVerified ?? false,
    updatedAt: deps.clock.now(),
  });
  return showSso(deps, { lms: lms.lmsCode });
}

/** What an LMS's single sign-on is, with the values its IdP administrator needs (no secret). */
export async function showSso(deps: OperatorDeps, input: { lms: string }) {
  const lms = await lmsByCode(deps, input.lms);
  const row = await findSsoConfig(deps.db, lms.lmsKey);
  const urls = spUrls(deps.config.publicUrl, lms.lmsCode);
  return {
    lms: lms.lmsCode,
    ...(row ? present(row, urls, lms.lmsCode, lms.hostNames) : { protocol: 'none' as const }),
  };
}

function present(
  row: SsoConfigRow,
  urls: ReturnType<typeof spUrls>,
  lmsCode: string,
  hostNames: string[],
) {
  const common = {
    protocol: row.protocol,
    match: row.matchAttribute,
    matchClaim: row.matchClaim,
    jit: row.jitProvisioning,
  };
  if (row.protocol === 'oidc') {
    return {
      ...common,
      issuer: row.oidcIssuer,
      clientId: row.oidcClientId,
      assumeEmailVerified: row.oidcAssumeEmailVerified,
      clientSecret: 'set (not shown)',
      redirectUri: urls.oidcRedirectUri,
      ...(hostNames.length > 0
        ? {
            alsoRedirectUris: hostNames
              .map((host) => spUrls(`https://${host}`, lmsCode).oidcRedirectUri)
              .join(' '),
          }
        : {}),
    };
  }
  return {
    ...common,
    idpEntityId: row.samlIdpEntityId,
    idpSsoUrl: row.samlSsoUrl,
    idpSloUrl: row.samlSloUrl,
    idpCertificates: row.samlIdpCertificates.length,
    idpInitiated: row.samlIdpInitiated,
    spEntityId: urls.samlEntityId,
    acsUrl: urls.samlAcsUrl,
    sloUrl: urls.samlSloUrl,
    metadataUrl: urls.samlEntityId,
  };
}

/** Removes an LMS's single sign-on: the SSO button goes, password sign-in stays. */
export async function ssoOff(deps: OperatorDeps, input: { lms: string }) {
  const lms = await lmsByCode(deps, input.lms);
  const removed = await deleteSsoConfig(deps.db, lms.lmsKey);
  return { lms: lms.lmsCode, removed };
}

/** The plain-text form of sso-show (and of the set commands). */
export function formatSso(result: unknown): string {
  const r = result as Record<string, unknown>;
  if (r.protocol === 'none') return `LMS '${String(r.lms)}' has no single sign-on.`;
  return Object.entries(r)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
}

/** A metadata or certificate file is small; anything bigger is the wrong file. */
export const MAX_SAML_FILE_BYTES = 512 * 1024;

export interface SamlInput extends MatchInput {
  lms: string;
  /** The upload is the IdP's metadata XML (else its signing certificate, with the two fields). */
  metadata?: boolean;
  entityId?: string;
  ssoUrl?: string;
  idpInitiated?: boolean;
}

/**
 * Sets an LMS's SAML 2.0 sign-on from the IdP's metadata, or from its entity id, SSO address and
 * signing certificate(s). Prints the SP values (entity id, ACS URL, metadata address).
 */
export async function setSamlConfig(deps: OperatorDeps, input: SamlInput, upload?: CommandUpload) {
  const lms = await lmsByCode(deps, input.lms);
  if (upload === undefined) {
    throw new HttpError(
      400,
      'Give the IdP metadata (--metadata) or its signing certificate (--certificate).',
    );
  }
  const bytes = await readUpload(upload);
  if (bytes.length > MAX_SAML_FILE_BYTES) throw new HttpError(400, 'The file is too large.');
  let idp: IdpSettings;
  if (input.metadata) {
    if (input.entityId !== undefined || input.ssoUrl !== undefined) {
      throw new HttpError(
        400,
        'Give either --metadata, or --entity-id, --sso-url and --certificate.',
      );
    }
    idp = readIdpMetadata(bytes.toString('utf8'));
  } else {
    if (!input.entityId?.trim() || !input.ssoUrl?.trim()) {
      throw new HttpError(
        400,
        'Without --metadata, give --entity-id, --sso-url and --certificate.',
      );
    }
    idp = {
      entityId: input.entityId.trim(),
      ssoUrl: input.ssoUrl.trim(),
      sloUrl: null,
      certificates: certificatesFromFile(bytes.toString('utf8')),
    };
  }
  if (!isAcceptableIdpUrl(idp.ssoUrl)) {
    throw new HttpError(
      400,
      'The IdP SSO URL must be an https:// address (http:// only for localhost).',
    );
  }
  await saveSsoConfig(deps.db, {
    lmsKey: lms.lmsKey,
    protocol: 'saml',
    matchAttribute: input.match ?? 'email',
    matchClaim: input.claim?.trim() || null,
    jitProvisioning: input.jit ?? false,
    oidcIssuer: null,
    oidcClientId: null,
    oidcClientSecretSealed: null,
    samlIdpEntityId: idp.entityId,
    samlSsoUrl: idp.ssoUrl,
    samlSloUrl: idp.sloUrl && isAcceptableIdpUrl(idp.sloUrl) ? idp.sloUrl : null,
    samlIdpCertificates: idp.certificates,
    samlIdpInitiated: input.idpInitiated ?? false,
    oidcAssumeEmailVerified: false,
    updatedAt: deps.clock.now(),
  });
  return showSso(deps, { lms: lms.lmsCode });
}
