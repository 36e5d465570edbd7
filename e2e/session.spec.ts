import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, signIn } from './support/panel.js';
import { createUser, DEMO_PASSWORD } from './support/users.js';

/** Ends the page's session on the server, as another tab or an operator would. */
async function endSessionOnServer(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  const sessionID = cookies.find((cookie) => cookie.name === 'sessionID')?.value ?? '';
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.delete('/lms/api/Login', {
    headers: { sessionID: decodeURIComponent(sessionID), 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(response.status()).toBeLessThan(300);
}

test('a session ended on the server mid-use opens Invalid Connection, and Re-login logs out', async ({
  page,
}) => {
  const user = createUser();
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);
  await endSessionOnServer(page);

  // The next call that needs the session is answered 401. Reloading the panel makes those calls at
  // once (the layout's own loads), so no click can race a background call that gets there first.
  await page.reload();

  const invalid = page.getByRole('dialog', { name: 'Invalid Connection' });
  await expect(invalid).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(invalid).toBeVisible();
  await invalid.getByRole('button', { name: 'Re-login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/assignments');
  await expect(page).toHaveURL(/\/login$/);
});

/** Counts the page's API requests from now on (spec §7 calls: everything under /lms/api/). */
function countApiRequests(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/lms/api/')) seen.urls.push(request.url());
  });
  return seen;
}

test('with Invalid Connection open on course details, no query is asked again (§8: no request storm)', async ({
  page,
}) => {
  // The demo student has curricula to open.
  await signIn(page, 'student', DEMO_PASSWORD);
  await expectSignedIn(page);
  await page.getByRole('link', { name: 'Assignments' }).first().click();
  await expect(page.getByTestId('curriculum-card').first()).toBeVisible();
  await endSessionOnServer(page);

  // The course details ask for the student parameters, the first call of this page: 401.
  await page.getByTestId('curriculum-card').first().click();
  const invalid = page.getByRole('dialog', { name: 'Invalid Connection' });
  await expect(invalid).toBeVisible();

  // Before the fix this page sent about 52 GET GetLMSStudentParameters a second, all 401.
  const seen = countApiRequests(page);
  await page.waitForTimeout(10_000);
  expect(seen.urls.length, seen.urls.join('\n')).toBeLessThanOrEqual(3);
  await expect(invalid).toBeVisible();
  await invalid.getByRole('button', { name: 'Re-login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a full page load of /dashboard after the session ended opens Invalid Connection, and so does the next call of a loaded one', async ({
  page,
}) => {
  await signIn(page, 'student', DEMO_PASSWORD);
  await expectSignedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('settings-menu-button')).toBeVisible();
  await endSessionOnServer(page);

  // The loaded page: the next call that needs the session (the Completion Report's) is answered
  // 401 and the pop-up opens over the stale page.
  const answered401: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) answered401.push(new URL(response.url()).pathname);
  });
  await page.getByRole('link', { name: 'Completion Report' }).first().click();
  const invalid = page.getByRole('dialog', { name: 'Invalid Connection' });
  await expect(invalid).toBeVisible();

  // A full page load: the dashboard's own calls (progress report, widgets, document counts) are
  // answered 401, and the pop-up opens.
  answered401.length = 0;
  const seen = countApiRequests(page);
  await page.goto('/dashboard');
  await expect(invalid).toBeVisible();
  await expect(invalid).toContainText('Your session is no longer valid');
  expect(answered401.length).toBeGreaterThan(0);
  // Then nothing more is asked for while it is open.
  await page.waitForTimeout(1_000);
  const afterLoad = seen.urls.length;
  await page.waitForTimeout(5_000);
  expect(seen.urls.slice(afterLoad)).toEqual([]);
  await invalid.getByRole('button', { name: 'Re-login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('logout ends the session and clears what the browser kept', async ({ page }) => {
  const user = createUser();
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);
  const sessionID = (await page.context().cookies()).find((c) => c.name === 'sessionID')?.value;
  expect(sessionID).toBeTruthy();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate("localStorage.getItem('currentUser')")).toBeNull();
  expect(await page.evaluate('sessionStorage.length')).toBe(0);
  expect((await page.context().cookies()).find((c) => c.name === 'sessionID')).toBeUndefined();

  const check = await page.request.get(`/lms/api/Login/${decodeURIComponent(sessionID!)}`);
  expect(check.status()).toBe(204);
  await page.goto('/report');
  await expect(page).toHaveURL(/\/login$/);
});
