import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, submitConsoleSignIn } from './support/console.js';
import { waypoint } from './support/cli.js';
import { codeIn, lastEmailKey, nextEmail } from './support/outbox.js';
import { expectAccessible, screenshotBoth } from './support/panel.js';
import { createUser, DEMO_PASSWORD } from './support/users.js';

test.describe('console sign-in', () => {
  test('the administrator signs in, sees their access, and signs out', async ({ page }) => {
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff console');
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-login');

    await submitConsoleSignIn(page, 'admin', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Grace Okafor');
    await expect(page).toHaveURL(/\/console\/?$/);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText('Grace Okafor');
    await expect(banner).toContainText('Administrator');
    await expect(page.getByRole('main')).toContainText('Whole LMS');
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-home');

    // At phone width the navigation folds behind the Menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // A reload keeps the tab signed in (sessionStorage); Sign out ends it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Grace Okafor');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    await page.goto('/console/');
    await expect(page).toHaveURL(/\/console\/login$/);
  });

  test("a base's training manager sees their scope", async ({ page }) => {
    await submitConsoleSignIn(page, 'manager', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Tom Hughes');
    await expect(page.getByRole('banner')).toContainText('Training manager');
    await expect(page.getByRole('list', { name: 'Restriction groups' })).toHaveText('LHR');
  });

  test('a student is refused with the staff message, a wrong password with its own', async ({
    page,
  }) => {
    const student = createUser();
    await submitConsoleSignIn(page, student.login, student.password);
    await expect(page.getByRole('alert')).toHaveText('You do not have staff access.');
    await submitConsoleSignIn(page, student.login, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Incorrect login.');
    await expect(page).toHaveURL(/\/console\/login$/);
  });

  test('a staff member with MFA signs in with the emailed code', async ({ page }) => {
    const id = `e2e-staff-${process.pid}-${Date.now().toString(36)}`;
    const email = `${id}@example.com`;
    const password = DEMO_PASSWORD;
    waypoint(
      'staff',
      'create',
      '--lms',
      'demo',
      '--login',
      id,
      '--role',
      'auditor',
      '--name',
      'Mia Staff',
      '--email',
      email,
      '--password',
      password,
      '--mfa',
    );
    const before = lastEmailKey(email);
    await submitConsoleSignIn(page, id, password);
    const code = page.getByLabel('Verification code');
    await expect(code).toBeVisible();
    await expectAccessible(page);
    await code.fill(codeIn(await nextEmail(email, before)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Mia Staff');
    await expect(page.getByRole('banner')).toContainText('Auditor');
  });

  test('a session that ends sends the person to sign in again, saying why', async ({ page }) => {
    await submitConsoleSignIn(page, 'auditor', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome/);
    // The session ends on the server (as an idle timeout or another tab's sign-out would).
    const sessionId = await page.evaluate(() =>
      window.sessionStorage.getItem('waypoint.console.session'),
    );
    const xsrf = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'CONSOLE-XSRF-TOKEN',
    );
    const ended = await page.request.delete('/lms/api/Login', {
      headers: {
        sessionID: sessionId ?? '',
        'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? ''),
      },
    });
    expect(ended.status()).toBe(204);
    await page.reload();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/console\/login$/);
  });
});
