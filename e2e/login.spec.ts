import { expect, test } from '@playwright/test';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

test.describe('login', () => {
  test('a student signs in and lands in the panel', async ({ page }) => {
    const user = createUser();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Student Panel$/);
    await expectAccessible(page);
    await screenshotBoth(page, 'login');
    await signIn(page, user.login, user.password);
    await expectSignedIn(page);
    // Back on the login page, the existing session is validated and the student goes back in.
    await page.goto('/login');
    await expectSignedIn(page);
  });

  test('a wrong password shows the server message and stays on login', async ({ page }) => {
    const user = createUser();
    await signIn(page, user.login, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Incorrect login.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a locked account says so', async ({ page }) => {
    const user = createUser();
    // Five failed attempts lock the account (server rule); make them straight against the API.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.request.post('/lms/api/Login', {
        headers: { userID: user.login, password: 'wrong', useCookie: '1', panel: 'student' },
      });
    }
    await signIn(page, user.login, user.password);
    await expect(page.getByRole('alert')).toContainText('locked');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a student-locked LMS shows the notice and sends no login', async ({ page, baseURL }) => {
    // A training provider of its own, reached by its own host name (*.localhost is loopback),
    // locked for students by the operator: the server answers the real LMS info.
    const code = `locked-${Date.now().toString(36)}`;
    const host = `${code}.localhost`;
    waypoint('create-lms', '--code', code, '--name', 'Locked Airline');
    waypoint('update-lms', '--lms', code, '--student-locked', '1', '--host-names', host);
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/lms/api/Login')) loginCalls += 1;
    });
    const url = new URL('/login', baseURL);
    url.hostname = host;
    await page.goto(url.toString());
    await expect(page.getByRole('heading', { name: /Locked Airline/ })).toBeVisible();
    await page.getByLabel('Login ID').fill('student');
    await page.getByLabel('Password', { exact: true }).fill('Waypoint-demo-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByText('Please contact your training department for access.'),
    ).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('a user who is not a student is refused and signed out', async ({ page }) => {
    const user = createUser({ notStudent: true });
    await signIn(page, user.login, user.password);
    await expect(page.getByRole('alert')).toHaveText('You do not have student access.');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/report');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the demo instructor is not a student', async ({ page }) => {
    await signIn(page, 'instructor', 'Waypoint-demo-1');
    await expect(page.getByRole('alert')).toHaveText('You do not have student access.');
  });
});
