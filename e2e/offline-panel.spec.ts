import { expect, test, type Page } from '@playwright/test';
import { waypoint } from './support/cli.js';
import { expectAccessible, expectSignedIn, screenshotBoth, signIn } from './support/panel.js';
import { openCurriculum } from './support/player.js';
import { createUser } from './support/users.js';

// The offline panel (ADR 0024 "Offline panel"): a student's dashboard, Assignments, a curriculum's
// course details and the Completion Report, visited online, reload offline (the app shell from the
// service worker, the data from the student's kept query cache) under the banner "You are offline.
// Showing data from YYYY/MM/DD HH:mm ..."; nobody is logged out and no Invalid Connection pop-up
// opens (§8 read with the ADR); an action that needs the server says so; back online the banner
// goes.

const CURRICULUM = 'A320 Type Rating';
const BANNER = /^You are offline\. Showing data from \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}\. /;

/** Waits until the kept query cache in IndexedDB holds this text (its writes are throttled). */
async function kept(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('waypoint-offline');
              open.onerror = () => resolve('');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('query-cache')) return resolve('');
                const all = db.transaction('query-cache').objectStore('query-cache').getAll();
                all.onsuccess = () => resolve((all.result as string[]).join('\n'));
                all.onerror = () => resolve('');
              };
            }),
        ),
      { timeout: 15_000 },
    )
    .toContain(text);
}

/** The name of the first library course in the kept cache. */
function keptLibraryCourse(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('waypoint-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('query-cache').objectStore('query-cache').getAll();
          all.onsuccess = () => {
            type Kept = { queryKey: unknown[]; state: { data: { elementName: string }[] } };
            const queries = (
              JSON.parse((all.result as string[])[0] ?? '{}') as {
                clientState?: { queries: Kept[] };
              }
            ).clientState?.queries;
            const courses = queries?.find(
              (query) => query.queryKey[0] === 'library' && query.queryKey[1] === 'courses',
            );
            resolve(courses?.state.data[0]?.elementName ?? '');
          };
        };
      }),
  );
}

/** The page is under the panel's service worker (H1's app shell), so it reloads offline. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** The Completion Report's organisation data: the student's name in the report itself. */
const reportStudent = (page: Page) => page.getByRole('main').getByText('Test Student');

async function expectOfflinePage(page: Page): Promise<void> {
  await expect(page.getByTestId('offline-banner')).toHaveText(BANNER);
  await expect(page.getByTestId('invalid-connection-dialog')).toHaveCount(0);
  await expect(page.getByTestId('settings-menu-button')).toBeVisible();
}

test('offline, the panel shows the last data with the banner, says an action needs a connection, and comes back online', async ({
  page,
  context,
}) => {
  const user = createUser();
  waypoint('assign', '--lms', 'demo', '--user', user.login, '--curriculum', CURRICULUM);
  await signIn(page, user.login, user.password);
  await expectSignedIn(page);
  await controlledByServiceWorker(page);

  // Online: each page once, each waiting until what it read is written (the persister's writes
  // are throttled).
  await page.goto('/dashboard');
  await expect(page.getByText(CURRICULUM).first()).toBeVisible();
  await kept(page, '"widgets","list"');
  await kept(page, '"calendarMonths"');
  await kept(page, '"calendarData"');
  await page.goto('/report');
  await expect(reportStudent(page)).toBeVisible();
  await kept(page, '"courseCompletion"');
  await kept(page, '"completionTrees"');
  await kept(page, '"organization"');
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'Library', exact: true })).toBeVisible();
  await kept(page, '"library","courses"');
  const libraryCourse = await keptLibraryCourse(page);
  expect(libraryCourse).not.toBe('');
  await openCurriculum(page, CURRICULUM);
  await expect(page.getByRole('button', { name: 'Play Aircraft General' })).toBeVisible();
  await kept(page, '"studentParameters"');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);

  // Course details, reloaded offline: the kept curriculum, the banner, and Play says offline.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Curriculum: ${CURRICULUM}` })).toBeVisible();
  await expectOfflinePage(page);
  await expectAccessible(page);
  await screenshotBoth(page, 'offline-course-details');
  // A lesson not stored on this device: Play says it needs a connection (the lesson row's
  // offline play path, ADR 0024 "Offline lessons").
  await page.getByRole('button', { name: 'Play Aircraft General' }).click();
  const message = page.getByRole('dialog', { name: 'Message' });
  await expect(message).toContainText('needs a connection. You are offline.');
  await message.getByRole('button', { name: 'OK' }).click();

  await page.goto('/assignments');
  await expect(
    page.getByRole('tabpanel').getByTestId('curriculum-card').filter({ hasText: CURRICULUM }),
  ).toBeVisible();
  await expectOfflinePage(page);

  await page.goto('/report');
  await expect(reportStudent(page)).toBeVisible();
  await expectOfflinePage(page);
  // The training record is made by the server: the download says so instead of failing.
  await page.getByRole('link', { name: 'Download PDF' }).click();
  await expect(page.getByTestId('offline-notice')).toHaveText(
    'This needs a connection. You are offline.',
  );

  // The library's course list is kept; its media (signed addresses) wait for the connection.
  await page.goto('/library');
  await expectOfflinePage(page);
  await expect(page.getByRole('main').getByText('Loading...')).toHaveCount(0);
  await expect(page.getByRole('main').getByText(libraryCourse).first()).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText(CURRICULUM).first()).toBeVisible();
  await expectOfflinePage(page);
  // Log Out ends the server session: offline it says so, and the student stays signed in.
  await page.getByTestId('log-out').click();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);
  await screenshotBoth(page, 'offline-dashboard');

  // Back online: the banner goes, and actions work again.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(page.getByTestId('invalid-connection-dialog')).toHaveCount(0);
  await page.getByTestId('log-out').click();
  await expect(page).toHaveURL(/\/login$/);
  // Sign-out removes the kept data.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('offlineDataOwner'))).toBeNull();
});
