import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expectSignedIn, signIn } from './support/panel.js';
import { DEMO_PASSWORD } from './support/users.js';

const screenshots = path.resolve(import.meta.dirname, '../screenshots');

test.beforeEach(() => mkdirSync(screenshots, { recursive: true }));

test("at 390 px the Assignments tabs fit: 'Expired Assignments' and its count stay on screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'student', DEMO_PASSWORD);
  await expectSignedIn(page);
  await page.goto('/assignments');
  const tabs = page.getByRole('tablist', { name: 'Assignments' });
  await expect(tabs).toBeVisible();
  const { scrollWidth, clientWidth } = await tabs.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const expired = page.getByRole('tab', { name: /Expired Assignments/ });
  const count = await expired.locator('span').last().boundingBox();
  const list = await tabs.boundingBox();
  expect(count!.x + count!.width).toBeLessThanOrEqual(list!.x + list!.width);
  await tabs.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screenshots, 'assignments-tabs-390.png') });
});

test('at 1280x800 the course table ends on a whole line, within the viewport height minus 375 px (§2)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'student', DEMO_PASSWORD);
  await expectSignedIn(page);
  await page.goto('/assignments');
  await page.getByTestId('curriculum-card').filter({ hasText: 'A320 Type Rating' }).click();
  const table = page.getByTestId('course-table');
  await expect(table.getByTestId('course-lock').first()).toBeAttached();
  // The box sizes itself after layout (a resize observer): wait for the content's height to settle.
  await page.waitForTimeout(300);
  const measure = await table.evaluate((box) => {
    const rect = box.getBoundingClientRect();
    const bottom = rect.top + box.clientHeight;
    const lines = box.querySelectorAll(
      '[data-testid="course"] > :first-child, [data-testid="course-lock"], [data-testid="topic"] > :first-child, li',
    );
    const cut = Array.from(lines)
      .map((line) => line.getBoundingClientRect())
      .filter((line) => line.top < bottom - 0.5 && line.bottom > bottom + 0.5)
      .map((line) => `${line.top}-${line.bottom}`);
    return { height: rect.height, scrolls: box.scrollHeight > box.clientHeight, cut };
  });
  expect(measure.scrolls).toBe(true);
  expect(measure.height).toBeLessThanOrEqual(800 - 375);
  expect(measure.cut).toEqual([]);
  // At most one line shorter than the limit: the page is not left half empty.
  expect(measure.height).toBeGreaterThan(800 - 375 - 80);
  await page.screenshot({ path: path.join(screenshots, 'course-details-1280x800.png') });
});

test('the Change Password pop-up measures 380x295 at 1280x800 (§2, §9)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'student', DEMO_PASSWORD);
  await expectSignedIn(page);
  await page.getByTestId('settings-menu-button').click();
  await page.getByRole('menuitem', { name: /Password/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // After the opening animation (a scale transform would change the measured box).
  await page.waitForTimeout(400);
  const size = await dialog.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  });
  expect(size).toEqual({ width: 380, height: 295 });
});
