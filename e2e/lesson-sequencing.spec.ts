import { expect, test, type Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import {
  FORCED_ORDER,
  FORCED_SEQUENTIAL,
  OBJECTIVES_ITEMS,
  REMEDIATION,
  sequencedPackage,
} from '../apps/server/src/test/sequencing-packages.js';
import { writePackageZips, startOwnCurriculum } from './support/packages.js';
import { screenshotBoth } from './support/panel.js';

// SCORM 2004 objectives and sequencing (RTE 4.2.17, SN book): the objectives of the manifest are
// there before the SCO starts and what it sets comes back on resume; a sequenced package plays in
// the order its sequencer allows (driven by scorm-again's engine on the server). The packages are
// written for the tests (self-contained, no CDN) and imported through the operator CLI.

let dir: string;
let zips: Record<string, string> = {};

test.beforeAll(async () => {
  ({ dir, zips } = await writePackageZips('sequencing', {
    objectives: await sequencedPackage('Objectives', OBJECTIVES_ITEMS),
    forced: await sequencedPackage('Forced', FORCED_SEQUENTIAL.items, FORCED_SEQUENTIAL),
    order: await sequencedPackage('Order', FORCED_ORDER.items, FORCED_ORDER),
    remediation: await sequencedPackage('Remediation', REMEDIATION.items, REMEDIATION),
  }));
});
test.afterAll(() => rm(dir, { recursive: true, force: true }));

/** Imports a package as a curriculum of the student's own, assigned to them, and signs in. */
async function start(page: Page, pkg: string): Promise<void> {
  await startOwnCurriculum(page, zips[pkg]!, `Sequencing ${pkg}`);
}

async function play(page: Page, lesson: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Play ${lesson}` }).click();
  return popup;
}

const content = (player: Page) => player.frameLocator('iframe');

async function exitLesson(player: Page): Promise<void> {
  await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
  const closed = player.waitForEvent('close');
  await player.getByRole('button', { name: 'Exit lesson' }).click();
  await closed;
}

test.describe('SCORM 2004 objectives and sequencing', () => {
  test('objectives from the manifest before the SCO starts; what it set comes back after a relaunch', async ({
    page,
  }) => {
    await start(page, 'objectives');
    let player = await play(page, 'Hydraulic quiz');
    await expect(player).toHaveTitle('Hydraulic quiz - Waypoint');
    let sco = content(player);
    await expect(sco.getByText(/entry=ab-initio objectives=3 interactions=0/)).toBeVisible();
    await expect(sco.getByText('pumps: unknown')).toBeVisible();
    await sco.getByRole('button', { name: 'Pass' }).click();
    await sco.getByRole('button', { name: 'Answer' }).click();
    await sco.getByRole('button', { name: 'Suspend' }).click();
    await exitLesson(player);

    player = await play(page, 'Hydraulic quiz');
    sco = content(player);
    await expect(sco.getByText(/entry=resume objectives=3 interactions=1/)).toBeVisible();
    await expect(sco.getByText('pumps: passed')).toBeVisible();
    await expect(sco.getByText('valves: passed')).toBeVisible();
  });

  test('forced sequential (choice off): course details lists one entry, the introduction, Next only in the player; continue moves on', async ({
    page,
  }) => {
    await start(page, 'forced');
    // A flow-only package: one entry starts the course (ADR 0007); the exam is not listed.
    await expect(page.getByTestId('lesson-row')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Play Exam' })).toHaveCount(0);
    const player = await play(page, 'Introduction');
    await expect(player).toHaveTitle('Introduction - Waypoint');
    await expect(player.getByRole('combobox', { name: 'Lesson' })).toHaveCount(0);
    await expect(player.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await expect(player.getByRole('button', { name: /Next/ })).toBeEnabled();
    await screenshotBoth(player, 'player-sequencing-forced');
    const sco = content(player);
    await sco.getByRole('button', { name: 'Complete' }).click();
    await sco.getByRole('button', { name: 'Continue' }).click();
    await expect(player).toHaveTitle('Systems - Waypoint');
    await expect(player.getByRole('button', { name: /Previous/ })).toBeEnabled();
    // Next from the player's own bar is the sequencer's continue.
    await content(player).getByRole('button', { name: 'Complete' }).click();
    await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
    await player.getByRole('button', { name: /Next/ }).click();
    await expect(player).toHaveTitle('Exam - Waypoint');
  });

  test('remediation: a failed check quiz sends the learner back to the teaching', async ({
    page,
  }) => {
    await start(page, 'remediation');
    const player = await play(page, 'Teaching');
    await expect(player).toHaveTitle('Teaching - Waypoint');
    await content(player).getByRole('button', { name: 'Complete' }).click();
    await content(player).getByRole('button', { name: 'Continue' }).click();
    await expect(player).toHaveTitle('Check quiz - Waypoint');
    await content(player).getByRole('button', { name: 'Fail' }).click();
    await content(player).getByRole('button', { name: 'Continue' }).click();
    await expect(player).toHaveTitle('Teaching - Waypoint');
  });

  test('forced order: course details shows the later lessons locked, the first playable; completing it unlocks the next', async ({
    page,
  }) => {
    await start(page, 'order');
    const row = (name: string) => page.getByTestId('lesson-row').filter({ hasText: name });
    await expect(page.getByRole('button', { name: 'Play Briefing' })).toBeVisible();
    for (const locked of ['Walkaround', 'Check ride']) {
      await expect(row(locked).getByTestId('prerequisite-lock')).toBeVisible();
      await expect(page.getByRole('button', { name: `Play ${locked}` })).toHaveCount(0);
    }
    await expect(row('Check ride').getByTestId('prerequisite-lock')).toHaveAttribute(
      'aria-label',
      'Prerequisites: Briefing, Walkaround',
    );
    await screenshotBoth(page, 'course-details-sequencing-locked');

    const player = await play(page, 'Briefing');
    await expect(player).toHaveTitle('Briefing - Waypoint');
    await content(player).getByRole('button', { name: 'Complete' }).click();
    await exitLesson(player);

    // Back in course details (progress reloads when the lesson window closes): the next unlocks.
    await expect(page.getByRole('button', { name: 'Play Walkaround' })).toBeVisible();
    await expect(row('Check ride').getByTestId('prerequisite-lock')).toHaveAttribute(
      'aria-label',
      'Prerequisites: Walkaround',
    );
    await screenshotBoth(page, 'course-details-sequencing-unlocked');
    const next = await play(page, 'Walkaround');
    await expect(next).toHaveTitle('Walkaround - Waypoint');
  });
});
