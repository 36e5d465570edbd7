import type { BuiltInRole } from '@waypoint/domain/staff';
import type { Db } from '../db/connection.js';
import type { TestApp } from './app.js';
import { buildUser, TEST_PASSWORD } from './factories.js';
import { browserFrom, postLogin, type Browser } from './sign-in.js';

/** Test helpers for the staff console (docs/decisions/0021): staff made in the database, signed in. */

/** Makes a new user (not a student unless told) staff of an LMS with a built-in role and scope. */
export async function buildStaff(
  db: Db,
  lmsKey: number,
  options: {
    role: BuiltInRole;
    restrictionGroups?: string[];
    userId?: string;
    isStudent?: boolean;
    mfaEnabled?: boolean;
  },
) {
  const user = await buildUser(db, lmsKey, {
    isStudent: options.isStudent ?? false,
    mfaEnabled: options.mfaEnabled ?? false,
    ...(options.userId ? { userId: options.userId } : {}),
  });
  const role = await db
    .selectFrom('staffRole')
    .select('roleKey')
    .where('lmsKey', '=', lmsKey)
    .where('builtIn', '=', options.role)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('staffMember')
    .values({
      userKey: user.userKey,
      roleKey: role.roleKey,
      restrictionGroups: options.restrictionGroups ?? [],
      createdAt: new Date(),
    })
    .execute();
  return user;
}

/** POST /lms/api/Login as the console sends it (header panel=console). */
export function postConsoleLogin(
  t: Pick<TestApp, 'baseUrl'>,
  userId: string,
  password: string = TEST_PASSWORD,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postLogin(t, userId, password, { panel: 'console', ...headers });
}

/**
 * A console sign-in as a browser: the console's cookies, and its XSRF token (CONSOLE-XSRF-TOKEN)
 * echoed as X-XSRF-TOKEN on every call.
 */
export async function signInConsole(
  t: Pick<TestApp, 'baseUrl'>,
  userId: string,
  password: string = TEST_PASSWORD,
): Promise<Browser> {
  const browser = await browserFrom(t, await postConsoleLogin(t, userId, password));
  const call = browser.call.bind(browser);
  browser.call = (path, init = {}) =>
    call(path, {
      ...init,
      headers: {
        'x-xsrf-token': browser.jar['CONSOLE-XSRF-TOKEN'] ?? '',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  return browser;
}

/** A new staff member of an LMS, signed in to the console. */
export async function staffBrowser(
  t: TestApp,
  lmsKey: number,
  options: Parameters<typeof buildStaff>[2],
): Promise<Browser> {
  const user = await buildStaff(t.db, lmsKey, options);
  return signInConsole(t, user.userId);
}
