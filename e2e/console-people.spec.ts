import { expect, test } from '@playwright/test';
import { consoleSignIn, expectAccessibleAtBothWidths } from './support/console.js';
import { screenshotBoth } from './support/panel.js';

test.describe('console people', () => {
  test('an administrator imports three people, finds one and deactivates them; a LHR manager sees LHR only', async ({
    page,
  }) => {
    const id = `p${Date.now().toString(36)}`;
    const csv = [
      'login,email,given_name,family_name,employee_id,base,fleet,position,restriction_group',
      `${id}-a,${id}-a@example.com,Ada,Quill${id},E-${id}-1,LHR,A320,FO,LHR`,
      `${id}-b,${id}-b@example.com,Ben,Quill${id},E-${id}-2,MAN,B737,CPT,MAN`,
      `${id}-c,${id}-c@example.com,Cy,Quill${id},E-${id}-3,LHR,A320,CC,LHR`,
    ].join('\n');

    await consoleSignIn(page, 'admin');
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'People' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('People');
    await expect(page.getByRole('status').filter({ hasText: /\d+ people/ })).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-people-list');

    // A new person by the form: a rule broken shows under its field; then they are added.
    await page.getByRole('link', { name: 'New person' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New person');
    await page.getByLabel('Login ID').fill(`${id}-new`);
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByLabel('Given name').fill('Nia');
    await page.getByLabel('Family name').fill(`Form${id}`);
    await page.getByLabel('Base').fill('LHR');
    await page.getByLabel('Restriction group').fill('LHR');
    await page.getByRole('button', { name: 'Add person' }).click();
    await expect(page.getByText("'not-an-email' is not an email address.")).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-person-new');
    await page.getByRole('textbox', { name: 'Email' }).fill(`${id}-new@example.com`);
    await page.getByRole('button', { name: 'Add person' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Nia Form${id}`);
    await page.getByRole('link', { name: '← People' }).click();

    // Import: a bad file shows its problems and no Import button; the good one, a preview, then Import.
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import people');
    const text = page.getByLabel('Or paste it here');
    await text.fill('login,email,given_name,family_name\nx y,not-an-email,X,Y');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(
      page.getByText("line 2: login ID 'x y' contains spaces or control characters"),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
    await text.fill(csv);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(
      page.getByRole('heading', { name: 'Preview: 3 new, 0 updated, 0 unchanged' }),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-people-import');
    await page.getByRole('button', { name: 'Import 3 people' }).click();
    await expect(
      page.getByRole('heading', { name: 'Imported: 3 new, 0 updated, 0 unchanged' }),
    ).toBeVisible();

    // Find one by a prefix of the family name, any case; open them with the keyboard.
    await page.getByRole('link', { name: 'Back to people' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`quill${id}`.toUpperCase());
    await expect(page.getByRole('status').filter({ hasText: '3 people' })).toBeVisible();
    const table = page.getByRole('table', { name: 'People' });
    await expect(table.getByRole('link')).toHaveCount(3);
    await page.getByLabel('Base').selectOption('MAN');
    await expect(page.getByRole('status').filter({ hasText: '1 person' })).toBeVisible();
    const link = table.getByRole('link', { name: `Quill${id}, Ben` });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ben Quill${id}`);
    await expect(page.getByLabel('Base')).toHaveValue('MAN');
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-person');

    // Deactivate, after the confirmation.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate Ben Quill${id}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(`Ben Quill${id} is deactivated; their sessions ended.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
    await expect(page.getByText('Deactivated: cannot sign in')).toBeVisible();

    // The record tab: the Completion Report tree (nothing assigned to a new person).
    await page.getByRole('link', { name: 'Record' }).click();
    await expect(page.getByText('Nothing to report.')).toBeVisible();

    // A demo student's record: their Completion Report tree, read-only.
    await page.goto('/console/people?search=carter');
    await page
      .getByRole('table', { name: 'People' })
      .getByRole('link', { name: 'Carter, Sam' })
      .click();
    await page.getByRole('link', { name: 'Record' }).click();
    await expect(page.getByRole('heading', { name: /^Open Curriculum/ })).toBeVisible();
    await page.locator('summary').first().click();
    await expect(page.getByRole('columnheader', { name: 'Lesson Name' }).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-person-record');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/console\/login$/);

    // The LHR manager: the list holds LHR people only; the MAN person is nowhere.
    await consoleSignIn(page, 'manager');
    await page.goto('/console/people');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('People');
    const rows = page.getByRole('table', { name: 'People' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const groups = await page
      .getByRole('table', { name: 'People' })
      .locator('tbody tr:not([aria-hidden]) td:nth-child(7)')
      .allTextContents();
    expect(groups.length).toBeGreaterThan(0);
    expect(new Set(groups)).toEqual(new Set(['LHR']));
    await page.getByRole('searchbox', { name: 'Search' }).fill(`quill${id}`);
    await expect(page.getByRole('status').filter({ hasText: '2 people' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Quill${id}, Ben` })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-people-manager');
  });
});
