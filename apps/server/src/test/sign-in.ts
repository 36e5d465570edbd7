import type { TestApp } from './app.js';
import { TEST_PASSWORD } from './factories.js';

/** Test helpers for signed-in requests over real HTTP (login headers, cookies, XSRF). */

/** The name=value pairs of a response's Set-Cookie headers (later ones win; cleared ones are ''). */
export function cookiesOf(response: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    jar[pair.slice(0, index).trim()] = decodeURIComponent(pair.slice(index + 1).trim());
  }
  return jar;
}

/** A Cookie header from name=value pairs. */
export function cookieHeader(jar: Record<string, string>): string {
  return Object.entries(jar)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}

/** POST /lms/api/Login as the panel sends it (plain and encoded headers, useCookie=1). */
export function postLogin(
  t: Pick<TestApp, 'baseUrl'>,
  userId: string,
  password: string = TEST_PASSWORD,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${t.baseUrl}/lms/api/Login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      userID: /^[\x20-\x7e]*$/.test(userId) ? userId : encodeURIComponent(userId),
      userIDEncoded: encodeURIComponent(userId),
      password: /^[\x20-\x7e]*$/.test(password) ? password : encodeURIComponent(password),
      passwordEncoded: encodeURIComponent(password),
      useCookie: '1',
      panel: 'student',
      ...headers,
    },
  });
}

/** A signed-in browser: session id, cookie jar, and a fetch that sends them (and XSRF) like the panel. */
export interface Browser {
  sessionId: string;
  userKey: number;
  lmsKey: number;
  jar: Record<string, string>;
  /** fetch with sessionID, cookies, JSON content type and X-XSRF-TOKEN (unless overridden). */
  call(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Response>;
}

/** Wraps a login (or MFA) response into a Browser. */
export async function browserFrom(
  t: Pick<TestApp, 'baseUrl'>,
  response: Response,
  jar: Record<string, string> = {},
): Promise<Browser> {
  if (response.status !== 200)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { sessionID: string; userKey: number; lmsKey: number };
  const browser: Browser = {
    sessionId: body.sessionID,
    userKey: body.userKey,
    lmsKey: body.lmsKey,
    jar: { ...jar, ...cookiesOf(response) },
    call(path, init = {}) {
      return fetch(`${t.baseUrl}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          sessionID: browser.sessionId,
          cookie: cookieHeader(browser.jar),
          'x-xsrf-token': browser.jar['XSRF-TOKEN'] ?? '',
          ...init.headers,
        },
      });
    },
  };
  return browser;
}

/** Logs a user in (no MFA) and returns the signed-in browser. */
export async function signIn(
  t: Pick<TestApp, 'baseUrl'>,
  userId: string,
  password: string = TEST_PASSWORD,
): Promise<Browser> {
  return browserFrom(t, await postLogin(t, userId, password));
}

/** The newest 6-digit code emailed to an address. */
export async function latestCode(t: TestApp, address: string): Promise<string> {
  const emails = await t.outbox(address);
  const match = /\b(\d{6})\b/.exec(emails.at(-1)?.textBody ?? '');
  if (!match?.[1]) throw new Error(`no code emailed to ${address}`);
  return match[1];
}

/** Waits until an address has received `count` emails (some are sent after the answer). */
export async function waitForEmails(t: TestApp, address: string, count: number) {
  for (let tries = 0; tries < 100; tries += 1) {
    const emails = await t.outbox(address);
    if (emails.length >= count) return emails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${address} did not receive ${count} emails`);
}
