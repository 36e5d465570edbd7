import { expect, type Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { waypoint } from './cli.js';
import { expectSignedIn, signIn } from './panel.js';
import { createUser, type TestUser } from './users.js';

/** Writes each package's zip into a new temporary folder, for the operator CLI to import. */
export async function writePackageZips<K extends string>(
  prefix: string,
  packages: Record<K, Buffer>,
): Promise<{ dir: string; zips: Record<K, string> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `waypoint-${prefix}-`));
  const zips = {} as Record<K, string>;
  for (const [name, zip] of Object.entries(packages) as [K, Buffer][]) {
    zips[name] = path.join(dir, `${name.replace(/\W+/g, '-')}.zip`);
    await writeFile(zips[name], zip);
  }
  return { dir, zips };
}

/** Opens a curriculum's course details from the Assignments list. */
export async function openCourseDetails(page: Page, curriculum: string): Promise<void> {
  await page.goto('/assignments');
  await page
    .getByRole('tabpanel')
    .getByTestId('curriculum-card')
    .filter({ hasText: curriculum })
    .click();
  await expect(page.getByRole('heading', { name: `Curriculum: ${curriculum}` })).toBeVisible();
}

/**
 * Imports a package as a curriculum of a new student's own (named `label` and the student's
 * login, so journeys never share one), assigns it, signs in and opens its course details.
 */
export async function startOwnCurriculum(
  page: Page,
  zip: string,
  label: string,
): Promise<{ user: TestUser; curriculum: string }> {
  const user = createUser();
  const curriculum = `${label} ${user.login}`;
  waypoint('import-scorm', zip, '--lms', 'demo', '--curriculum', curriculum);
  waypoint('assign', '--lms', 'demo', '--user', user.login, '--curriculum', curriculum);
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);
  await openCourseDetails(page, curriculum);
  return { user, curriculum };
}
