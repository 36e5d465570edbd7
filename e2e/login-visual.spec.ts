import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotBoth } from './support/panel.js';

// The login page's pop-ups and variants: accessible, and captured for a look at 1280 and 390 px.
test.describe('login page variants', () => {
  test('FAQ pop-up with collapsible sections', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'FAQ' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('details').first()).toBeVisible();
    await dialog.locator('summary').first().click();
    await expect(dialog.locator('details').first()).toHaveAttribute('open', '');
    await expectAccessible(page);
    await screenshotBoth(page, 'login-faq');
  });

  test('forgot-password pop-up', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill('student');
    await expect(page.getByText('Incorrect email format.')).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'login-forgot');
  });

  test('support pop-up', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Support' }).click();
    await expect(page.getByRole('dialog', { name: 'Get Support' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an LMS that fails to load falls back to Learning Center', async ({ page }) => {
    await page.route('**/lms/api/PublicInfo/LMS/Info/', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Learning Center Student Panel',
    );
    await expect(page).toHaveTitle(' Learning Center');
  });
});
