import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { DEMO_PASSWORD } from './support/users.js';
import path from 'node:path';
import { mkdirSync } from 'node:fs';

// Certificates (spec §2 Certificate page, §6; docs/decisions/0011) on the demo `student`
// (apps/server/src/db/seed/demo-certificates.ts): Dangerous Goods (default theme, valid), its
// course Dangerous Goods Category 10 (aviation theme, revoked). The journeys run in order: the
// last one revokes the Dangerous Goods certificate.
test.describe.configure({ mode: 'serial' });

const screenshots = path.resolve(import.meta.dirname, '../screenshots');

async function signInAsStudent(page: Page) {
  await signIn(page, 'student', DEMO_PASSWORD);
  await page.waitForURL(/\/(dashboard|assignments)$/, { timeout: 60_000 });
  await expectSignedIn(page);
}

/** Clicks a View certificate button and returns the certificate tab once it has rendered. */
async function openCertificate(page: Page, name: string): Promise<Page> {
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `View certificate: ${name}` }).click(),
  ]);
  await tab.waitForLoadState();
  await expect(tab.locator('.wp-certificate')).toBeVisible({ timeout: 30_000 });
  return tab;
}

let verifyUrl = '';

test.describe('certificates', () => {
  test('from course details: the page, its address, print preview, PDF and credential', async ({
    page,
  }) => {
    await signInAsStudent(page);
    await page.goto('/assignments');
    await page
      .getByRole('tabpanel')
      .getByTestId('curriculum-card')
      .filter({ hasText: 'Dangerous Goods' })
      .click();
    await expect(page.getByRole('heading', { name: 'Curriculum: Dangerous Goods' })).toBeVisible();
    const tab = await openCertificate(page, 'Dangerous Goods');

    // The session id of §2's query is gone from the address bar; the rest stays.
    expect(tab.url()).toMatch(
      /\/certificate\?lms=\d+&assignmentKey=\d+&curriculum=\d+&user=\d+#curriculum$/,
    );
    expect(tab.url()).not.toContain('sessionID');
    const certificate = tab.locator('.wp-certificate');
    await expect(
      certificate.getByRole('heading', { name: 'Certificate of Completion' }),
    ).toBeVisible();
    await expect(certificate).toContainText('Sam Carter');
    await expect(certificate).toContainText('Dangerous Goods Final Exam');
    await expect(certificate).toContainText('Morgan Ellis');
    await expectAccessible(tab);
    await screenshotBoth(tab, 'certificate-default');

    // Print preview: the toolbar goes, the certificate fits one landscape page.
    await tab.setViewportSize({ width: 1280, height: 800 });
    await tab.emulateMedia({ media: 'print' });
    await expect(tab.getByRole('navigation', { name: 'Certificate actions' })).toBeHidden();
    mkdirSync(screenshots, { recursive: true });
    await tab.screenshot({
      path: path.join(screenshots, 'certificate-print-preview.png'),
      fullPage: true,
    });
    const pdfPrint = await tab.pdf({ format: 'A4', landscape: true, preferCSSPageSize: true });
    const letterPrint = await tab.pdf({ format: 'Letter', landscape: true });
    for (const printed of [pdfPrint, letterPrint]) {
      expect((printed.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length).toBe(1);
    }
    await tab.emulateMedia({ media: 'screen' });

    const [pdf] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^certificate-[A-Z2-7]{26}\.pdf$/);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    const [credential] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('link', { name: 'Download credential' }).click(),
    ]);
    const jwt = (await readFile((await credential.path())!, 'utf8')).trim();
    expect(jwt.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
      type: string[];
    };
    expect(claims.type).toContain('OpenBadgeCredential');
    verifyUrl = (await tab.getByRole('link', { name: 'Verification page' }).getAttribute('href'))!;
    expect(verifyUrl).toMatch(/\/verify\/[A-Z2-7]{26}$/);
  });

  test('from the Completion Report: the curriculum and the revoked course certificate (aviation theme)', async ({
    page,
  }) => {
    await signInAsStudent(page);
    await page.goto('/report');
    await page.getByRole('button', { name: /^Closed Curriculum/ }).click();
    const closed = page.getByTestId('closed-curriculum');
    await closed.getByRole('button', { name: /^Dangerous Goods/ }).click();
    const curriculumTab = await openCertificate(page, 'Dangerous Goods');
    await expect(curriculumTab.getByRole('link', { name: 'Verification page' })).toHaveAttribute(
      'href',
      verifyUrl,
    );
    await curriculumTab.close();

    await closed.getByRole('button', { name: /^Dangerous Goods Category 10/ }).click();
    const courseTab = await openCertificate(page, 'Dangerous Goods Category 10');
    expect(courseTab.url()).toMatch(/&course=\d+#course$/);
    await expect(courseTab.locator('.wp-theme-aviation')).toBeVisible();
    await expect(courseTab.getByRole('status')).toHaveText(
      'This certificate has been revoked by the issuer.',
    );
    await expectAccessible(courseTab);
    await screenshotBoth(courseTab, 'certificate-aviation-revoked');
  });

  test('the verification page signed out, then revoked with the CLI', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(verifyUrl);
    await expect(page.getByRole('status')).toHaveText('Valid');
    await expect(page.locator('dl')).toContainText('Sam Carter');
    await expect(page.locator('dl')).toContainText('Waypoint Demo Airline');
    await expect(page.locator('body')).not.toContainText('WD10452');
    await expectAccessible(page);
    await screenshotBoth(page, 'certificate-verify-valid');

    await page.goto(verifyUrl.replace(/[A-Z2-7]{26}$/, 'AAAAAAAAAAAAAAAAAAAAAAAAAA'));
    await expect(page.getByRole('alert')).toHaveText('No certificate has this code.');
    await expectAccessible(page);

    const code = verifyUrl.slice(-26);
    const revoked = waypoint<{ certificateId: string }>(
      'certificate',
      'revoke',
      code,
      '--reason',
      'Revoked in the e2e journey',
    );
    expect(revoked.certificateId).toBe(code);
    await page.goto(verifyUrl);
    await expect(page.getByRole('status')).toHaveText('Revoked');
    await screenshotBoth(page, 'certificate-verify-revoked');
    await context.close();
  });
});
