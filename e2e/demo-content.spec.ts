import { expect, test, type Locator, type Page } from '@playwright/test';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { content, openCurriculum, passSecurityAwarenessExam, play } from './support/player.js';
import { createUser, DEMO_PASSWORD } from './support/users.js';

// The demo's content (apps/server/src/db/seed/demo-content.ts): every lesson row of the demo
// `student` has a play button or says in words why not (§2 Course details, §4; ADR 0010), and the
// demo packages play. The first journey only reads `student`; the launches use a user of their own.

/** Where a curriculum of `student` is listed. */
const CURRICULA: [string, 'active' | 'expired' | 'drafts'][] = [
  ['A320 Type Rating', 'active'],
  ['Dangerous Goods', 'active'],
  ['Crew Resource Management', 'active'],
  ['Security Awareness', 'active'],
  ['Emergency Evacuation', 'active'],
  ['Aviation English Proficiency', 'active'],
  ['Upset Prevention and Recovery', 'active'],
  ['Cabin Pressurisation', 'active'],
  ['Annual Recurrent Training', 'active'],
  ['Winter Operations', 'expired'],
  ['Fatigue Risk Management', 'drafts'],
  ['A350 Differences', 'drafts'],
];

interface RowSeen {
  curriculum: string;
  lesson: string;
  play: boolean;
  reason: string | null;
}

async function openListed(page: Page, name: string, where: 'active' | 'expired' | 'drafts') {
  if (where === 'drafts') {
    await page.goto('/assignments');
    await page.getByRole('link', { name: 'Drafts' }).first().click();
    await expect(page).toHaveURL(/\/drafts\/course$/);
    const toggle = page.getByRole('button', { name: new RegExp(`Curriculum: ${name}`) });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    return;
  }
  await page.goto('/assignments');
  if (where === 'expired') await page.getByRole('tab', { name: /Expired Assignments/ }).click();
  await page.getByRole('tabpanel').getByTestId('curriculum-card').filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { name: `Curriculum: ${name}` })).toBeVisible();
}

/** Opens a toggle (course or topic header) unless it is open. */
async function expand(toggle: Locator) {
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** Every lesson row of a curriculum, each course and chapter opened in turn. */
async function rowsOf(page: Page, curriculum: string): Promise<RowSeen[]> {
  const scope = page.locator(`[data-testid="curriculum"][data-curriculum="${curriculum}"]`);
  const seen: RowSeen[] = [];
  const courses = scope.getByTestId('course');
  for (let c = 0; c < (await courses.count()); c += 1) {
    await expand(courses.nth(c).getByRole('button', { name: /^Course: / }));
    const topics = courses.nth(c).getByTestId('topic');
    for (let t = 0; t < (await topics.count()); t += 1) {
      await expand(topics.nth(t).locator('button[aria-expanded]').first());
      for (const row of await topics.nth(t).getByTestId('lesson-row').all()) {
        const lesson = (await row.getAttribute('data-lesson'))!;
        const play = row.getByRole('button', { name: `Play ${lesson}` });
        const reason = row.getByTestId('launch-blocked');
        seen.push({
          curriculum,
          lesson,
          play: (await play.count()) === 1 && (await play.isVisible()),
          reason: (await reason.count()) === 1 ? (await reason.innerText()).trim() : null,
        });
      }
    }
  }
  return seen;
}

const row = (page: Page, name: string) =>
  page.locator(`[data-testid="lesson-row"][data-lesson="${name}"]`);

test.describe('demo content', () => {
  test('every lesson row of every demo curriculum has a play button or a visible reason', async ({
    page,
  }) => {
    await signIn(page, 'student', DEMO_PASSWORD);
    // The first sign-in after the server starts can take longer than expect's 5 s on a busy machine.
    await page.waitForURL(/\/(dashboard|assignments)$/, { timeout: 30_000 });
    await expectSignedIn(page);
    const seen: RowSeen[] = [];
    for (const [name, where] of CURRICULA) {
      await openListed(page, name, where);
      const rows = await rowsOf(page, name);
      expect(rows.length, name).toBeGreaterThan(0);
      seen.push(...rows);
      if (name === 'A320 Type Rating') {
        // The Flight Controls chapter waits for Hydraulics: its rows say so.
        await expand(
          page
            .locator('[data-testid="course"][data-course="A320 Aircraft Systems"]')
            .getByRole('button', { name: /^Course: / }),
        );
        await expand(
          page
            .locator('[data-testid="topic"][data-topic="Flight Controls"]')
            .locator('button[aria-expanded]')
            .first(),
        );
        await expect(row(page, 'Fly-by-Wire Laws').getByTestId('launch-blocked')).toBeVisible();
        await expectAccessible(page);
        await screenshotBoth(page, 'demo-content-a320-rows');
      }
      if (name === 'Crew Resource Management') {
        // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshotBoth(page, 'demo-content-crm-rows');
      }
    }
    // One or the other, never both, never neither (the reason is words, not colour alone).
    const neither = seen.filter((r) => !r.play && !r.reason);
    const both = seen.filter((r) => r.play && r.reason);
    expect(neither).toEqual([]);
    expect(both).toEqual([]);
    // Every demo lesson but the one on the expired list past its 90 days (§9).
    expect(seen.length).toBe(29);

    const reasonOf = (lesson: string) => seen.find((r) => r.lesson === lesson)?.reason;
    // §4 lock message; ours (ADR 0010); §8 attempt text.
    expect(reasonOf('Cockpit Preparation')).toBe('Unlocks after completing: A320 Aircraft Systems');
    expect(reasonOf('Fly-by-Wire Laws')).toBe('Complete the prerequisites first');
    expect(reasonOf('Holdover Time Tables')).toBe('Assignment expired');
    expect(reasonOf('Phraseology Assessment')).toBe('No attempts left');
    expect(reasonOf('CRM Classroom Workshop')).toBe('No content yet');
    // The Browse-mode lesson now has something to play.
    expect(seen.find((r) => r.lesson === 'Systems Overview (Browse)')).toMatchObject({
      play: true,
      reason: null,
    });
    // 'No content yet' only where the seed leaves a lesson without content on purpose.
    expect(seen.filter((r) => r.reason === 'No content yet').map((r) => r.lesson)).toEqual([
      'CRM Classroom Workshop',
    ]);
  });

  test('a reading lesson and a knowledge check play, and course details shows the result', async ({
    page,
  }) => {
    const user = createUser();
    waypoint('assign', '--lms', 'demo', '--user', user.login, '--curriculum', 'Security Awareness');
    await signIn(page, user.login, user.password);
    await expectSignedIn(page);
    await openCurriculum(page, 'Security Awareness');

    // SCORM 1.2 reading lesson: pages, bookmark, completed on the summary.
    let player = await play(page, 'Access Control and ID');
    const reading = content(player);
    await expect(reading.getByRole('heading', { name: 'Access Control and ID' })).toBeVisible();
    await expect(reading.getByText('Page 1 of 4')).toBeVisible();
    await reading.getByRole('button', { name: 'Next' }).click();
    await expect(reading.getByRole('heading', { name: 'Your pass' })).toBeVisible();
    await expectAccessible(player);
    await screenshotBoth(player, 'demo-content-reading-lesson');
    await reading.getByRole('button', { name: 'Next' }).click();
    await reading.getByRole('button', { name: 'Next' }).click();
    await expect(reading.getByText('You have completed Access Control and ID.')).toBeVisible();
    await player.close();
    await expect(row(page, 'Access Control and ID')).toHaveAttribute('data-status', 'complete', {
      timeout: 15_000,
    });

    // SCORM 2004 knowledge check: four questions, scored, passed at 100%.
    player = await play(page, 'Security Awareness Exam');
    const check = content(player);
    await expect(check.getByRole('heading', { name: 'Security Awareness Exam' })).toBeVisible();
    await expect(check.getByText('You need 100% to pass.', { exact: false })).toBeVisible();
    await passSecurityAwarenessExam(check);
    await expectAccessible(player);
    await screenshotBoth(player, 'demo-content-knowledge-check');
    await player.close();
    await expect(row(page, 'Security Awareness Exam')).toHaveAttribute('data-status', 'complete', {
      timeout: 15_000,
    });
  });
});
