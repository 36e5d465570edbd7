import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exitLessonsPackage12 } from '../apps/server/src/test/test-packages.js';
import { waypoint } from './support/cli.js';
import { expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { createUser, type TestUser } from './support/users.js';

// How a SCO ends (ADR 0007): "Exit lesson" unloads the content as a browser leaving the page does
// (beforeunload, then unload), so a bookmark set only in beforeunload survives; a SCORM 1.2 page
// turner completes on LMSFinish; a mastery score decides passed; scores read as percentages (§9).
// The package is built in memory (self-contained, no CDN) and imported through the operator CLI.

// Two shared cores run several suites at once: the waits here allow for a slow machine.
const expect = baseExpect.configure({ timeout: 15_000 });

let dir: string;
let zip: string;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-exit-'));
  zip = path.join(dir, 'exit-lessons.zip');
  await writeFile(zip, await exitLessonsPackage12());
});
test.afterAll(() => rm(dir, { recursive: true, force: true }));

/** Imports the package as a curriculum of the student's own, assigned to them, and signs in. */
async function start(page: Page): Promise<{ user: TestUser; curriculum: string }> {
  const user = createUser();
  const curriculum = `Exit ${user.login}`;
  waypoint('import-scorm', zip, '--lms', 'demo', '--curriculum', curriculum);
  waypoint('assign', '--lms', 'demo', '--user', user.login, '--curriculum', curriculum);
  await signIn(page, user.login, user.password);
  await expect(page).toHaveURL(/\/(dashboard|assignments)$/);
  await expectSignedIn(page);
  await page.goto('/assignments');
  await page
    .getByRole('tabpanel')
    .getByTestId('curriculum-card')
    .filter({ hasText: curriculum })
    .click();
  await expect(page.getByRole('heading', { name: `Curriculum: ${curriculum}` })).toBeVisible();
  return { user, curriculum };
}

const lessonRow = (page: Page, name: string) =>
  page.locator(`[data-testid="lesson-row"][data-lesson="${name}"]`);

async function play(page: Page, lesson: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Play ${lesson}` }).click();
  const player = await popup;
  await expect(player).toHaveTitle(`${lesson} - Waypoint`);
  return player;
}

const content = (player: Page) => player.frameLocator('iframe');

async function exitLesson(player: Page): Promise<void> {
  await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
  const closed = player.waitForEvent('close');
  await player.getByRole('button', { name: 'Exit lesson' }).click();
  await closed;
}

test.describe('how a lesson ends', () => {
  test("Exit lesson runs the SCO's beforeunload: a suspend set only there resumes at the bookmark", async ({
    page,
  }) => {
    await start(page);
    let player = await play(page, 'Bookmarked pages');
    const sco = content(player);
    await expect(sco.getByText('Starting at page 1')).toBeVisible();
    await sco.getByRole('button', { name: 'Next page' }).click();
    await sco.getByRole('button', { name: 'Next page' }).click();
    await expect(sco.getByText('Page 3 of 5')).toBeVisible();
    await exitLesson(player);
    await expect(lessonRow(page, 'Bookmarked pages')).toHaveAttribute('data-status', 'started', {
      timeout: 15_000,
    });

    player = await play(page, 'Bookmarked pages');
    // The suspend data is written only in beforeunload: seeing it proves that handler ran.
    await expect(
      content(player).getByText('Resumed at page 3 (suspended in beforeunload at page 3)'),
    ).toBeVisible();
    await expect(content(player).getByText('Page 3 of 5')).toBeVisible();
    await screenshotBoth(player, 'player-exit-resumed');
    await exitLesson(player);
  });

  test('a SCORM 1.2 page turner completes on LMSFinish; a mastery score passes; scores in percent', async ({
    page,
  }) => {
    await start(page);
    await exitLesson(await play(page, 'Page turner'));
    await expect(lessonRow(page, 'Page turner')).toHaveAttribute('data-status', 'complete', {
      timeout: 15_000,
    });
    await expect(lessonRow(page, 'Page turner')).toContainText('100%');

    let player = await play(page, 'Mastery check');
    await content(player).getByRole('button', { name: 'Score 90' }).click();
    await expect(content(player).getByText('Scored 90')).toBeVisible();
    await exitLesson(player);
    await expect(lessonRow(page, 'Mastery check')).toHaveAttribute('data-status', 'complete', {
      timeout: 15_000,
    });
    await expect(lessonRow(page, 'Mastery check')).toContainText('Score: 90%');

    player = await play(page, 'Unweighted quiz');
    await content(player).getByRole('button', { name: 'Submit quiz' }).click();
    await expect(content(player).getByText('You scored 100%')).toBeVisible();
    await exitLesson(player);
    await expect(lessonRow(page, 'Unweighted quiz')).toContainText('Score: 100%', {
      timeout: 15_000,
    });
    await screenshotBoth(page, 'course-details-scores-percent');
  });
});
