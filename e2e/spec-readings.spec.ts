import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { DEMO_PASSWORD } from './support/users.js';

// The screens that follow the readings of docs/decisions/0010-readings-of-the-spec.md. The demo
// `student` only reads here, so the shared user stays as it is.

/** Answers the LMS info with some fields changed (the demo LMS itself is not touched). */
async function lmsInfoWith(page: Page, fields: Record<string, unknown>) {
  await page.route('**/lms/api/PublicInfo/LMS/Info/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...fields } });
  });
}

test.describe('readings of the spec (ADR 0010)', () => {
  test('the demo LMS hides the Waypoint-login option: route map, no live background', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByTestId('background-motion')).toHaveCount(0);
  });

  test('hideCPaTLogin 0 shows the live background with its pause control', async ({ page }) => {
    await lmsInfoWith(page, { hideCPaTLogin: 0, ssoEnabled: true });
    await page.goto('/login');
    await expect(page.locator('canvas')).toBeAttached();
    const pause = page.getByRole('button', { name: 'Pause animation' });
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Sign in with single sign-on' })).toBeVisible();
    await page.waitForTimeout(500); // a few animation frames for the screenshot
    await expectAccessible(page);
    await screenshotBoth(page, 'login-live');
    await pause.click();
    await expect(page.getByRole('button', { name: 'Play animation' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await expect(page).toHaveURL(/\/ssosaml2bridge\/$/);
  });

  test('reduced motion: a still frame until the student presses play', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await lmsInfoWith(page, { hideCPaTLogin: 0 });
    await page.goto('/login');
    await expect(page.locator('canvas')).toBeAttached();
    await page.getByRole('button', { name: 'Play animation' }).click();
    await expect(page.getByRole('button', { name: 'Pause animation' })).toBeVisible();
  });

  test('without a dashboard, Assignments carries the app-download prompt', async ({ page }) => {
    await lmsInfoWith(page, { showDashboard: 0 });
    await signIn(page, 'student', DEMO_PASSWORD);
    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/assignments$/);
    const prompt = page.getByTestId('app-download-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('link', { name: 'Windows' })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'assignments-app-prompt');
    await prompt.getByRole('button', { name: 'Dismiss' }).click();
    await expect(prompt).toHaveCount(0);
  });

  test('with a dashboard, Assignments has no prompt; a recurrent course shows its period', async ({
    page,
  }) => {
    await signIn(page, 'student', DEMO_PASSWORD);
    await expectSignedIn(page);
    await page.goto('/assignments');
    await expect(page.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
    await expect(page.getByTestId('app-download-prompt')).toHaveCount(0);

    await page
      .getByRole('tabpanel')
      .getByTestId('curriculum-card')
      .filter({ hasText: 'Annual Recurrent Training' })
      .click();
    const year = new Date().getUTCFullYear();
    await expect(
      page.getByText(`Course: Recurrent (${year}/01/01 to ${year}/12/31)`),
    ).toBeVisible();
    await expect(page.getByText(`${year}-01-01 Recurrent`)).toHaveCount(0);
    await screenshotBoth(page, 'course-details-recurrent');
  });

  test('the calendar names a recurrent course with its period', async ({ page }) => {
    // The demo's recurrent course is complete, so nothing of it is due: name a due course so.
    const year = new Date().getUTCFullYear();
    const recurrent = `${year}-01-01 Recurrent ${year}-12-31`;
    await page.route('**/lms/api/Widget/CalendarData/**', async (route) => {
      const response = await route.fetch();
      const data = (await response.json()) as { courses: { courseName: string }[] };
      // Every course, so whichever the months on show hold carries the name.
      for (const course of data.courses) course.courseName = recurrent;
      await route.fulfill({ response, json: data });
    });
    await signIn(page, 'student', DEMO_PASSWORD);
    await expectSignedIn(page);
    await page.goto('/dashboard');
    const calendar = page.getByTestId('calendar-widget');
    await expect(
      calendar.getByText(`Recurrent (${year}/01/01 to ${year}/12/31)`).first(),
    ).toBeVisible();
    await expect(calendar.getByText(recurrent)).toHaveCount(0);
    await screenshotBoth(page, 'dashboard-calendar-recurrent');
  });
});
