import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOidcIdp, type TestOidcIdp } from '../apps/server/src/test/oidc-idp.js';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth } from './support/panel.js';

// Single sign-on with a real OpenID Connect provider (docs/decisions/0016): a training provider
// of its own, reached by its own host name (*.localhost is loopback), so the demo LMS's login page
// keeps no SSO button for the other journeys running meanwhile.
test.describe('single sign-on (OpenID Connect)', () => {
  test.describe.configure({ mode: 'serial' });
  const code = `sso-${Date.now().toString(36)}`;
  const host = `${code}.localhost`;
  let idp: TestOidcIdp;
  let origin: string;
  let secretDir: string;

  test.beforeAll(async ({ baseURL }) => {
    const url = new URL(baseURL ?? 'http://localhost');
    url.hostname = host;
    origin = url.origin;
    waypoint('create-lms', '--code', code, '--name', 'Skyline Airways');
    waypoint('update-lms', '--lms', code, '--host-names', host);
    waypoint(
      'add-user',
      '--lms',
      code,
      '--login',
      'ada.lovelace',
      '--email',
      'ada@skyline.example',
      '--name',
      'Ada Lovelace',
    );
    idp = await startOidcIdp({
      redirectUris: [`${origin}/lms/sso/${code}/oidc/callback`],
      accounts: {
        'ada@skyline.example': {
          email: 'ada@skyline.example',
          email_verified: true,
          name: 'Ada Lovelace',
        },
        'eve@skyline.example': {
          email: 'eve@skyline.example',
          email_verified: true,
          name: 'Eve Unknown',
        },
      },
    });
    secretDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-sso-e2e-'));
    const secretFile = path.join(secretDir, 'client-secret');
    writeFileSync(secretFile, `${idp.clientSecret}\n`, { mode: 0o600 });
    const shown = waypoint<{ redirectUri: string }>(
      'sso-oidc',
      '--lms',
      code,
      '--issuer',
      idp.issuer,
      '--client-id',
      idp.clientId,
      '--client-secret-file',
      secretFile,
    );
    expect(shown.redirectUri).toMatch(new RegExp(`/lms/sso/${code}/oidc/callback$`));
  });

  test.afterAll(async () => {
    waypoint('sso-off', '--lms', code);
    await idp?.close();
    if (secretDir) rmSync(secretDir, { recursive: true, force: true });
  });

  test('the SSO button signs a student in at the IdP and lands in the panel', async ({ page }) => {
    await page.goto(`${origin}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Skyline Airways Student Panel',
    );
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    // The IdP's own sign-in form (oidc-provider's development interaction).
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('ada@skyline.example');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    // No widgets in this LMS: the spec's flow lands on Assignments (§2, §4 step 2).
    await expectSignedIn(page);
    await expect(page).toHaveURL(`${origin}/assignments`);
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'sso-landed');
    // Logout ends the Waypoint session: back to login, and the panel is closed again.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(`${origin}/login`);
    await page.goto(`${origin}/assignments`);
    await expect(page).toHaveURL(`${origin}/login`);
  });

  test('a person without an account gets a clear page and no session', async ({ page }) => {
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.locator('input[name="login"]').fill('eve@skyline.example');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Single sign-on failed' })).toBeVisible();
    await expect(page.getByText('There is no Waypoint account for you')).toBeVisible();
    await screenshotBoth(page, 'sso-refused');
    await page.getByRole('link', { name: 'Back to the login page' }).click();
    await expect(page).toHaveURL(`${origin}/login`);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});
