import { expect, test } from '@playwright/test';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

/** A day `days` from now, as assign --due takes it (YYYY-MM-DD, UTC). */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Reminder emails (docs/decisions/0015): the student's own switch in the account menu.
test('a student turns email reminders off in the account menu, and it stays off', async ({
  page,
}) => {
  const user = createUser();
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);

  await page.getByTestId('settings-menu-button').click();
  const item = page.getByRole('menuitemcheckbox', { name: /Email reminders/ });
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await expect(item).toContainText('Email reminders: On');
  await expectAccessible(page);
  await screenshotBoth(page, 'reminders-account-menu');

  await item.click();
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await expect(item).toContainText('Email reminders: Off');
  // Saved at once: the operator's preview says so too.
  const preview = waypoint<{ blocked: string | null }>(
    'reminders',
    'preview',
    '--lms',
    'demo',
    '--user',
    user.login,
  );
  expect(preview.blocked).toBe(`${user.login} has turned reminders off.`);

  await page.reload();
  await expectSignedIn(page);
  await page.getByTestId('settings-menu-button').click();
  const again = page.getByRole('menuitemcheckbox', { name: /Email reminders/ });
  await expect(again).toContainText('Email reminders: Off');
  await expect(again).toHaveAttribute('aria-checked', 'false');
});

// The calendar feed (docs/decisions/0014): the address from the dashboard's Subscribe pop-up.
test("the calendar's Subscribe address serves the student's due dates", async ({
  page,
  context,
}) => {
  const user = createUser();
  const due = dayFromNow(20);
  waypoint(
    'assign',
    '--lms',
    'demo',
    '--user',
    user.login,
    '--curriculum',
    'Crew Resource Management',
    '--due',
    due,
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);
  await page.goto('/dashboard');

  await page.getByTestId('calendar-feed-button').click();
  const dialog = page.getByTestId('calendar-feed-dialog');
  const address = dialog.getByTestId('calendar-feed-address');
  await expect(address).toHaveValue(/\/lms\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Address copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await address.inputValue());
  expect(copied).toMatch(/^http:\/\//);

  const response = await page.request.get(copied);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  const calendar = (await response.text()).replace(/\r\n[ \t]/g, '');
  expect(calendar).toContain('SUMMARY:Due: Crew Resource Management');
  expect(calendar).toContain(`DTSTART;VALUE=DATE:${due.replaceAll('-', '')}`);
});
