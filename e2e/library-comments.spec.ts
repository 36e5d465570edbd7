import { expect, test, type Page } from '@playwright/test';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { content, openCurriculum, play } from './support/player.js';
import { createUser, type TestUser } from './support/users.js';

// §2 Library and §2 Comments screen with the demo data (apps/server/src/db/seed/demo-library.ts):
// browse the library, open a media file, preview a lesson and see no progress recorded; post a
// comment and a reply on a lesson, see another student's comment, be refused on a course that is
// not assigned. Each journey has its own students (operator CLI: add-user, assign).

function assign(user: TestUser, curriculum: string) {
  waypoint('assign', '--lms', 'demo', '--user', user.login, '--curriculum', curriculum);
}

async function signedInAs(page: Page, user: TestUser) {
  await signIn(page, user.login, user.password);
  // Sign-in hashes the password on purpose (scrypt): slow on a busy machine.
  await expect(page).toHaveURL(/\/(dashboard|assignments)$/, { timeout: 30_000 });
  await expectSignedIn(page);
}

const lessonRow = (page: Page, name: string) =>
  page.locator(`[data-testid="lesson-row"][data-lesson="${name}"]`);

interface Place {
  lms: number;
  user: number;
  sessionID: string;
  course: number;
  sco: number;
}

/**
 * The keys of a lesson's place, read as the player knows them: the signed-in user's from the
 * panel's storage, the course and SCO from the student's own progress report.
 */
async function placeOf(page: Page, curriculum: string, lesson: string): Promise<Place> {
  return page.evaluate(
    async ({ curriculum, lesson }) => {
      const user = JSON.parse(localStorage.getItem('currentUser') ?? '{}') as {
        lmsKey: number;
        userKey: number;
        sessionID: string;
      };
      const response = await fetch(
        `/lms/api/progressreport/withPrerequisites/${user.lmsKey}/${user.userKey}?showExpired=true&withFlaggedAssignments=false&showEmptyLeafs=true`,
        { headers: { sessionID: user.sessionID } },
      );
      interface Element {
        elementName: string;
        elementKey: number;
        elementSCOKey: number;
        elementChildren?: Element[];
      }
      const report = (await response.json()) as { progressReport: Element[] };
      const root = report.progressReport.find((element) => element.elementName === curriculum)!;
      for (const course of root.elementChildren ?? []) {
        for (const topic of course.elementChildren ?? []) {
          const found = (topic.elementChildren ?? []).find((leaf) => leaf.elementName === lesson);
          if (found) {
            return {
              lms: user.lmsKey,
              user: user.userKey,
              sessionID: user.sessionID,
              course: course.elementKey,
              sco: found.elementSCOKey,
            };
          }
        }
      }
      throw new Error(`no lesson ${lesson}`);
    },
    { curriculum, lesson },
  );
}

const commentsUrl = (place: Place, location: string) =>
  `/waypoint_comments?${new URLSearchParams({
    lms: String(place.lms),
    course: String(place.course),
    sco: String(place.sco),
    user: String(place.user),
    sessionID: place.sessionID,
    location,
  }).toString()}`;

test.describe('library', () => {
  test('browse, open a media file, preview a lesson: nothing is recorded', async ({ page }) => {
    // Two CLI calls and a lesson played to the end: more than the default on a busy machine.
    test.setTimeout(300_000);
    const user = createUser();
    assign(user, 'A320 Type Rating');
    await signedInAs(page, user);
    await page.getByRole('link', { name: 'Library' }).first().click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
    await expect(page.getByRole('note')).toHaveText(
      'Content in the Library is for reference only. No tracking or completion status will register for lessons reviewed in the Library.',
    );
    const courses = page.getByRole('region', { name: 'Courses' });
    const media = page.getByRole('region', { name: 'Media' });
    await expect(courses.getByRole('button', { name: 'Cabin Safety Briefing' })).toBeVisible();
    await expect(courses.getByRole('button', { name: 'A320 Aircraft Systems' })).toBeVisible();
    // Limited to the Captains group, which this student is not in.
    await expect(page.getByText('Hydraulics for Captains')).toHaveCount(0);
    await expect(page.getByText('Command Upgrade Handbook')).toHaveCount(0);
    // De-duplicated by name, keeping the last; an item without a link shows its name only.
    await expect(media.getByText('QRH Quick Reference')).toHaveCount(1);
    const card = media.getByRole('listitem').filter({ hasText: 'Crew Briefing Card' });
    await expect(card.getByRole('link')).toHaveCount(0);
    const row = await media.getByRole('listitem').first().boundingBox();
    expect(row!.height).toBeGreaterThanOrEqual(76);
    await expectAccessible(page);
    await screenshotBoth(page, 'library');

    // The PDF: OPEN in a new tab, which gets the file from the content origin as a download.
    const open = media.getByRole('link', { name: /OPEN Cabin Crew Quick Reference/ });
    await expect(open).toHaveAttribute('target', '_blank');
    const href = (await open.getAttribute('href'))!;
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(new URL(file.url()).hostname).toBe('127.0.0.1');
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
    const link = media.getByRole('link', { name: /OPEN EASA Air Operations Regulations/ });
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.easa\.europa\.eu\//);

    // Collapsible course and topic rows; the play button previews into the window 'preview'.
    await courses.getByRole('button', { name: 'A320 Aircraft Systems' }).click();
    await expect(page.getByRole('button', { name: 'Preview Aircraft General' })).toHaveCount(0);
    await courses.getByRole('button', { name: /Airframe and Doors/ }).click();
    await screenshotBoth(page, 'library-open');
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview Aircraft General' }).click();
    const preview = await popup;
    await expect(preview).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/player\/[A-Za-z0-9_-]{43}$/);
    expect(await preview.evaluate(() => window.name)).toBe('preview');
    const content = preview.frameLocator('iframe');
    await expect(content.getByRole('heading', { name: 'Cabin Safety Briefing' })).toBeVisible();
    for (let step = 0; step < 4; step += 1) {
      await content.getByRole('button', { name: 'Next' }).click();
    }
    await expect(content.getByRole('heading', { name: 'Summary' })).toBeVisible();
    const closed = preview.waitForEvent('close');
    await preview.getByRole('button', { name: 'Exit lesson' }).click();
    await closed;

    // The same lesson as assigned: still not started.
    await page.goto('/assignments');
    await page
      .getByRole('tabpanel')
      .getByTestId('curriculum-card')
      .filter({ hasText: 'A320 Type Rating' })
      .click();
    await expect(lessonRow(page, 'Aircraft General')).toHaveAttribute('data-status', 'notstarted');
    await expect(lessonRow(page, 'Aircraft General')).not.toContainText('100%');
  });
});

test.describe('comments', () => {
  test("opens from the lesson player at the SCO's bookmark, with the panel's own session", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const user = createUser();
    assign(user, 'A320 Type Rating');
    await signedInAs(page, user);
    await openCurriculum(page, 'A320 Type Rating');
    const player = await play(page, 'Aircraft General');
    await expect(
      content(player).getByRole('heading', { name: 'Cabin Safety Briefing' }),
    ).toBeVisible();
    await content(player).getByRole('button', { name: 'Next' }).click();
    await expect(
      content(player).getByRole('heading', { name: 'Cabin Safety Briefing' }),
    ).toHaveCount(0);
    const popup = player.waitForEvent('popup');
    await player.getByRole('button', { name: 'Comments' }).click();
    const comments = await popup;
    // The panel's origin, the lesson's keys and the bookmark; no session id in the address.
    await expect(comments).toHaveURL(/^http:\/\/localhost:\d+\/waypoint_comments\?.*location=/);
    await expect(comments).not.toHaveURL(/sessionID=/);
    await expect(comments.getByRole('heading', { name: 'Comments' })).toBeVisible();
    await comments.getByLabel('Your comment').fill('Which page is the brace position on?');
    await comments.getByRole('button', { name: 'Comment' }).click();
    await expect(comments.getByLabel('Your comment')).toHaveValue('');
    await expect(comments.getByRole('article', { name: 'Comment by Test Student' })).toContainText(
      'Which page is the brace position on?',
    );
    await expectAccessible(comments);
    await comments.close();
    await player.close();
  });

  test('post, reply, see another student, be refused on a course not assigned', async ({
    page,
    browser,
  }) => {
    // Six CLI calls (three students, three assignments) and three browsers.
    test.setTimeout(360_000);
    const first = createUser();
    const second = createUser();
    const outsider = createUser();
    assign(first, 'A320 Type Rating');
    assign(second, 'A320 Type Rating');
    // The outsider has another curriculum, not this one.
    assign(outsider, 'Crew Resource Management');
    const location = `e2e-${Date.now()}`;

    // The first student comments.
    await signedInAs(page, first);
    const firstPlace = await placeOf(page, 'A320 Type Rating', 'Hydraulic System');
    await page.goto(commentsUrl(firstPlace, location));
    await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
    // The session id leaves the address bar at once.
    await expect(page).not.toHaveURL(/sessionID=/);
    await expect(page.getByText('No comments yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Comment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Write a comment first.');
    await page.getByLabel('Your comment').fill('  Is the PTU <b>bidirectional</b>?  ');
    await page.getByRole('button', { name: 'Comment' }).click();
    // After a post the input clears and the list reloads (§4); the text is shown as typed.
    await expect(page.getByLabel('Your comment')).toHaveValue('');
    const comment = page.getByRole('article', { name: 'Comment by Test Student' });
    await expect(comment).toContainText('Is the PTU <b>bidirectional</b>?');
    await expect(comment).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await expectAccessible(page);
    await screenshotBoth(page, 'comments');

    // The second student, in another browser, sees it and replies.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signedInAs(other, second);
    const secondPlace = await placeOf(other, 'A320 Type Rating', 'Hydraulic System');
    expect(secondPlace.course).toBe(firstPlace.course);
    await other.goto(commentsUrl(secondPlace, location));
    await expect(other.getByText('Is the PTU <b>bidirectional</b>?')).toBeVisible();
    await other.getByRole('button', { name: 'Reply' }).click();
    await other.getByLabel('Reply to Test Student').fill('Yes, it moves power both ways.');
    await other.getByRole('button', { name: 'Comment' }).click();
    await expect(other.getByLabel('Your comment')).toHaveValue('');
    await expect(other.getByRole('list', { name: 'Replies to Test Student' })).toContainText(
      'Yes, it moves power both ways.',
    );
    await context.close();

    // The first student sees the other student's reply under their comment.
    await page.goto(commentsUrl(firstPlace, location));
    await expect(page.getByRole('list', { name: 'Replies to Test Student' })).toContainText(
      'Yes, it moves power both ways.',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'comments-reply');

    // The outsider, without the course, is refused and sees why.
    const outsiderContext = await browser.newContext();
    const outsiderPage = await outsiderContext.newPage();
    await signedInAs(outsiderPage, outsider);
    const own = await outsiderPage.evaluate(
      () =>
        JSON.parse(localStorage.getItem('currentUser') ?? '{}') as {
          lmsKey: number;
          userKey: number;
          sessionID: string;
        },
    );
    await outsiderPage.goto(
      commentsUrl(
        { ...firstPlace, lms: own.lmsKey, user: own.userKey, sessionID: own.sessionID },
        location,
      ),
    );
    await expect(outsiderPage.getByRole('alert')).toHaveText(
      'Comments on this course are open only to students it is assigned to.',
    );
    await expect(outsiderPage.getByText('Is the PTU')).toHaveCount(0);
    await outsiderContext.close();

    // A missing query value: the §8 message.
    await page.goto('/waypoint_comments?lms=1&course=2');
    await expect(page.getByRole('alert')).toHaveText(
      "The comment system isn't currently operational.",
    );
  });
});
