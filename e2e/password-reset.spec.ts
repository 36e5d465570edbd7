import { expect, test } from '@playwright/test';
import { linkIn, nextEmail } from './support/outbox.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

test('forgot password through to signing in with the new password', async ({ page }) => {
  const user = createUser();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password?' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await expect(dialog.getByText('Incorrect email format.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toContainText('on its way');

  const link = linkIn(await nextEmail(user.email));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your account password' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'set-password');

  await page.getByLabel('New Password').fill('Fresh-password-42');
  await page.getByLabel('New Password').press('Enter');
  await expect(page.getByLabel('Retype Password')).toBeFocused();
  await page.getByLabel('Retype Password').fill('Different-password-42');
  await page.getByLabel('Retype Password').press('Enter');
  await expect(page.getByText('Passwords must match.')).toBeVisible();

  await page.getByLabel('Retype Password').fill('Fresh-password-42');
  await page.getByLabel('Retype Password').press('Enter');
  await expect(
    page.getByText('Password successfully set, redirecting you to login...'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  // The same link cannot be used twice.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has expired.' })).toBeVisible();

  await signIn(page, user.login, 'Fresh-password-42');
  await expectSignedIn(page);
});

test("a set-password link without token says 'Incorrect URL.'", async ({ page }) => {
  await page.goto('/changepassword?email=someone%40example.com');
  await expect(page).toHaveURL(/\/ChangePassword\?email=/);
  await expect(page.getByRole('heading', { name: 'Incorrect URL.' })).toBeVisible();
});
