import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { content, openCurriculum, play } from './support/player.js';
import { createUser, type TestUser } from './support/users.js';

// §4 Lesson launch flow with the player (ADR 0007): launch a demo lesson, answer, close, relaunch
// and resume, see score and status on course details; a second browser launching the same lesson
// gets the 'another device or browser' confirmation (step 3). Each
// journey has its own student, assigned through the operator CLI (import-scorm and assign).

const demoZip = (id: string) =>
  path.resolve(import.meta.dirname, '../dist/demo-content', `${id}.zip`);

function assign(user: TestUser, curriculum: string) {
  waypoint('assign', '--lms', 'demo', '--user', user.login, '--curriculum', curriculum);
}

const lessonRow = (page: Page, name: string) =>
  page.locator(`[data-testid="lesson-row"][data-lesson="${name}"]`);

async function expectSaved(player: Page) {
  await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
}

async function signedInAs(page: Page, user: TestUser) {
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);
}

test.describe('lesson player', () => {
  test('SCORM 1.2: leave half-way, resume at the bookmark, finish; course details update on close', async ({
    page,
  }) => {
    const user = createUser();
    assign(user, 'A320 Type Rating');
    await signedInAs(page, user);
    await openCurriculum(page, 'A320 Type Rating');
    await expect(lessonRow(page, 'Aircraft General')).not.toContainText('100%');

    let player = await play(page, 'Aircraft General');
    await expect(
      content(player).getByRole('heading', { name: 'Cabin Safety Briefing' }),
    ).toBeVisible();
    await content(player).getByRole('button', { name: 'Next' }).click();
    await content(player).getByRole('button', { name: 'Next' }).click();
    await expect(
      content(player).getByRole('heading', { name: 'The brace position' }),
    ).toBeVisible();
    await expectSaved(player);
    await expectAccessible(player);
    await screenshotBoth(player, 'player-scorm12');
    await player.close();

    player = await play(page, 'Aircraft General');
    await expect(content(player).getByText('Welcome back: resuming at page 3')).toBeVisible();
    await content(player).getByRole('button', { name: 'Next' }).click();
    await content(player).getByRole('button', { name: 'Next' }).click();
    await expect(content(player).getByRole('heading', { name: 'Summary' })).toBeVisible();
    await expectSaved(player);
    const closed = player.waitForEvent('close');
    await player.getByRole('button', { name: 'Exit lesson' }).click();
    await closed;

    // §4 Lesson launch flow, step 6: no manual reload; the panel notices the window closed and
    // reloads.
    await expect(lessonRow(page, 'Aircraft General')).toContainText('100%', { timeout: 15_000 });
    await expect(lessonRow(page, 'Aircraft General')).toHaveAttribute('data-status', 'complete');
  });

  test('SCORM 2004: overview, on to the quiz, answer, close, resume at the question, score on course details', async ({
    page,
  }) => {
    const user = createUser();
    const curriculum = `Hydraulics ${user.login}`;
    waypoint('import-scorm', demoZip('systems-quiz'), '--lms', 'demo', '--curriculum', curriculum);
    assign(user, curriculum);
    await signedInAs(page, user);
    await openCurriculum(page, curriculum);

    let player = await play(page, 'Hydraulics Overview');
    const overview = content(player);
    await expect(overview.getByRole('heading').first()).toBeVisible();
    for (let page = 1; page < 3; page += 1)
      await overview.getByRole('button', { name: 'Next' }).click();
    // adl.nav.request 'continue' after Terminate: the player moves on to the next SCO.
    await overview.getByRole('button', { name: /Continue to the quiz/ }).click();
    await expect(player).toHaveTitle('Hydraulics Quiz - Waypoint');
    const quiz = content(player);
    await quiz.getByLabel('It is practically incompressible').check();
    await quiz.getByRole('button', { name: 'Next' }).click();
    await quiz.getByLabel('3,000 psi').check();
    await quiz.getByRole('button', { name: 'Next' }).click();
    await expectSaved(player);
    await expectAccessible(player);
    await screenshotBoth(player, 'player-scorm2004-quiz');
    await player.close();

    player = await play(page, 'Hydraulics Quiz');
    const resumed = content(player);
    await expect(resumed.getByText('Resuming at question 3')).toBeVisible();
    await resumed.getByLabel('The accumulator').check();
    await resumed.getByRole('button', { name: 'Next' }).click();
    await resumed.getByLabel('So that a single failure never loses the flight controls').check();
    await resumed.getByRole('button', { name: 'Next' }).click();
    await resumed.getByLabel('The engines, through the accessory gearbox').check();
    await resumed.getByRole('button', { name: 'Submit quiz' }).click();
    await expect(resumed.getByText(/You scored 5 of 5/)).toBeVisible();
    await expectSaved(player);
    await player.close();

    const quizRow = lessonRow(page, 'Hydraulics Quiz');
    await expect(quizRow).toContainText('Score: 100', { timeout: 15_000 });
    await expect(quizRow).toHaveAttribute('data-status', 'complete');
    await screenshotBoth(page, 'course-details-after-quiz');
  });

  test('a second browser launching the same lesson is asked; continuing ends the first window', async ({
    page,
    browser,
  }) => {
    const user = createUser();
    assign(user, 'A320 Type Rating');
    await signedInAs(page, user);
    await openCurriculum(page, 'A320 Type Rating');
    const first = await play(page, 'Aircraft General');
    await expect(content(first).getByRole('button', { name: 'Next' })).toBeVisible();
    await expectSaved(first);

    const other = await secondBrowser(browser, user);
    await openCurriculum(other, 'A320 Type Rating');
    await other.getByRole('button', { name: 'Play Aircraft General' }).click();
    const dialog = other.getByRole('dialog', { name: 'Multiple Lessons' });
    await expect(dialog).toContainText('This lesson is already open on another device or browser.');
    const popup = other.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continue anyway' }).click();
    const second = await popup;
    await expect(content(second).getByRole('button', { name: 'Next' })).toBeVisible();

    // The first window can no longer save, and says so.
    await content(first).getByRole('button', { name: 'Next' }).click();
    await expect(first.getByRole('status')).toContainText('another device or browser');
    await other.context().close();
  });
});

async function secondBrowser(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInAs(page, user);
  return page;
}
