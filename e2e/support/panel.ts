import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const screenshots = path.resolve(import.meta.dirname, '../../screenshots');

/** Fills the login form and presses 'Log in'. */
export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Login ID').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Waits until the signed-in panel shows (dashboard or assignments). */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/(dashboard|assignments)$/);
  await expect(page.getByTestId('settings-menu-button')).toBeVisible();
}

/** Fails on any serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Saves a full-page screenshot at 1280 and 390 px width into screenshots/ (git-ignored). */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(150); // let layout settle after the resize
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
