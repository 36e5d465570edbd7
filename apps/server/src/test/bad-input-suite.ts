import http from 'node:http';
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { buildLms, buildUser } from './factories.js';
import { cookieHeader, signIn, type Browser } from './sign-in.js';

/**
 * Every route of the OpenAPI document (and the player API, which the document hides), driven with
 * generated bad input: wrong types, huge and unicode strings, NUL, deep JSON, numbers out of range
 * and not finite ("Infinity", "-1e400", the JSON literal 1e400), missing and duplicated headers,
 * wrong content types. No input may give a 5xx or hang, and a
 * route that refused every request changed nothing a student owns (ADR 0009). PGlite only: the
 * schemas, not the database, decide what is refused, and the suite is long. The routes are dealt
 * to several test files (platform/bad-input-*.test.ts), which run side by side.
 */
const RUNS_PER_ROUTE = 120;
const REQUEST_TIMEOUT_MS = 15_000;
const onPostgres = process.env.WAYPOINT_TEST_DB === 'postgres';

// Each request comes through a trusted proxy from an address of its own, so that per-address rate
// limits never turn the later runs into plain 429s: the input must reach the code behind them.
let t: TestApp | null = null;
let requestCount = 0;
const nextClientAddress = () => {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

// Signed in again before each route: a route may end the session (logout, password change).
let pilot: Browser | null = null;

/** Signs pilot in past every rate-limit window, so earlier routes' runs never refuse it. */
async function signInAfresh(): Promise<Browser> {
  t!.clock.advance(16 * 60_000);
  pilot = await signIn(t!, 'pilot');
  return pilot;
}

interface RouteUnderTest {
  method: string;
  /** OpenAPI template: /lms/api/Login/{sessionId}. */
  template: string;
  params: string[];
  query: string[];
  body: string[];
  headers: string[];
  /** The player API answers on the content origin. */
  content: boolean;
}

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

function routesOfDocument(): RouteUnderTest[] {
  if (!t) return [];
  const document = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: RouteUnderTest[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const names = (where: string) => parameters.filter((p) => p.in === where).map((p) => p.name);
      const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      routes.push({
        method: method.toUpperCase(),
        template,
        params: names('path'),
        query: names('query'),
        headers: names('header'),
        body: Object.keys(bodySchema?.properties ?? {}),
        content: false,
      });
    }
  }
  const player = (method: string, name: string, body: string[]): RouteUnderTest => ({
    method,
    template: `/player-api/{launchId}/${name}`,
    params: ['launchId'],
    query: [],
    headers: ['authorization'],
    body,
    content: true,
  });
  routes.push(
    player('GET', 'state', []),
    player('POST', 'commit', ['token', 'seq', 'final', 'cmi']),
    player('POST', 'heartbeat', ['token']),
    player('POST', 'navigate', ['token', 'lessonKey']),
  );
  return routes;
}

// ---- generators -------------------------------------------------------------------------------

const nastyValues = [
  '',
  '\u0000',
  'a\u0000b',
  'ab\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\r\n',
  '%00',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  'NaN',
  '-1',
  '-0',
  '2147483648',
  '9007199254740993',
  '0x1f',
  ' 1 ',
  '1.5',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\uD800',
  'é',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\u202Egnp.exe',
  'A'.repeat(70_000),
];

const nasty = fc.constantFrom(...nastyValues);

const badString = fc.oneof(
  { weight: 3, arbitrary: nasty },
  // Nasty values inside an otherwise well-shaped one, so that they get past the first checks.
  { weight: 3, arbitrary: nasty.map((value) => `pilot${value}@example.test`) },
  { weight: 2, arbitrary: nasty.map((value) => `pilot${value}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 3_000 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

const badJson: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(badString, { maxLength: 5 }),
);

/** Percent-encodes every byte of a string's UTF-8 (lone surrogates become U+FFFD). */
function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

const pathSegment = fc.oneof(
  { weight: 4, arbitrary: badString.map(encodeSegment) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%ZZ', '%', '%C0%AF', '%FF', '%E0%80', '1', '0', '1%00'),
  },
);

/** A header value Node's client will send (it refuses control characters itself). */
const headerValue = badString.map((value) =>
  /^[\t\x20-\x7e]*$/.test(value) ? value.slice(0, 4_000) : encodeSegment(value).slice(0, 4_000),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=waypoint',
  'application/zip',
  'application/xml',
  null,
);

const deepJson = fc
  .integer({ min: 100, max: 20_000 })
  .map((depth) => '['.repeat(depth) + ']'.repeat(depth));

function bodyFor(route: RouteUnderTest): fc.Arbitrary<string | null> {
  const knownFields = route.body.length
    ? fc
        .record(Object.fromEntries(route.body.map((name) => [name, badJson])), {
          requiredKeys: [],
        })
        .map((value) => JSON.stringify(value))
    : fc.constant('{}');
  // JSON.parse reads these literals as Infinity and -Infinity, which JSON.stringify cannot write.
  const nonFiniteLiteral = fc
    .tuple(
      route.body.length ? fc.constantFrom(...route.body) : fc.constant('value'),
      fc.constantFrom('1e400', '-1e400', '1e999'),
    )
    .map(([name, literal]) => `{${JSON.stringify(name)}:${literal}}`);
  return fc.oneof(
    knownFields,
    nonFiniteLiteral,
    badJson.map((value) => JSON.stringify(value) ?? 'null'),
    deepJson,
    fc.constantFrom('{', '{"a":', 'not json', '\u0000', '{"__proto__":{"isStudent":true}}'),
    badString,
    fc.constant(null),
  );
}

interface BadRequest {
  path: string;
  headers: [string, string][];
  body: string | null;
}

function requestFor(route: RouteUnderTest): fc.Arbitrary<BadRequest> {
  const session = fc.constantFrom('valid', 'missing', 'wrong', 'duplicated');
  const declaredHeaders = fc.array(
    fc.tuple(
      route.headers.length
        ? fc.oneof(fc.constantFrom(...route.headers), fc.constant('x-extra'))
        : fc.constant('x-extra'),
      headerValue,
    ),
    { maxLength: 6 },
  );
  const query = fc.array(
    fc.tuple(
      route.query.length ? fc.oneof(fc.constantFrom(...route.query), badString) : badString,
      badString,
    ),
    { maxLength: 4 },
  );
  return fc
    .record({
      params: fc.array(pathSegment, {
        minLength: route.params.length,
        maxLength: route.params.length,
      }),
      query,
      session,
      declaredHeaders,
      contentType,
      body: bodyFor(route),
    })
    .map(
      ({
        params,
        query: pairs,
        session: which,
        declaredHeaders: extra,
        contentType: type,
        body,
      }) => {
        let index = 0;
        let path = route.template.replace(/\{[^}]+\}/g, () => params[index++] ?? 'x');
        if (pairs.length) {
          path += `?${pairs.map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`).join('&')}`;
        }
        const headers: [string, string][] = [];
        if (pilot && which !== 'missing') {
          const id = which === 'wrong' ? 'not-a-session' : pilot.sessionId;
          headers.push(['sessionID', id]);
          if (which === 'duplicated') headers.push(['sessionID', 'second-session-id']);
          headers.push(['cookie', cookieHeader(pilot.jar)]);
          headers.push(['x-xsrf-token', pilot.jar['XSRF-TOKEN'] ?? '']);
        }
        headers.push(...extra);
        if (type) headers.push(['content-type', type]);
        return {
          path,
          headers,
          body: route.method === 'GET' || route.method === 'HEAD' ? null : body,
        };
      },
    );
}

// ---- sending ----------------------------------------------------------------------------------

interface Answer {
  status: number;
  hung: boolean;
}

function send(route: RouteUnderTest, request: BadRequest): Promise<Answer> {
  const base = new URL(t!.baseUrl);
  return new Promise((resolve, reject) => {
    const rawHeaders = request.headers.flat();
    // Raw header lists get no Host from Node's client; the player API answers on the content origin.
    rawHeaders.push('host', `${route.content ? 'localhost' : '127.0.0.1'}:${base.port}`);
    rawHeaders.push('x-forwarded-for', nextClientAddress());
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: base.port,
        method: route.method,
        path: request.path,
        headers: rawHeaders,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, hung: false }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve({ status: 0, hung: true });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the connection on a body it will not read (413, 415): that is a
      // refusal, not a failure, as long as the status line came first or the socket was reset.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE')
        resolve({ status: 400, hung: false });
      else reject(error);
    });
    if (request.body !== null) outgoing.write(request.body);
    outgoing.end();
  });
}

// Tables a refused request must leave alone, minus the columns that count attempts by design
// (failed logins, session activity, rate limits, MFA attempts).
const FINGERPRINTED = [
  ['lms', []],
  ['app_user', ['failed_login_count', 'locked_until']],
  ['curriculum', []],
  ['course', []],
  ['topic', []],
  ['lesson', []],
  ['assignment', []],
  ['lesson_progress', []],
  ['launch', ['last_active_at']],
  ['password_token', []],
  ['assigned_document', []],
  ['document_upload', []],
  ['annotation', []],
  ['evaluation', []],
  ['widget', []],
  ['content_package', []],
] as const;

async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const [table, ignored] of FINGERPRINTED) {
    const minus = ignored.map((column) => ` - '${column}'`).join('');
    const result = await sql<{ digest: string | null }>`
      select md5(coalesce(string_agg(row, ',' order by row), '')) as digest
      from (select (to_jsonb(t)${sql.raw(minus)})::text as row from ${sql.table(table)} t) rows`.execute(
      t!.db,
    );
    parts.push(`${table}:${result.rows[0]?.digest ?? ''}`);
  }
  return parts.join(' ');
}

/** The suite for one share of the routes (every `shards`-th route from `shard`). */
export async function badInputSuite(shard: number, shards: number): Promise<void> {
  if (!onPostgres) {
    t = await createTestApp({
      operatorToken: 'operator-token-for-bad-input',
      config: { trustProxy: ['127.0.0.1'] },
    });
    const lms = await buildLms(t.db, { lmsCode: 'main' });
    await buildUser(t.db, lms.lmsKey, { userId: 'pilot', email: 'pilot@example.test' });
    await buildUser(t.db, lms.lmsKey, { userId: 'mia', mfaEnabled: true });
  }
  const routes = routesOfDocument();
  const share = routes.filter((_route, index) => index % shards === shard);
  describe.skipIf(onPostgres)(
    `no input gives a 5xx, a hang, or a change when refused (${shard + 1} of ${shards})`,
    () => {
      afterAll(async () => {
        await t?.close();
      });

      // The inputs seen to give a 500 before the shared Key and Text schemas: now each is refused
      // with a 4xx (400 from the schema; 403 where the key is first compared with the session).
      it.runIf(shard === 0).each([
        [
          'POST',
          '/lms/api/Login',
          { userID: 'x', userIDEncoded: '%00', password: 'p', passwordEncoded: 'p' },
        ],
        [
          'POST',
          '/lms/api/Login',
          { userID: 'x', userIDEncoded: 'a%1fb', password: 'p', passwordEncoded: 'p' },
        ],
        ['GET', '/lms/api/PasswordReset/VALIDATE_EMAIL/a%00%40b.com?fromStudentpanel=true', {}],
        ['GET', '/lms/api/PasswordReset/VALIDATE_TOKEN/a%00/b%40c.com', {}],
        ['PUT', '/lms/api/PasswordReset/a%00/b%40c.com', { newPassword: 'Some-password-1' }],
        ['GET', '/lms/api/Widget/GetWidgetSettingsData/1/1/Infinity', {}],
        ['GET', '/lms/api/Widget/GetWidgetSettingsData/1/1/1e400', {}],
        ['GET', '/lms/api/Widget/PostWidget/-Infinity/1', {}],
        ['POST', '/lms/api/studentlaunch/prelaunch/ignored/Infinity/1/1/?force=false', {}],
      ] as const)('%s %s answers 400', async (method, path, headers) => {
        const browser = await signInAfresh();
        const response = await browser.call(path, { method, headers });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      });

      it.runIf(shard === 0)('covers the API', () => {
        expect(routes.length).toBeGreaterThan(30);
        expect(routes.map((route) => `${route.method} ${route.template}`)).toEqual(
          expect.arrayContaining([
            'POST /lms/api/Login',
            'GET /lms/api/progressreport/withPrerequisites/{lmsKey}/{userKey}',
            'POST /player-api/{launchId}/commit',
          ]),
        );
      });

      it.each(share.map((route) => [`${route.method} ${route.template}`, route] as const))(
        '%s',
        async (_name, route) => {
          await signInAfresh();
          const before = await fingerprint();
          let accepted = 0;
          await fc.assert(
            fc.asyncProperty(requestFor(route), async (request) => {
              const answer = await send(route, request);
              if (answer.hung) throw new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`);
              if (answer.status >= 500) throw new Error(`answered ${answer.status}`);
              if (answer.status < 400) accepted += 1;
            }),
            { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
          if (accepted === 0) expect(await fingerprint()).toBe(before);
        },
        240_000,
      );
    },
  );
}
