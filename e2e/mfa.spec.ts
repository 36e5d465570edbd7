import { expect, test } from '@playwright/test';
import { codeIn, lastEmailKey, nextEmail } from './support/outbox.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

test.describe('MFA', () => {
  test('a correct code signs the student in', async ({ page }) => {
    const user = createUser({ mfa: true });
    await signIn(page, user.login, user.password);
    await expect(page).toHaveURL(/\/mfa$/);
    await expect(page.getByRole('heading', { name: 'Student Panel' })).toBeVisible();
    const email = await nextEmail(user.email);
    await expectAccessible(page);
    await screenshotBoth(page, 'mfa');
    await page.getByLabel('Verification code').fill(codeIn(email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectSignedIn(page);
  });

  test('a wrong code shows the invalid-code message', async ({ page }) => {
    const user = createUser({ mfa: true });
    await signIn(page, user.login, user.password);
    const code = codeIn(await nextEmail(user.email));
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByLabel('Verification code').press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid or Expired Code entered. Please enter a valid code or send a new code and try again.',
    );
    await expect(page).toHaveURL(/\/mfa$/);
  });

  test('resend sends a new code that works', async ({ page }) => {
    test.slow(); // the server allows one resend per 30 s
    const user = createUser({ mfa: true });
    await signIn(page, user.login, user.password);
    const first = await nextEmail(user.email);
    // Too soon: the server's message shows and the student stays on the MFA screen.
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(page.getByRole('alert')).toContainText('30 seconds');
    await expect(page).toHaveURL(/\/mfa$/);

    await page.waitForTimeout(31_000);
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(page.getByRole('button', { name: 'Resending Code...' })).toBeVisible();
    const second = await nextEmail(user.email, first.emailKey);
    await expect(page.getByText('A new code has been sent.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeEnabled();
    await page.getByLabel('Verification code').fill(codeIn(second));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectSignedIn(page);
  });

  test('a remembered device skips MFA next time', async ({ page }) => {
    const user = createUser({ mfa: true });
    await signIn(page, user.login, user.password);
    const email = await nextEmail(user.email);
    await page.getByLabel('Verification code').fill(codeIn(email));
    await page.getByLabel(/^Remember this device for \d+ days?$/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectSignedIn(page);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const before = lastEmailKey(user.email);
    await signIn(page, user.login, user.password);
    await expectSignedIn(page);
    expect(lastEmailKey(user.email)).toBe(before);
  });
});
