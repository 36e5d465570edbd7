import { expect, type FrameLocator, type Page } from '@playwright/test';

/** Opens a curriculum's course details from the Assignments page. */
export async function openCurriculum(page: Page, name: string): Promise<void> {
  await page.goto('/assignments');
  await page.getByRole('tabpanel').getByTestId('curriculum-card').filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { name: `Curriculum: ${name}` })).toBeVisible();
}

/** Clicks a lesson's play button and answers the lesson window (the player on the content origin). */
export async function play(page: Page, lesson: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Play ${lesson}` }).click();
  const player = await popup;
  await expect(player).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/player\/[A-Za-z0-9_-]{43}$/);
  await expect(player).toHaveTitle(`${lesson} - Waypoint`);
  return player;
}

/** The SCO's frame inside the player. */
export const content = (player: Page) => player.frameLocator('iframe');

/**
 * Answers the demo's 'Security Awareness Exam' (SCORM 2004 knowledge check, four questions) all
 * correctly and submits: 4 of 4, passed.
 */
export async function passSecurityAwarenessExam(check: FrameLocator): Promise<void> {
  const answers = [
    'Ask to see their pass, and report if needed',
    'Straight away',
    'No, a pass is personal',
    'Leave it, keep people away and call security',
  ];
  for (const [index, answer] of answers.entries()) {
    await check.getByLabel(answer).check();
    if (index < answers.length - 1) await check.getByRole('button', { name: 'Next' }).click();
  }
  await check.getByRole('button', { name: 'Submit answers' }).click();
  await expect(check.getByText('You scored 4 of 4 (100%): passed')).toBeVisible();
}
