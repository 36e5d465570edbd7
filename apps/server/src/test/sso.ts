/** Shared steps of the single sign-on tests: operator commands, the hand-off, session counts. */
import type { Db } from '../db/connection.js';
import { buildLms, buildUser } from './factories.js';
import type { TestApp } from './app.js';
import { runOperatorCommand } from '../modules/operator/service.js';
import { browserFrom, cookieHeader, type Browser } from './sign-in.js';
import type { SsoBrowser } from './sso-browser.js';

/** Runs an operator command as the CLI would (own database). */
export function operator(
  t: TestApp,
  name: string,
  input: Record<string, unknown>,
  upload?: Buffer,
) {
  return runOperatorCommand(
    {
      db: t.db,
      config: t.config,
      clock: t.clock,
      mailer: { send: async () => {} },
      storage: t.app.deps.storage,
      state: t.app.deps.state,
    },
    name,
    input,
    upload,
  );
}

/** The hand-off code in a /sso/complete#handoff=... address. */
export function handoffOf(url: string): string {
  const match = /^[^#]*\/sso\/complete#handoff=([A-Za-z0-9_-]+)$/.exec(url);
  if (!match?.[1]) throw new Error(`not a hand-off address: ${url}`);
  return match[1];
}

/** POST /lms/api/sso/handoff as the panel sends it, with the browser's Waypoint cookies. */
export function postHandoff(t: TestApp, browser: SsoBrowser, handoff: string): Promise<Response> {
  return fetch(`${t.baseUrl}/lms/api/sso/handoff`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      usecookie: '1',
      cookie: cookieHeader(browser.jar(t.baseUrl)),
    },
    body: JSON.stringify({ handoff }),
  });
}

/** Trades a hand-off and wraps the answer into a signed-in Browser. */
export async function signedInFrom(
  t: TestApp,
  browser: SsoBrowser,
  handoff: string,
): Promise<Browser> {
  return browserFrom(t, await postHandoff(t, browser, handoff), { ...browser.jar(t.baseUrl) });
}

/** How many sessions exist (a refusal must not add one). */
export async function sessionCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('userSession')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The people both single sign-on tests sign in as: in LMS 'main' an ordinary student (ada), an
 * inactive one, an instructor (not a student) and a student with MFA; a student of LMS 'other'.
 */
export async function buildSsoPeople(db: Db): Promise<{ mainKey: number; otherKey: number }> {
  const mainKey = (await buildLms(db, { lmsCode: 'main' })).lmsKey;
  const otherKey = (await buildLms(db, { lmsCode: 'other' })).lmsKey;
  await buildUser(db, mainKey, { userId: 'ada', email: 'ada@example.test' });
  await buildUser(db, mainKey, { userId: 'sleeping', email: 'sleeping@example.test', inactive: 1 });
  await buildUser(db, mainKey, {
    userId: 'instructor',
    email: 'instructor@example.test',
    isStudent: false,
    userType: -1,
  });
  await buildUser(db, mainKey, {
    userId: 'guarded',
    email: 'guarded@example.test',
    mfaEnabled: true,
  });
  await buildUser(db, otherKey, { userId: 'bea', email: 'bea@example.test' });
  return { mainKey, otherKey };
}
