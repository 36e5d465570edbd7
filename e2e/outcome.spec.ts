import { expect, test, type Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import { POST_TEST_ROLLUP, sequencedPackage } from '../apps/server/src/test/sequencing-packages.js';
import { openCourseDetails, startOwnCurriculum, writePackageZips } from './support/packages.js';
import { screenshotBoth } from './support/panel.js';

// Failed is failed (ADR 0010 Outcomes; §4 Completion codes, §6): a SCORM 2004 course whose post
// test alone decides its success (SN RB.1.2) is Failed in course details and the Completion
// Report, with its score, and has no certificate; after a retake that passes it is Complete and
// the certificate is there, with the same score on it.

let dir: string;
let zip: string;

test.beforeAll(async () => {
  const written = await writePackageZips('outcome', {
    'post-test': await sequencedPackage(
      'Post test course',
      POST_TEST_ROLLUP.items,
      POST_TEST_ROLLUP,
    ),
  });
  ({ dir } = written);
  zip = written.zips['post-test'];
});
test.afterAll(() => rm(dir, { recursive: true, force: true }));

const content = (player: Page) => player.frameLocator('iframe');

/** Plays the post test, answers Pass or Fail (scaled 0.9 or 0.2), and leaves the lesson. */
async function takePostTest(page: Page, answer: 'Pass' | 'Fail'): Promise<void> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Play Post test' }).click();
  const player = await popup;
  await expect(player).toHaveTitle('Post test - Waypoint');
  await content(player).getByRole('button', { name: answer }).click();
  await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
  const closed = player.waitForEvent('close');
  await player.getByRole('button', { name: 'Exit lesson' }).click();
  await closed;
}

/** The Most Recent row of the post test and the report tree's row of it. */
async function reportRows(page: Page, curriculum: string, section: 'open' | 'closed') {
  await page.goto('/report');
  await expect(page.getByTestId('most-recent')).toBeVisible();
  const recent = page
    .getByTestId('most-recent-row')
    .filter({ hasText: curriculum })
    .filter({ has: page.getByRole('rowheader', { name: 'Post test' }) });
  const sections = page.getByTestId(`${section}-curriculum`);
  await page
    .getByRole('button', {
      name: new RegExp(`^${section === 'open' ? 'Open' : 'Closed'} Curriculum`),
    })
    .click();
  await sections.getByRole('button', { name: new RegExp(`^${curriculum}`) }).click();
  await sections.getByRole('button', { name: /^Post test course/ }).click();
  const tree = sections.getByTestId('tree-lesson').filter({ hasText: 'Post test' });
  return { recent, tree };
}

test('a failed post test is Failed everywhere with no certificate; a passed retake is Complete with the certificate', async ({
  page,
}) => {
  const { curriculum } = await startOwnCurriculum(page, zip, 'Outcome');

  // Fail: scaled 0.2 is below the post test's 0.7, so the course's rollup is not satisfied.
  await takePostTest(page, 'Fail');
  const course = page.getByTestId('course').filter({ hasText: 'Post test course' });
  await expect(course.getByText('Failing', { exact: true })).toBeVisible();
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Post test' });
  // The status marker (its text is for screen readers) and §8's hint for -3.
  await expect(row.locator('.wp-visually-hidden').filter({ hasText: /^Failed$/ })).toBeAttached();
  await expect(row.getByTestId('failure-hint')).toBeVisible();
  await expect(row).toContainText('Score: 20%');
  await expect(page.getByRole('button', { name: /^View certificate/ })).toHaveCount(0);
  await screenshotBoth(page, 'outcome-failed-course-details');

  let rows = await reportRows(page, curriculum, 'open');
  await expect(rows.recent.getByTestId('lesson-status')).toHaveText('Failed');
  await expect(rows.recent).toContainText('20%');
  await expect(rows.tree).toContainText('Failed');
  await expect(rows.tree).toContainText('20%');
  await expect(page.getByRole('button', { name: /^View certificate/ })).toHaveCount(0);
  await screenshotBoth(page, 'outcome-failed-report');

  // Retake and pass: scaled 0.9 satisfies the post test, and so the course and curriculum.
  await openCourseDetails(page, curriculum);
  await takePostTest(page, 'Pass');
  // The course's chip (the first 'Complete'; the topic's marker says it too).
  await expect(course.getByText('Complete', { exact: true }).first()).toBeVisible();
  await expect(course.getByText('Failing', { exact: true })).toHaveCount(0);
  await expect(row).toContainText('Score: 90%');
  await expect(page.getByRole('button', { name: `View certificate: ${curriculum}` })).toBeVisible();

  rows = await reportRows(page, curriculum, 'closed');
  await expect(rows.recent.getByTestId('lesson-status')).toHaveText('Complete');
  await expect(rows.recent).toContainText('90%');
  await expect(rows.tree).toContainText('Complete');

  // The certificate: the same score text as every screen.
  await openCourseDetails(page, curriculum);
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `View certificate: ${curriculum}` }).click(),
  ]);
  const certificate = tab.locator('.wp-certificate');
  await expect(certificate).toBeVisible({ timeout: 30_000 });
  await expect(certificate).toContainText(curriculum);
  await expect(certificate).toContainText('90%');
  await screenshotBoth(tab, 'outcome-passed-certificate');
});
