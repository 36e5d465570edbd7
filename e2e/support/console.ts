import { expect, type Page } from '@playwright/test';
import { expectAccessible, screenshotBoth } from './panel.js';
import { DEMO_PASSWORD } from './users.js';

/** Fills the console's sign-in form and presses 'Sign in' (what follows is the test's to check). */
export async function submitConsoleSignIn(page: Page, login: string, password: string) {
  await page.goto('/console/login');
  await page.getByLabel('Login ID').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs a demo staff member in to the console and waits for the home page. */
export async function consoleSignIn(page: Page, login: string, password = DEMO_PASSWORD) {
  await submitConsoleSignIn(page, login, password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
}

/** axe-core at the console's two widths: no serious or critical violation at either. */
export async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Full-page screenshots from the top (a sticky header stays put; a region scrolls its own box). */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const region of Array.from(document.querySelectorAll('[role="region"]')))
      region.scrollTop = 0;
  });
  await screenshotBoth(page, name);
}
