/**
 * A real OpenID Connect provider for tests (the `oidc-provider` package) on a loopback port, with
 * one confidential client, PKCE required, accounts from a table, and its development login form
 * (any password; the login is the account id). Consent is granted for the client up front, as
 * enterprise IdPs do for their own applications.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestOidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes or adds an account's claims. */
  accounts: Record<string, Record<string, unknown>>;
  /**
   * When set, the token endpoint's answer carries this function's ID token instead of the one the
   * provider signed: a token re-signed with another key, or edited after signing (the attacks the
   * relying party's signature check must stop).
   */
  replaceIdToken: ((idToken: string) => string | Promise<string>) | null;
  close(): Promise<void>;
}

export async function startOidcIdp(options: {
  redirectUris: string[];
  accounts: Record<string, Record<string, unknown>>;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcIdp> {
  const clientId = options.clientId ?? 'waypoint-test';
  const clientSecret = options.clientSecret ?? 'a-test-client-secret-of-some-length';
  const accounts = options.accounts;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'employee_id'],
    },
    // The scope's claims go into the ID token (as Entra ID and Keycloak put them there).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    // Explicit lifetimes (the provider's defaults print a notice each).
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    cookies: { keys: ['test-cookie-key-one', 'test-cookie-key-two'] },
    async findAccount(_ctx, id) {
      const claims = accounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  const idp: TestOidcIdp = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    replaceIdToken: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const replace = idp.replaceIdToken;
    if (replace && request.method === 'POST' && request.url?.startsWith('/token')) {
      holdTokenAnswer(response, replace);
    }
    void handle(request, response);
  });
  return idp;
}

/** Lets the token endpoint's JSON answer through with its id_token replaced. */
function holdTokenAnswer(
  response: ServerResponse,
  replace: (idToken: string) => string | Promise<string>,
): void {
  const chunks: Buffer[] = [];
  const end = response.end.bind(response) as (body: string) => ServerResponse;
  // The provider writes its answer with end(body) (Koa); anything written earlier is kept too.
  response.write = ((chunk: string | Uint8Array) => {
    chunks.push(Buffer.from(chunk));
    return true;
  }) as typeof response.write;
  response.end = ((chunk?: string | Uint8Array | (() => void)) => {
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
    const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token?: string };
    void (async () => {
      if (answer.id_token) answer.id_token = await replace(answer.id_token);
      const body = JSON.stringify(answer);
      response.setHeader('content-length', Buffer.byteLength(body));
      end(body);
    })();
    return response;
  }) as typeof response.end;
}
