/**
 * A real SAML 2.0 identity provider for tests (samlify in the IdP role) on a loopback port: it
 * reads Waypoint's AuthnRequest from the HTTP-Redirect binding, shows a login form, and answers
 * with a signed assertion in an HTTP-POST form to Waypoint's ACS, as real IdPs do. The knobs of
 * `respond` craft the attack cases (audience, times, recipient, request id, another signing key).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as samlify from 'samlify';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
export const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

// samlify checks messages against the SAML schema with a validator of the caller's choosing; this
// test IdP trusts the requests of the Waypoint under test (the SP's own checks are what is tested).
samlify.setSchemaValidator({ validate: async () => 'skipped in the test IdP' });

/** A fresh RSA key and self-signed certificate (PEM), made by openssl. */
export function makeKeyPair(commonName: string): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-saml-key-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SamlUser {
  nameId: string;
  attributes?: Record<string, string>;
  authnContext?: string;
}

export interface ResponseOptions {
  inResponseTo?: string;
  audience?: string;
  recipient?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Sign with another key than the one in the IdP's metadata. */
  signer?: 'idp' | 'stranger';
}

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Fills samlify's template: plain values escaped, the two statements as XML. */
function fill(template: string, values: Record<string, string>): string {
  return Object.entries(values).reduce(
    (xml, [tag, value]) =>
      xml.replaceAll(`{${tag}}`, tag.endsWith('Statement') ? value : xmlText(value)),
    template,
  );
}
const newId = () => `_${randomBytes(16).toString('hex')}`;

export interface TestSamlIdp {
  baseUrl: string;
  entityId: string;
  metadata: string;
  cert: string;
  users: Record<string, SamlUser>;
  /** Options for the next answers of the login form. */
  next: ResponseOptions;
  /** Registers Waypoint's SP metadata (its /lms/sso/{code}/saml/metadata), as an IdP admin does. */
  trustSp(metadata: string): void;
  /** A base64 SAMLResponse for `user`, as the IdP would post it. */
  respond(user: SamlUser, options?: ResponseOptions): Promise<string>;
  close(): Promise<void>;
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startSamlIdp(options: {
  users: Record<string, SamlUser>;
}): Promise<TestSamlIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${baseUrl}/metadata`;
  const own = makeKeyPair('Waypoint test IdP');
  const stranger = makeKeyPair('Someone else');
  const idpWith = (keys: { key: string; cert: string }) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: keys.key,
      signingCert: keys.cert,
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: REDIRECT, Location: `${baseUrl}/sso` }],
    });
  const idp = idpWith(own);
  const strangerIdp = idpWith(stranger);
  let trusted: { sp: ReturnType<typeof samlify.ServiceProvider>; acs: string } | null = null;
  const spOf = () => {
    if (!trusted) throw new Error('trustSp(metadata) first');
    return trusted;
  };

  const state: TestSamlIdp = {
    baseUrl,
    entityId,
    metadata: idp.getMetadata(),
    cert: own.cert,
    users: options.users,
    next: {},
    trustSp(metadata) {
      const sp = samlify.ServiceProvider({ metadata });
      const acs = sp.entityMeta.getAssertionConsumerService('post') as string;
      trusted = { sp, acs };
    },
    async respond(user, opts = {}) {
      const { sp, acs } = spOf();
      const now = new Date();
      const later = opts.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
      const attributes = Object.entries(user.attributes ?? {})
        .map(
          ([name, value]) =>
            `<saml:Attribute Name="${xmlText(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${xmlText(value)}</saml:AttributeValue></saml:Attribute>`,
        )
        .join('');
      const signer = opts.signer === 'stranger' ? strangerIdp : idp;
      const result = await signer.createLoginResponse(
        sp,
        {} as never,
        'post',
        {},
        (template: string) => ({
          id: newId(),
          context: fill(template, {
            ID: newId(),
            AssertionID: newId(),
            Destination: acs,
            Audience: opts.audience ?? sp.entityMeta.getEntityID(),
            SubjectRecipient: opts.recipient ?? acs,
            Issuer: entityId,
            IssueInstant: (opts.notBefore ?? now).toISOString(),
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: (opts.notBefore ?? now).toISOString(),
            ConditionsNotOnOrAfter: later.toISOString(),
            SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
            NameIDFormat: EMAIL_FORMAT,
            NameID: user.nameId,
            InResponseTo: opts.inResponseTo ?? '',
            AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>${xmlText(user.authnContext ?? PASSWORD_CONTEXT)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
            AttributeStatement: attributes
              ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`
              : '',
          }),
        }),
      );
      return result.context;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', baseUrl);
      const page = (status: number, html: string) => {
        response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        response.end(html);
      };
      try {
        if (request.method === 'GET' && url.pathname === '/sso') {
          const { sp } = spOf();
          const parsed = await idp.parseLoginRequest(sp, 'redirect', {
            query: Object.fromEntries(url.searchParams),
          } as never);
          const requestId = String(
            (parsed.extract as { request?: { id?: string } }).request?.id ?? '',
          );
          page(
            200,
            `<!doctype html><title>Test IdP</title><h1>Test IdP sign-in</h1><form method="post" action="/login"><input type="hidden" name="request" value="${xmlText(requestId)}"><input type="hidden" name="relay" value="${xmlText(url.searchParams.get('RelayState') ?? '')}"><label>Login <input name="login"></label><label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form>`,
          );
          return;
        }
        if (request.method === 'POST' && url.pathname === '/login') {
          const form = await formBody(request);
          const user = state.users[form.get('login') ?? ''];
          if (!user) return page(401, '<!doctype html><title>Test IdP</title><p>Unknown user.</p>');
          const samlResponse = await state.respond(user, {
            inResponseTo: form.get('request') ?? '',
            ...state.next,
          });
          const { acs } = spOf();
          page(
            200,
            `<!doctype html><title>Test IdP</title><form method="post" action="${xmlText(acs)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><input type="hidden" name="RelayState" value="${xmlText(form.get('relay') ?? '')}"><button type="submit">Continue</button></form>`,
          );
          return;
        }
        page(404, 'not found');
      } catch (error) {
        page(400, `<!doctype html><p>${xmlText(String((error as Error).stack ?? error))}</p>`);
      }
    })();
  });
  return state;
}
