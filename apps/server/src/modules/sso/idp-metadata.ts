/**
 * Reads what Waypoint needs from a SAML IdP's metadata XML (docs/decisions/0016): its entity id,
 * the HTTP-Redirect single sign-on address, the optional single logout address, and its signing
 * certificates. Also checks certificates given on their own (PEM or base64 DER).
 */
import { X509Certificate } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { HttpError } from '../../lib/http-error.js';

export const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpSettings {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  /** Base64 DER bodies (no PEM armour). */
  certificates: string[];
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  value === undefined
    ? []
    : (Array.isArray(value) ? value : [value]).filter(
        (v): v is Node => typeof v === 'object' && v !== null,
      );
const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && typeof (value as Node)['#text'] === 'string'
      ? ((value as Node)['#text'] as string)
      : '';

const bad = (message: string) => new HttpError(400, message);

/** A certificate as base64 DER; refused unless it parses as X.509. */
export function checkedCertificate(body: string): string {
  const base64 = body.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  try {
    new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    throw bad('A signing certificate is not a valid X.509 certificate.');
  }
  return base64;
}

/** The certificates of a PEM file (one or more blocks), or of one base64 body. */
export function certificatesFromFile(content: string): string[] {
  const blocks = content.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g);
  const bodies = blocks ?? (content.trim() === '' ? [] : [content]);
  if (bodies.length === 0) throw bad('The certificate file holds no certificate.');
  return bodies.map(checkedCertificate);
}

/** Reads an IdP's metadata; a clear 400 for what is missing. */
export function readIdpMetadata(xml: string): IdpSettings {
  if (XMLValidator.validate(xml) !== true) throw bad('The IdP metadata is not well-formed XML.');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    trimValues: true,
  });
  const root = parser.parse(xml) as Node;
  const entity =
    list(root.EntityDescriptor)[0] ?? list(list(root.EntitiesDescriptor)[0]?.EntityDescriptor)[0];
  if (!entity) throw bad('The IdP metadata has no EntityDescriptor.');
  const entityId = typeof entity['@entityID'] === 'string' ? entity['@entityID'].trim() : '';
  if (entityId === '') throw bad('The IdP metadata has no entityID.');
  const idp = list(entity.IDPSSODescriptor)[0];
  if (!idp) throw bad('The IdP metadata has no IDPSSODescriptor.');
  const location = (services: unknown) => {
    const service = list(services).find((s) => s['@Binding'] === REDIRECT_BINDING);
    return typeof service?.['@Location'] === 'string' ? service['@Location'].trim() : null;
  };
  const ssoUrl = location(idp.SingleSignOnService);
  if (!ssoUrl)
    throw bad('The IdP metadata has no SingleSignOnService with the HTTP-Redirect binding.');
  const certificates = list(idp.KeyDescriptor)
    .filter((key) => key['@use'] === undefined || key['@use'] === 'signing')
    .flatMap((key) =>
      list(list(key.KeyInfo)[0]?.X509Data).flatMap((data) =>
        Array.isArray(data.X509Certificate) ? data.X509Certificate : [data.X509Certificate],
      ),
    )
    .map(text)
    .filter((body) => body.trim() !== '')
    .map(checkedCertificate);
  if (certificates.length === 0) throw bad('The IdP metadata has no signing certificate.');
  return {
    entityId,
    ssoUrl,
    sloUrl: location(idp.SingleLogoutService),
    certificates: [...new Set(certificates)],
  };
}
