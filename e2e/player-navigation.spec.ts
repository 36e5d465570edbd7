import { expect, test, type Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import {
  FORWARD_ONLY,
  GUIDED,
  presentationPackage,
} from '../apps/server/src/test/navigation-packages.js';
import { sequencedPackage } from '../apps/server/src/test/sequencing-packages.js';
import { writePackageZips, startOwnCurriculum } from './support/packages.js';
import { screenshotBoth } from './support/panel.js';

// The player follows the package (SN NB.2.1, CAM hideLMSUI): Previous / Next only when the
// sequencer would deliver a lesson, a disabled one says why, a lesson that brings its own
// navigation has none of the player's, and a request the server refuses says why in the frame.

let dir: string;
let zips: Record<string, string> = {};

test.beforeAll(async () => {
  ({ dir, zips } = await writePackageZips('navigation', {
    guided: await presentationPackage('Guided', GUIDED.items, GUIDED.hide, GUIDED),
    forward: await sequencedPackage('Forward', FORWARD_ONLY.items, FORWARD_ONLY),
  }));
});
test.afterAll(() => rm(dir, { recursive: true, force: true }));

/** Imports a package as a curriculum of the student's own, assigned to them, and signs in. */
async function start(page: Page, pkg: string): Promise<void> {
  await startOwnCurriculum(page, zips[pkg]!, `Navigation ${pkg}`);
}

async function play(page: Page, lesson: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Play ${lesson}` }).click();
  return popup;
}

const content = (player: Page) => player.frameLocator('iframe');

/** Moving to the next lesson unloads the SCO, saves, asks the sequencer and loads the next one. */
const NAVIGATION_MS = 20_000;

test.describe('the player follows the package', () => {
  test('hideLMSUI: a lesson with its own Previous / Next has none of the player’s; the next lesson has them', async ({
    page,
  }) => {
    await start(page, 'guided');
    const player = await play(page, 'Guided tour');
    await expect(player).toHaveTitle('Guided tour - Waypoint');
    await expect(content(player).getByText(/entry=ab-initio/)).toBeVisible();
    const nav = player.getByRole('navigation', { name: 'Lessons in this course' });
    await expect(nav.getByRole('combobox', { name: 'Lesson' })).toBeVisible();
    await expect(player.getByRole('button', { name: /Next/ })).toHaveCount(0);
    await expect(player.getByRole('button', { name: /Previous/ })).toHaveCount(0);
    await expect(player.getByRole('button', { name: 'Exit lesson' })).toBeVisible();
    await screenshotBoth(player, 'player-hide-lms-ui');
    // The lesson's own Continue is the sequencer's continue.
    await content(player).getByRole('button', { name: 'Complete' }).click();
    await content(player).getByRole('button', { name: 'Continue' }).click();
    await expect(player).toHaveTitle('After the tour - Waypoint', { timeout: NAVIGATION_MS });
    await expect(player.getByRole('button', { name: /Previous/ })).toBeEnabled();
    await expect(player.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  test('forward only: Previous is off with why; at the last lesson Next is off with why; a refused request says why in the frame', async ({
    page,
  }) => {
    await start(page, 'forward');
    const player = await play(page, 'Forward one');
    await expect(player).toHaveTitle('Forward one - Waypoint');
    const previous = player.getByRole('button', { name: /Previous/ });
    await expect(previous).toBeDisabled();
    await expect(previous).toHaveAccessibleDescription(/only goes forward/);
    await expect(player.getByRole('button', { name: /Next/ })).toBeEnabled();

    await content(player).getByRole('button', { name: 'Complete' }).click();
    await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
    await player.getByRole('button', { name: /Next/ }).click();
    await expect(player).toHaveTitle('Forward two - Waypoint', { timeout: NAVIGATION_MS });
    await content(player).getByRole('button', { name: 'Complete' }).click();
    await content(player).getByRole('button', { name: 'Continue' }).click();
    await expect(player).toHaveTitle('Forward three - Waypoint', { timeout: NAVIGATION_MS });

    const next = player.getByRole('button', { name: /Next/ });
    await expect(next).toBeDisabled();
    await expect(next).toHaveAccessibleDescription(
      'This is the last lesson of the course: there is no next lesson.',
    );
    await expect(content(player).getByText(/entry=ab-initio/)).toBeVisible();
    // Pointing at it shows why.
    await next.hover();
    await expect(player.getByRole('tooltip')).toHaveText(
      'This is the last lesson of the course: there is no next lesson.',
    );
    await screenshotBoth(player, 'player-next-disabled');

    // The lesson's own Back asks for a previous the sequencer refuses: the reason shows.
    await content(player).getByRole('button', { name: 'Back' }).click();
    const refusal = player.getByRole('status').filter({ hasText: /only goes forward/ });
    await expect(refusal).toBeVisible();
    // A flow-only course has no lesson list to choose from.
    await expect(player.getByText('Exit the lesson to return to Waypoint.')).toBeVisible();
    await screenshotBoth(player, 'player-navigation-refused');
  });
});
