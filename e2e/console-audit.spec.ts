import { expect, test, type Page } from '@playwright/test';
import {
  consoleSignIn,
  expectAccessibleAtBothWidths,
  screenshotFromTop,
} from './support/console.js';
import { expectAccessible } from './support/panel.js';
import { createUser } from './support/users.js';

// Roles and the audit log in the staff console (docs/decisions/0021): the demo administrator makes
// a role in the roles matrix and finds its event in the audit log with what it grants; the demo
// auditor reads the log and the roles but has no button that changes anything.

/** The console's side navigation. */
const sections = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });

test('the administrator makes a role and reads its event in the audit log', async ({ page }) => {
  const roleName = `Records clerk ${Date.now().toString(36)}`;
  await consoleSignIn(page, 'admin');

  await sections(page).getByRole('link', { name: 'Staff and roles' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff and roles');
  await expect(page.getByRole('table', { name: 'Staff' })).toContainText('auditor');
  await expectAccessibleAtBothWidths(page);
  await screenshotFromTop(page, 'console-staff');

  await page.getByRole('link', { name: 'Roles', exact: true }).click();
  const matrix = page.getByRole('table', { name: 'Roles and their permissions' });
  await expect(matrix).toContainText('Training manager');
  // Built-in roles are read-only: their cells are marks, not boxes.
  await expect(matrix.getByRole('img', { name: 'See students: Auditor: yes' })).toBeVisible();
  await expect(matrix.getByRole('checkbox', { name: 'See students: Auditor' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Make role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a role' });
  await dialog.getByLabel('Name').fill(roleName);
  await dialog.getByLabel('See students').check();
  await dialog.getByLabel('See reports').check();
  await dialog.getByRole('button', { name: 'Make role' }).click();
  await expect(dialog).toBeHidden();
  await expect(matrix.getByRole('columnheader', { name: new RegExp(roleName) })).toBeVisible();
  // A made role's boxes change it at once.
  const comments = matrix.getByRole('checkbox', { name: `See comments: ${roleName}` });
  await comments.check();
  await expect(comments).toBeChecked();
  await expect(comments).toBeEnabled();
  await expectAccessibleAtBothWidths(page);
  await screenshotFromTop(page, 'console-roles');
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Staff' })).toBeVisible();
  // Making someone staff starts from a search of the LMS's people.
  await page.getByRole('button', { name: 'Make someone staff' }).click();
  const making = page.getByRole('dialog', { name: 'Make someone staff' });
  await making.getByLabel('Find a person').fill('student');
  await expect(making.getByRole('radio', { name: /Sam Carter/ })).toBeVisible();
  await expectAccessible(page);
  await screenshotFromTop(page, 'console-staff-make');
  await making.getByRole('button', { name: 'Cancel' }).click();

  await sections(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
  await page.getByLabel('Text in what happened').fill(roleName);
  await page.getByRole('button', { name: 'Apply' }).click();
  const events = page.getByRole('table', { name: 'Audit events, newest first' });
  await expect(events.getByRole('row')).toHaveCount(3);
  await expect(events).toContainText(`Made role ${roleName}`);
  await expect(events).toContainText(`Changed role ${roleName}`);
  await expect(events).toContainText('admin');
  await expectAccessibleAtBothWidths(page);
  await screenshotFromTop(page, 'console-audit');

  await page.getByRole('button', { name: `Details of Changed role ${roleName}` }).click();
  const details = page.getByRole('dialog', { name: `Changed role ${roleName}` });
  await expect(details).toContainText('staff.role.update');
  const flags = details.getByRole('row', { name: /flags/ });
  await expect(flags).toContainText('["viewStudent","viewReport"]');
  await expect(flags).toContainText('["viewStudent","viewReport","viewComments"]');
  await expectAccessibleAtBothWidths(page);
  await screenshotFromTop(page, 'console-audit-event');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // The filtered view as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-demo-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('the auditor reads the log and the roles, with no button that changes anything', async ({
  page,
}) => {
  // An operator command is logged like a staff action (actor "operator").
  const added = createUser();
  await consoleSignIn(page, 'auditor');
  await sections(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
  await page.getByLabel('Who (login or operator)').fill('operator');
  await page.getByLabel('Action starts with').fill('operator.add-user');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('table', { name: 'Audit events, newest first' })).toContainText(
    `Operator ran add-user (${added.login})`,
  );

  await sections(page).getByRole('link', { name: 'Staff and roles' }).click();
  await expect(page.getByRole('table', { name: 'Staff' })).toContainText('admin');
  await expect(page.getByRole('button', { name: 'Make someone staff' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Change / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await page.getByRole('link', { name: 'Roles', exact: true }).click();
  const matrix = page.getByRole('table', { name: 'Roles and their permissions' });
  await expect(matrix).toContainText('Administrator');
  await expect(page.getByRole('button', { name: 'Make role' })).toHaveCount(0);
  await expect(matrix.getByRole('checkbox')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);
  await screenshotFromTop(page, 'console-roles-auditor');
});
