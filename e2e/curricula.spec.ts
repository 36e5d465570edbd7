import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { DEMO_PASSWORD } from './support/users.js';

// The demo `student` shows every state of the curricula screens (apps/server/src/db/seed/demo.ts).
// These journeys only read (nothing is launched), so the shared user stays as is.

async function signInAsStudent(page: Page) {
  await signIn(page, 'student', DEMO_PASSWORD);
  await expectSignedIn(page);
}

async function openCurriculum(page: Page, name: string, tab: 'active' | 'expired' = 'active') {
  await page.goto('/assignments');
  if (tab === 'expired') await page.getByRole('tab', { name: /Expired Assignments/ }).click();
  await page.getByRole('tabpanel').getByTestId('curriculum-card').filter({ hasText: name }).click();
  await expect(page).toHaveURL(/\/assignments\/course$/);
  await expect(page.getByRole('heading', { name: `Curriculum: ${name}` })).toBeVisible();
}

const course = (page: Page, name: string) =>
  page.locator(`[data-testid="course"][data-course="${name}"]`);
const lessonRow = (page: Page, name: string) =>
  page.locator(`[data-testid="lesson-row"][data-lesson="${name}"]`);

async function expectHover(page: Page, target: ReturnType<Page['locator']>, text: string | RegExp) {
  await target.hover();
  await expect(page.getByRole('tooltip')).toContainText(text);
  await page.mouse.move(0, 0);
}

test.describe('curricula', () => {
  test('assignments: due dates, new assignments, active and expired tabs', async ({ page }) => {
    await signInAsStudent(page);
    await page.goto('/assignments');
    await expect(page.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming Due Dates' })).toContainText(
      'Crew Resource Management',
    );
    await expect(page.getByRole('region', { name: 'New Assignments' })).toContainText(
      'Security Awareness',
    );
    await expect(page.getByRole('heading', { name: 'Items in Curriculum 12' })).toBeVisible();
    const a320 = page.getByTestId('curriculum-card').filter({ hasText: 'A320 Type Rating' });
    await expect(a320.getByTestId('due-label')).toHaveText('Open');
    await expect(a320).toContainText(/(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/);
    // Drafts are not assignments; the all-draft curriculum and the draft-course one stay out.
    await expect(page.getByTestId('curriculum-card').filter({ hasText: 'A350' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'curricula-assignments');

    await page.getByRole('tab', { name: /Expired Assignments/ }).click();
    await expect(page.getByRole('heading', { name: 'Items in Curriculum 1' })).toBeVisible();
    const winter = page.getByTestId('curriculum-card').filter({ hasText: 'Winter Operations' });
    await expect(winter.getByTestId('due-label')).toHaveText(/^Over \d{4}\/\d{2}\/\d{2}$/);
    // Expired 235 days ago: outside the 90-day window.
    await expect(page.getByText('Performance-Based Navigation')).toHaveCount(0);
  });

  test('course details: locks, prerequisites, modes and a play button in Browse mode', async ({
    page,
  }) => {
    await signInAsStudent(page);
    await openCurriculum(page, 'A320 Type Rating');
    await expect(page.getByRole('link', { name: 'Back to Assignments' })).toBeVisible();
    await expect(page.getByTestId('top-block')).toContainText('Open Lessons');
    await expect(page.getByTestId('top-block')).toContainText('9 Lessons');
    await expect(page.getByText('Course: A320 Aircraft Systems')).toBeVisible();
    await expect(page.getByText('(6 Lessons)')).toBeVisible();

    // Course locks: PreviousCourse and AllPreviousCourses.
    await expect(course(page, 'A320 Normal Procedures').getByTestId('course-lock')).toHaveText(
      'Unlocks after completing: A320 Aircraft Systems',
    );
    await expect(course(page, 'A320 Abnormal Procedures').getByTestId('course-lock')).toHaveText(
      'Unlocks after completing: A320 Normal Procedures and Previous',
    );

    // Play mode 2 (Browse): its label, no progress bar, launchable.
    const browse = lessonRow(page, 'Systems Overview (Browse)');
    await expect(browse).toContainText('Browse: Freely navigate without completion.');
    await expect(browse.getByRole('progressbar')).toHaveCount(0);
    await expect(lessonRow(page, 'Aircraft General')).toContainText('Unlimited attempts');
    await expect(lessonRow(page, 'Aircraft General').getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    // Topic prerequisite 2 (all previous chapters): the lock names the missing chapter.
    const flightControls = page.getByTestId('topic').filter({ hasText: 'Flight Controls' });
    await expectHover(
      page,
      flightControls.getByTestId('prerequisite-lock'),
      /Prerequisites\s*Hydraulics/,
    );
    await flightControls.getByRole('button', { name: /Flight Controls/ }).click();
    await expect(lessonRow(page, 'Flight Controls Review')).toContainText(
      'Review: Freely navigate with completion.',
    );
    await screenshotBoth(page, 'curricula-course-details');

    // The third course's empty chapter name shows 'Chapter'.
    await course(page, 'A320 Abnormal Procedures')
      .getByRole('button', { name: /Course: A320 Abnormal Procedures/ })
      .click();
    await expect(course(page, 'A320 Abnormal Procedures').getByTestId('topic')).toContainText(
      'Chapter',
    );
    // Clicking a locked lesson scrolls to and highlights the previous course.
    await lessonRow(page, 'Engine Failure After V1').click();
    await expect(course(page, 'A320 Normal Procedures')).toHaveAttribute(
      'data-highlighted',
      'true',
    );
    await expect(course(page, 'A320 Normal Procedures')).not.toHaveAttribute(
      'data-highlighted',
      'true',
      { timeout: 4000 },
    );

    // Play mode 2 has content to play (demo-content.ts): a play button and no reason. Playing
    // is e2e/demo-content.spec.ts's, with a user of its own; the refusal modal is the web test's.
    await course(page, 'A320 Aircraft Systems')
      .getByRole('button', { name: /Course: A320 Aircraft Systems/ })
      .click();
    await expect(
      page.getByRole('button', { name: 'Play Systems Overview (Browse)' }),
    ).toBeVisible();
    await expect(browse.getByTestId('launch-blocked')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('failure hints and attempts texts', async ({ page }) => {
    await signInAsStudent(page);
    const cases: [string, string, string][] = [
      ['Emergency Evacuation', 'Evacuation Commands', 'Minimum time not met.'],
      ['Aviation English Proficiency', 'Phraseology Assessment', 'Minimum score not met.'],
      [
        'Upset Prevention and Recovery',
        'High Altitude Stalls',
        'Failure count greater than maximum allowed.',
      ],
      ['Cabin Pressurisation', 'Time of Useful Consciousness', 'Unknown failure (status -7).'],
    ];
    for (const [curriculum, lesson, hint] of cases) {
      await openCurriculum(page, curriculum);
      const row = lessonRow(page, lesson);
      await expect(row).toHaveAttribute('data-status', 'failed');
      await expectHover(page, row.getByTestId('failure-hint'), hint);
    }
    await expect(lessonRow(page, 'Time of Useful Consciousness')).toContainText(
      'Unlimited attempts',
    );
    await openCurriculum(page, 'Aviation English Proficiency');
    await expect(lessonRow(page, 'Phraseology Assessment')).toContainText('No attempts left');
    await expect(lessonRow(page, 'Phraseology Assessment')).toContainText('Score: 55%');
  });

  test('Exam with require100, CLAS, offline completion, expired banner', async ({ page }) => {
    await signInAsStudent(page);
    await openCurriculum(page, 'Security Awareness');
    const exam = lessonRow(page, 'Security Awareness Exam');
    await expect(exam).toContainText('3 attempts left');
    await expectHover(
      page,
      exam.getByText('Correct To 100%'),
      'This lesson must be completed with a score of 100%',
    );
    await expect(lessonRow(page, 'Access Control and ID').getByText('Correct To 100%')).toHaveCount(
      0,
    );

    await openCurriculum(page, 'Crew Resource Management');
    await expect(page.getByTestId('top-block')).toContainText(/Due \d{4}\/\d{2}\/\d{2}/);
    await expect(
      lessonRow(page, 'CRM Classroom Workshop').getByLabel('Classroom lesson'),
    ).toBeVisible();

    await openCurriculum(page, 'Dangerous Goods');
    await expectHover(
      page,
      lessonRow(page, 'Dangerous Goods Final Exam').getByTestId('offline-completion'),
      'This assignment was completed offline on the mobile app.',
    );

    await openCurriculum(page, 'Winter Operations', 'expired');
    await expect(page.getByText('Expired Assignment')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Play / })).toHaveCount(0);
    await screenshotBoth(page, 'curricula-course-expired');
  });

  test('drafts: every draft curriculum, the Draft badge', async ({ page }) => {
    await signInAsStudent(page);
    await page.getByRole('link', { name: 'Drafts' }).first().click();
    await expect(page).toHaveURL(/\/drafts\/course$/);
    await expect(
      page.getByRole('button', { name: /Curriculum: Fatigue Risk Management/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Curriculum: A350 Differences/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Assignments' })).toHaveCount(0);
    await expectHover(
      page,
      page.getByText('Draft', { exact: true }).first(),
      'This is a draft course.',
    );
    await page.getByRole('button', { name: /Curriculum: A350 Differences/ }).click();
    await expect(page.getByText('Course: A350 Cockpit Differences')).toBeVisible();
    await expect(page.getByText('Course: FRMS Reporting')).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'curricula-drafts');
  });

  test('dashboard: widgets, lists and the calendar', async ({ page }) => {
    await signInAsStudent(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent Lessons' });
    await expect(recent.getByRole('listitem')).toHaveCount(3);
    await expect(recent.getByRole('listitem').first()).toContainText('Hydraulic System');
    await expect(page.getByRole('region', { name: 'Upcoming Due Dates' })).toContainText(
      'Crew Resource Management',
    );
    expect(await page.evaluate("localStorage.getItem('oldOpenedTopics')")).toBe('[]');

    const calendar = page.getByTestId('calendar-widget');
    await expect(calendar.getByTestId('calendar-month')).toHaveCount(4);
    await expect(calendar.getByTestId('current-date-line')).toBeVisible();
    await expectHover(
      page,
      calendar.getByLabel(/^CRM Fundamentals: due/),
      /CRM Fundamentals: due \d{4}\/\d{2}\/\d{2}/,
    );
    await expect(calendar.getByTestId('student-picker')).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'curricula-dashboard');
    await calendar.getByTestId('calendar-view-button').click();
    await expect(calendar.getByTestId('calendar-month')).toHaveCount(5);
    for (let i = 0; i < 3; i += 1) await calendar.getByTestId('calendar-view-button').click();
    await expect(calendar.getByTestId('calendar-month')).toHaveCount(8);
    await calendar.getByTestId('calendar-view-button').click();
    await expect(calendar.getByTestId('calendar-month')).toHaveCount(1);

    // A curriculum from the dashboard opens dashboard/course, without the breadcrumb.
    await page
      .getByRole('region', { name: 'Upcoming Due Dates' })
      .getByRole('button')
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard\/course$/);
    await expect(
      page.getByRole('heading', { name: 'Curriculum: Crew Resource Management' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Assignments' })).toHaveCount(0);
  });
});
