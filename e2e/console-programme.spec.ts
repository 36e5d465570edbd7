import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { consoleSignIn, expectAccessibleAtBothWidths } from './support/console.js';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { content, openCurriculum, play } from './support/player.js';
import { createUser } from './support/users.js';

// The training programme in the staff console (docs/decisions/0021): the administrator uploads a
// SCORM package from the browser (progress bar, the importer's answer), finds a lesson in the tree
// by keyboard and changes its pass mark; the student who scored 75% sees the lesson turn from
// complete to failed in course details at once, with the score they had.

const KNOWLEDGE_CHECKS = path.resolve(
  import.meta.dirname,
  '../dist/demo-content/knowledge-checks.zip',
);

const lessonRow = (page: Page, name: string) =>
  page.locator(`[data-testid="lesson-row"][data-lesson="${name}"]`);

test('upload a package, change a pass mark, and the student sees it at once', async ({
  browser,
}) => {
  const curriculum = `Checks ${process.pid}-${Date.now().toString(36)}`;
  const admin = await (await browser.newContext()).newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await consoleSignIn(admin, 'admin');
  await admin
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Training programme' })
    .click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Training programme');
  await expect(admin.getByRole('tree', { name: 'Training programme' })).toBeVisible();

  // A refused upload says why, in the importer's words, and keeps nothing.
  await admin.getByRole('button', { name: 'Upload package' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Upload a SCORM package' });
  await dialog.getByLabel('Package (.zip)').setInputFiles({
    name: 'not-a-package.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('this is not a zip'),
  });
  await dialog.getByLabel('Curriculum name').fill(curriculum);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The package was refused:');
  await expect(dialog.getByRole('alert')).toContainText('Nothing was imported.');
  await expectAccessible(admin);
  await screenshotBoth(admin, 'console-programme-upload-refused');

  // The demo knowledge checks, as a new curriculum.
  await dialog.getByLabel('Package (.zip)').setInputFiles(KNOWLEDGE_CHECKS);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const tree = admin.getByRole('tree', { name: 'Training programme' });
  await expect(tree.getByRole('treeitem', { name: `Curriculum: ${curriculum}` })).toBeVisible();
  await expect(admin.getByRole('heading', { level: 2, name: /^Course: / })).toBeVisible();

  // Keyboard only: from the selected course, open its topic and go to the first lesson.
  const course = tree.getByRole('treeitem', { name: 'Course: Waypoint Knowledge Checks' });
  await course.focus();
  await admin.keyboard.press('ArrowDown');
  const topic = admin.locator('[role="treeitem"][aria-level="3"]:focus');
  await expect(topic).toHaveAttribute('aria-expanded', 'false');
  await admin.keyboard.press('ArrowRight');
  await expect(topic).toHaveAttribute('aria-expanded', 'true');
  await admin.keyboard.press('ArrowDown');
  await expect(
    admin.getByRole('heading', { level: 2, name: 'Lesson: Classes and Divisions' }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(admin);
  await screenshotBoth(admin, 'console-programme-lesson');

  // A student of the new curriculum scores 3 of 4 (75%): complete, with no pass mark of ours.
  const student = createUser();
  waypoint('assign', '--lms', 'demo', '--user', student.login, '--curriculum', curriculum);
  const panel = await (await browser.newContext()).newPage();
  await signIn(panel, student.login, student.password);
  await expectSignedIn(panel);
  await openCurriculum(panel, curriculum);
  const player = await play(panel, 'Classes and Divisions');
  const check = content(player);
  const answers = ['Nine', 'Class 3', 'Corrosives', 'Class 2, gases'];
  for (const [index, answer] of answers.entries()) {
    await check.getByLabel(answer).check();
    if (index < answers.length - 1) await check.getByRole('button', { name: 'Next' }).click();
  }
  await check.getByRole('button', { name: 'Submit answers' }).click();
  await expect(check.getByText('You scored 3 of 4 (75%): passed')).toBeVisible();
  await player.close();
  await expect(lessonRow(panel, 'Classes and Divisions')).toHaveAttribute(
    'data-status',
    'complete',
    { timeout: 15_000 },
  );

  // The administrator makes the lesson scored with a pass mark of 80%.
  await admin.getByLabel('Scored: the pass mark decides whether it is passed').check();
  await admin.getByLabel('Pass mark (%)').fill('80');
  await admin.getByLabel('Pass mark (%)').press('Enter');
  await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // Bad input is refused before anything is sent, with the rule's words.
  await admin.getByLabel('Minimum score (%)').fill('90');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByRole('alert')).toHaveText(
    'The pass mark (80%) is below the minimum score (90%).',
  );
  await admin.evaluate(() => window.scrollTo(0, 0));
  await screenshotBoth(admin, 'console-programme-refused');

  // The LMS's certificate settings and document forms, each a tab of the programme.
  const tabs = admin.getByRole('navigation', { name: 'Training programme' });
  await tabs.getByRole('link', { name: 'Certificates' }).click();
  await expect(admin.getByRole('heading', { name: 'Certificate settings' })).toBeVisible();
  await expect(admin.getByLabel('Theme')).toBeVisible();
  await expectAccessibleAtBothWidths(admin);
  await screenshotBoth(admin, 'console-programme-certificates');
  await tabs.getByRole('link', { name: 'Document forms' }).click();
  await expect(admin.getByRole('heading', { name: 'Document forms' })).toBeVisible();
  await admin.getByRole('button', { name: 'New document form' }).click();
  await expect(admin.getByRole('heading', { name: 'New document form' })).toBeVisible();
  await expectAccessibleAtBothWidths(admin);
  await screenshotBoth(admin, 'console-programme-document-form');

  // The student's course details follow the new rule at once; the score is what they scored.
  await panel.reload();
  await openCurriculum(panel, curriculum);
  await expect(lessonRow(panel, 'Classes and Divisions')).toHaveAttribute('data-status', 'failed', {
    timeout: 15_000,
  });
  await expect(panel.getByTestId('lesson-row').first()).toContainText('Score: 75%');
  await expect(
    panel.locator('[data-testid="course"]').filter({ hasText: 'Waypoint Knowledge Checks' }),
  ).toContainText('Failing');
  await screenshotBoth(panel, 'console-programme-student-failed');
});
