import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser } from './support/users.js';

// Documents (§2, §4, §5 Document submit, §7): a student opens an assigned document, fills it in,
// uploads a scan, saves, reopens it and sees the file, removes it; the too-large and required
// messages; the Expired status and the header's warning icon, which follows a save without a
// reload. Each test defines its own document types for its own user through the operator CLI.

// The e2e machine is shared and busy: every wait here is generous.
const expect = baseExpect.configure({ timeout: 30_000 });
// Each operator CLI call (fixtures) takes up to half a minute there.
test.setTimeout(600_000);

/** Signs in and waits (patiently: scrypt under load) for the signed-in panel. */
async function signInPatiently(page: Page, login: string, password: string) {
  await signIn(page, login, password);
  await expect(page).toHaveURL(/\/(dashboard|assignments)$/, { timeout: 60_000 });
  await expectSignedIn(page);
}

// Dates are shown in the browser's time zone; the expiries are whole UTC days.
test.use({ timezoneId: 'UTC' });

const folder = mkdtempSync(path.join(os.tmpdir(), 'waypoint-e2e-documents-'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function defineDocument(name: string, fields: object[]): void {
  const file = path.join(folder, `${name.replace(/\W+/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ name, description: `${name} for e2e`, fields }, null, 2));
  waypoint('define-document', file, '--lms', 'demo');
}

function assign(name: string, login: string): void {
  waypoint('assign-document', '--lms', 'demo', '--document', name, '--user', login);
}

async function openDocuments(page: Page) {
  await page.getByTestId('settings-menu-button').click();
  await page.getByRole('menuitem', { name: /Documents/ }).click();
  const dialog = page.getByTestId('documents-dialog');
  await expect(dialog.getByRole('list', { name: 'Assigned documents' })).toBeVisible();
  return dialog;
}

test('open, fill, upload, save, reopen and see the file; delete it; the warning icon follows', async ({
  page,
}) => {
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const name = `Medical ${stamp}`;
  defineDocument(name, [
    { name: 'expiration', type: 'date', required: true },
    { name: 'Class', type: 'select', options: ['Class 1', 'Class 2'], required: true },
    { name: 'Scan', type: 'file', required: true },
    { name: 'Notes', type: 'textarea' },
  ]);
  const user = createUser();
  assign(name, user.login);
  await signInPatiently(page, user.login, user.password);
  await expect(page.getByTestId('settings-warning')).toBeVisible();

  let dialog = await openDocuments(page);
  const row = dialog.getByRole('button', { name: new RegExp(name) });
  await expect(row).toHaveAttribute('data-status', 'Unsubmitted');
  await expect(row).toContainText('Unsubmitted');
  await row.click();
  await expect(dialog.getByRole('button', { name: '← Back' })).toBeVisible();
  await expect(dialog.getByText('(5mb upload limit)')).toBeVisible();

  // Required fields first: the §5 messages, joined with ' - ', and nothing sent.
  await dialog.getByTestId('document-save').click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "You must fill out the expiration date. - The 'Class' field requires you to fill out this field before submitting. - The 'Scan' field requires you to fill out this field before submitting.",
  );
  await expectAccessible(page);
  await screenshotBoth(page, 'documents-form-messages');

  // Too large: 5000 KB (rounded) is refused before sending.
  await dialog.getByLabel('Scan', { exact: true }).setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([PDF, Buffer.alloc(5000 * 1024)]),
  });
  await dialog.getByLabel('Expiration date', { exact: true }).fill('2030-06-30');
  await dialog.getByLabel('Class', { exact: true }).selectOption('Class 1');
  await dialog.getByTestId('document-save').click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "The file attached to the 'Scan' field is too large.",
  );

  // An image shows a thumbnail before it is saved.
  await dialog
    .getByLabel('Scan', { exact: true })
    .setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Preview of scan.png' })).toBeVisible();
  await dialog
    .getByLabel('Scan', { exact: true })
    .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByLabel('Notes', { exact: true }).fill('Renewed in June.');
  await dialog.getByTestId('document-save').click();
  await expect(dialog.getByTestId('document-save')).toHaveText('Save');
  // The button keeps §4's words; a status beside it says the save went through.
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(dialog.getByTestId('saved-file')).toContainText('scan.pdf');
  // The header's warning icon follows the save, without a reload.
  await expect(page.getByTestId('settings-warning')).toBeHidden();
  await screenshotBoth(page, 'documents-form-saved');

  // Back to the list, reopen: the answers and the file are there.
  await dialog.getByRole('button', { name: '← Back' }).click();
  await expect(dialog.getByRole('button', { name: new RegExp(name) })).toContainText(
    'Expires 2030/06/30',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  dialog = await openDocuments(page);
  await dialog.getByRole('button', { name: new RegExp(name) }).click();
  await expect(dialog.getByTestId('saved-file')).toContainText('scan.pdf');
  await expect(dialog.getByLabel('Notes', { exact: true })).toHaveValue('Renewed in June.');
  await expect(dialog.getByLabel('Expiration date', { exact: true })).toHaveValue('2030-06-30');
  const download = dialog.getByRole('link', { name: 'Download' });
  const href = await download.getAttribute('href');
  expect(new URL(href!).hostname).toBe('127.0.0.1');
  await expectAccessible(page);

  // Delete: the §5 confirmation, then the file is gone.
  await dialog.getByRole('button', { name: 'Delete scan.pdf' }).click();
  await expect(dialog.getByRole('alertdialog')).toHaveText(
    /Are you sure you want to permanently remove this file\? Any unsaved changes will be lost\./,
  );
  await dialog.getByRole('button', { name: 'Delete file' }).click();
  await expect(dialog.getByTestId('saved-file')).toBeHidden();
  await dialog.getByTestId('document-save').click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "The 'Scan' field requires you to fill out this field before submitting.",
  );
});

test('the Expired status, expiring soon, and the header icon', async ({ page }) => {
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const expired = `Passport ${stamp}`;
  const soon = `Dangerous goods ${stamp}`;
  defineDocument(expired, [
    { name: 'expiration', type: 'date' },
    { name: 'Notes', type: 'text' },
  ]);
  defineDocument(soon, [{ name: 'expiration', type: 'date' }]);
  const user = createUser();
  assign(expired, user.login);
  assign(soon, user.login);
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const expiry = (document: string, date: string) =>
    waypoint(
      'set-document-expiry',
      '--lms',
      'demo',
      '--document',
      document,
      '--user',
      user.login,
      '--date',
      date,
    );
  expiry(expired, day(-3));
  expiry(soon, day(12));

  await signInPatiently(page, user.login, user.password);
  await expect(page.getByTestId('settings-warning')).toBeVisible();
  const dialog = await openDocuments(page);
  const expiredRow = dialog.getByRole('button', { name: new RegExp(expired) });
  await expect(expiredRow).toHaveAttribute('data-status', 'Expired');
  await expect(expiredRow).toContainText('Expired');
  await expect(dialog.getByRole('button', { name: new RegExp(soon) })).toContainText(
    /Expires in 1[23] days/,
  );
  await expectAccessible(page);
  await screenshotBoth(page, 'documents-list');

  // Renewing the expired one (a new expiry date) clears the warning without a reload.
  await expiredRow.click();
  await dialog.getByLabel('Expiration date', { exact: true }).fill(day(400));
  await dialog.getByTestId('document-save').click();
  await expect(dialog.getByTestId('document-save')).toHaveText('Save');
  await expect(page.getByTestId('settings-warning')).toBeHidden();
});
