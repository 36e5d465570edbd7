import { expect, test } from '@playwright/test';
import { expectSignedIn, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

test('a signed-in student changes their password', async ({ page }) => {
  const user = createUser();
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);

  await page.getByTestId('settings-menu-button').click();
  await page.getByRole('menuitem', { name: /Change Password|Reset Password/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Old Password').fill(user.password);
  await dialog.getByPlaceholder('New Password').fill('Changed-password-7');
  await dialog.getByPlaceholder('Retype Password').fill('Changed-password-7');
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The server hashes the new password (scrypt), which takes a moment under test load.
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user.login, user.password);
  await expect(page.getByRole('alert')).toHaveText('Incorrect login.');
  await signIn(page, user.login, 'Changed-password-7');
  await expectSignedIn(page);
});
