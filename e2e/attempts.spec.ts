import { expect, test } from '@playwright/test';
import { waypoint } from './support/cli.js';
import { consoleSignIn, expectAccessibleAtBothWidths } from './support/console.js';
import { expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

// The attempt record (migration 0027): an administrator corrects a lesson's result of a student
// of their own (a new assignment of a demo curriculum, so no other journey's data changes), with
// a reason; the console's record lists the correction as an attempt, and the student's Completion
// Report shows the corrected result and, when its 'Attempts' row is opened, the correction and why.
const CURRICULUM = 'Winter Operations';
const LESSON = 'Holdover Time Tables';
const REASON = 'Holdover tables checked in the classroom session';

test('a staff correction is an attempt with its reason, in the console and the panel', async ({
  browser,
}) => {
  const student = createUser();
  waypoint('assign', '--lms', 'demo', '--user', student.login, '--curriculum', CURRICULUM);

  const staff = await (await browser.newContext()).newPage();
  await consoleSignIn(staff, 'admin');
  await staff.goto(`/console/people?search=${student.login}`);
  await staff.getByRole('table', { name: 'People' }).getByRole('link').first().click();
  await staff.getByRole('link', { name: 'Record' }).click();
  await staff.locator('summary', { hasText: CURRICULUM }).click();
  await staff.getByRole('button', { name: `Correct result of ${LESSON}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Correct the result of ${LESSON}` });
  await dialog.getByRole('radio', { name: 'Complete, passed' }).check();
  await dialog.getByRole('textbox', { name: 'Score (%)' }).fill('90');
  // A reason is mandatory: a short one is refused, and nothing is recorded.
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Checked');
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A correction needs a reason.');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog).toBeHidden();
  await staff.locator('summary', { hasText: 'Attempts (1)' }).click();
  const attempts = staff.getByRole('table', { name: `Attempts of ${LESSON}` });
  await expect(attempts).toContainText('Correction');
  await expect(attempts).toContainText(`Reason: ${REASON}`);
  await expect(attempts).toContainText('90%');
  await expectAccessibleAtBothWidths(staff);
  await screenshotBoth(staff, 'console-record-attempts');

  const page = await (await browser.newContext()).newPage();
  await signIn(page, student.login, student.password);
  await expectSignedIn(page);
  await page.goto('/report');
  await page.getByRole('button', { name: /^Open Curriculum/ }).click();
  const open = page.getByTestId('open-curriculum');
  await open.getByRole('button', { name: new RegExp(`^${CURRICULUM}`) }).click();
  await open.getByRole('button', { name: /^Ground De-icing/ }).click();
  const row = open.getByTestId('tree-lesson').filter({ hasText: LESSON });
  await expect(row).toContainText('90%');
  await expect(row).toContainText('Complete');
  const toggle = open.getByRole('button', { name: `Attempts (1) of ${LESSON}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const list = open.getByTestId('lesson-attempt');
  await expect(list).toHaveCount(1);
  await expect(list).toContainText(`Corrected: ${REASON}`);
  await expect(list).toContainText('Passed');
  await expectAccessibleAtBothWidths(page);
  await screenshotBoth(page, 'completion-report-attempts');
});
