import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { DEMO_PASSWORD } from './support/users.js';

// The demo `student`'s Completion Report (apps/server/src/db/seed/demo.ts, demo-report.ts): every
// row kind, the open and closed curricula, one open evaluation ('Course Feedback' on the completed
// Dangerous Goods), and the training record downloads. The journeys run in order: the second
// submits the evaluation.
test.describe.configure({ mode: 'serial' });

/** Signs the demo student in; a loaded machine can take a while over the password hash. */
async function signInAsStudent(page: Page) {
  await signIn(page, 'student', DEMO_PASSWORD);
  await page.waitForURL(/\/(dashboard|assignments)$/, { timeout: 60_000 });
  await expectSignedIn(page);
}

async function openReport(page: Page) {
  await signInAsStudent(page);
  await page.goto('/report');
  await expect(page.getByRole('heading', { name: 'Most Recent', level: 1 })).toBeVisible();
  await expect(page.getByTestId('most-recent')).toBeVisible();
}

const row = (page: Page, lesson: string) =>
  page
    .getByTestId('most-recent-row')
    .filter({ has: page.getByRole('rowheader', { name: lesson }) });

test.describe('completion report', () => {
  test('rows, statuses, sections and the loading screen (§2)', async ({ page }) => {
    await signInAsStudent(page);
    // The loading screen shows while the report loads.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/COURSE_COMPLETION*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/report');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(page.getByTestId('most-recent')).toBeVisible();
    await page.unroute('**/COURSE_COMPLETION*');

    const headers = page.getByTestId('most-recent').locator('thead th');
    await expect(headers).toHaveText([
      'Curriculum',
      'Course',
      'Course Total Time',
      'Lesson',
      'Lesson Total Time',
      'Start',
      'End',
      'Score',
      'Lesson Status',
      'Completion Date',
    ]);
    // Complete, with score as a percentage, times as H:MM:SS, dates YYYY/MM/DD.
    const complete = row(page, 'Classes and Divisions');
    await expect(complete.getByTestId('lesson-status')).toHaveText('Complete');
    await expect(complete).toContainText(/\d+(\.\d+)?%/);
    await expect(complete).toContainText(/\d+:\d{2}:\d{2}/);
    await expect(complete).toContainText(/\d{4}\/\d{2}\/\d{2}/);
    // The Waypoint exam shows its completion value; offline completion has its warning.
    const exam = row(page, 'Dangerous Goods Final Exam');
    await expect(exam.getByTestId('lesson-status')).toHaveText('Complete');
    await exam.getByTestId('offline-completion').hover();
    await expect(page.getByRole('tooltip')).toContainText('completed offline on the mobile app');
    await page.mouse.move(0, 0);
    // Browse mode: '-'; started but not complete: red 'Incomplete'.
    await expect(row(page, 'Systems Overview (Browse)').getByTestId('lesson-status')).toHaveText(
      '-',
    );
    const incomplete = page
      .getByTestId('lesson-status')
      .filter({ hasText: /^Incomplete$/ })
      .first();
    await expect(incomplete).toBeVisible();
    await expect(incomplete).toHaveCSS('color', 'rgb(180, 35, 24)');
    // Draft-associated curricula are not shown.
    await expect(page.getByTestId('most-recent')).not.toContainText('A350 Differences');

    // The evaluations table: Name and an OPEN link.
    const evaluations = page.getByTestId('evaluations');
    await expect(evaluations.getByRole('columnheader', { name: 'Name' })).toBeVisible();
    await expect(
      evaluations.getByRole('link', { name: 'OPEN Course Feedback: Dangerous Goods' }),
    ).toHaveAttribute('href', /^\/lms\/evaluation\/\d+$/);

    // Both sections start collapsed; opening one closes the other.
    const openSection = page.getByRole('button', { name: /^Open Curriculum/ });
    const closedSection = page.getByRole('button', { name: /^Closed Curriculum/ });
    await expect(openSection).toHaveAttribute('aria-expanded', 'false');
    await expect(closedSection).toHaveAttribute('aria-expanded', 'false');
    await openSection.click();
    await expect(openSection).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('open-curriculum')).toContainText('A320 Type Rating');
    await closedSection.click();
    await expect(closedSection).toHaveAttribute('aria-expanded', 'true');
    await expect(openSection).toHaveAttribute('aria-expanded', 'false');
    const closed = page.getByTestId('closed-curriculum');
    await expect(closed).toContainText('Dangerous Goods');
    await expect(closed).toContainText('Winter Operations');
    // The user report tree: curriculum, course, topic, lesson rows.
    await closed.getByRole('button', { name: /^Dangerous Goods/ }).click();
    await closed.getByRole('button', { name: /^Dangerous Goods Category 10/ }).click();
    const lessons = closed.getByTestId('tree-lesson');
    await expect(lessons.first()).toBeVisible();
    await expect(closed.locator('thead').first()).toContainText(
      'Lesson NameScoreStartEndTimeCompletion',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'completion-report');

    // 390 px: the tables scroll inside their cards, the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    // Polled: the layout's width queries re-render the page after the resize.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    await expect(page.getByRole('region', { name: 'Most recent lessons' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // A click on the page closes the settings menu.
    await page.getByTestId('settings-menu-button').click();
    await expect(page.getByTestId('settings-menu-button')).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { name: 'Most Recent', level: 1 }).click();
    await expect(page.getByTestId('settings-menu-button')).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('answer and submit an evaluation with the keyboard; it leaves the list', async ({
    page,
  }) => {
    await openReport(page);
    await page.getByRole('link', { name: 'OPEN Course Feedback: Dangerous Goods' }).click();
    await expect(page).toHaveURL(/\/evaluation\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Course Feedback', level: 1 })).toBeVisible();
    const evaluationUrl = page.url();
    await expectAccessible(page);

    // Nothing answered: each required question is named, nothing is stored.
    const submit = page.getByRole('button', { name: 'Submit evaluation' });
    await submit.focus();
    await page.keyboard.press('Enter');
    const errors = page.getByTestId('evaluation-errors');
    await expect(errors).toContainText('Please check your answers: nothing was submitted.');
    await expect(errors).toContainText(
      'How would you rate the course overall? — This question requires an answer.',
    );
    await expect(errors).toContainText(
      'The pace of the course was — This question requires an answer.',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'evaluation-form-errors');

    // Keyboard only: focus a choice, Space selects it.
    await page.getByRole('radio', { name: '4' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('radio', { name: 'About right' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'Diagrams' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('textbox', { name: /Anything we should change/ }).focus();
    await page.keyboard.type('More diagrams of the labels, please.');
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('evaluation-done')).toContainText(
      'Thank you: your evaluation has been submitted.',
    );

    await page.getByRole('link', { name: 'Back to the Completion Report' }).click();
    await expect(page.getByTestId('most-recent')).toBeVisible();
    await expect(page.getByRole('link', { name: /OPEN Course Feedback/ })).toHaveCount(0);
    // Once only: the form now says it was submitted.
    await page.goto(evaluationUrl);
    await expect(
      page.getByText(/You submitted this evaluation on \d{4}\/\d{2}\/\d{2}\./),
    ).toBeVisible();
  });

  test('download the training record as CSV and PDF', async ({ page }) => {
    await openReport(page);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^training-record-student-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvBytes = await readFile((await csv.path())!);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvBytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Student,Employee ID,Level,Curriculum,Course,Lesson,Status,Completed (UTC),Score,Time',
    );
    expect(lines.some((line) => line.includes(',Lesson,Dangerous Goods,'))).toBe(true);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfBytes = await readFile((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
