import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

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
