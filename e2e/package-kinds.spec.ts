import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFile, rm } from 'node:fs/promises';
import { GUIDED, presentationPackage } from '../apps/server/src/test/navigation-packages.js';
import {
  FORCED_ORDER,
  POST_TEST_ROLLUP,
  REMEDIATION,
  sequencedPackage,
} from '../apps/server/src/test/sequencing-packages.js';
import {
  fiveYearLimitPackage,
  invisibleWrapperPackage,
  noScoreRollupPackage,
  randomSelectionPackage,
} from '../apps/server/src/test/test-packages.js';
import { openCourseDetails, startOwnCurriculum, writePackageZips } from './support/packages.js';
import { screenshotBoth } from './support/panel.js';

// One package of each kind, imported with the operator CLI as a curriculum of its own for a fresh
// student and played in Chromium as a learner plays it (the panel's play button, the player's
// frame), then read back where the student reads it: course details (§2: the lesson rows' status,
// 'Score: ...' and progress bar, the course's chip), the Completion Report (§2: the 'Most Recent'
// row's Score and Lesson Status, the tree's Completion, the training record's CSV) and the
// certificate (§6: offered only for a passed outcome, ADR 0010 "Outcomes"; its score is the one
// format of every screen, ADR 0010 "Scores").

test.describe.configure({ mode: 'parallel' });

const KINDS = {
  'forced order': () => sequencedPackage('Forced order', FORCED_ORDER.items, FORCED_ORDER),
  remediation: () => sequencedPackage('Remediation', REMEDIATION.items, REMEDIATION),
  'post test': () => sequencedPackage('Post test course', POST_TEST_ROLLUP.items, POST_TEST_ROLLUP),
  'random selection': randomSelectionPackage,
  'invisible wrapper': invisibleWrapperPackage,
  'five-year limit': fiveYearLimitPackage,
  'hide LMS UI': () => presentationPackage('Guided', GUIDED.items, GUIDED.hide, GUIDED),
  'no score rollup': noScoreRollupPackage,
} as const;
type Kind = keyof typeof KINDS;

let dir: string;
let zips = {} as Record<Kind, string>;

test.beforeAll(async () => {
  const packages = {} as Record<Kind, Buffer>;
  for (const [kind, build] of Object.entries(KINDS) as [Kind, () => Promise<Buffer>][]) {
    packages[kind] = await build();
  }
  ({ dir, zips } = await writePackageZips('package-kinds', packages));
});
test.afterAll(() => rm(dir, { recursive: true, force: true }));

/** Moving to another lesson unloads the SCO, saves, asks the sequencer and loads the next one. */
const NAVIGATION_MS = 20_000;

/** Imports the kind's package as the student's own curriculum, signs in, opens course details. */
async function start(page: Page, kind: Kind): Promise<string> {
  const { curriculum } = await startOwnCurriculum(page, zips[kind], `Kinds ${kind}`);
  return curriculum;
}

/** The panel's play button of a lesson, and the lesson window it opens (on `opens`). */
async function play(page: Page, lesson: string, opens: string | RegExp = lesson): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Play ${lesson}`, exact: true }).click();
  const player = await popup;
  await expect(player).toHaveTitle(typeof opens === 'string' ? `${opens} - Waypoint` : opens, {
    timeout: NAVIGATION_MS,
  });
  return player;
}

const sco = (player: Page) => player.frameLocator('iframe');

/** A button of the SCO page, then (for Continue) the lesson the sequencer delivers next. */
async function press(player: Page, button: string, next?: string): Promise<void> {
  await sco(player).getByRole('button', { name: button, exact: true }).click();
  if (next) await expect(player).toHaveTitle(`${next} - Waypoint`, { timeout: NAVIGATION_MS });
}

/** The player's 'Exit lesson' once the last commit is saved; course details reloads its progress. */
async function exitLesson(player: Page): Promise<void> {
  await expect(player.getByRole('status').filter({ hasText: /progress saved/i })).toBeVisible();
  const closed = player.waitForEvent('close');
  await player.getByRole('button', { name: 'Exit lesson' }).click();
  await closed;
}

const lessonRow = (page: Page, lesson: string) =>
  page.getByTestId('lesson-row').and(page.locator(`[data-lesson="${lesson}"]`));

/**
 * A lesson row as §2 draws it: its status marker (the words are for screen readers), 'Score: ...'
 * in the one format, and its progress bar (full and green when complete, red when failed).
 */
async function expectLesson(
  page: Page,
  lesson: string,
  expected: {
    status: 'Not started' | 'Complete' | 'Failed';
    score: string;
    /** A failed curriculum draws every started lesson's bar red (§2); else only a failed one. */
    red?: boolean;
  },
): Promise<void> {
  const row = lessonRow(page, lesson);
  await expect(row.locator('.wp-visually-hidden').first()).toHaveText(expected.status);
  await expect(row).toContainText(`Score: ${expected.score}`);
  const bar = row.getByRole('progressbar', { name: `${lesson} progress` });
  if (expected.status === 'Not started') {
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
  } else {
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    if (expected.red ?? expected.status === 'Failed') {
      await expect(bar).toHaveAttribute('data-failed', 'true');
    } else await expect(bar).not.toHaveAttribute('data-failed');
  }
}

/** The course's chip in course details: 'Complete', 'Failing' or 'Incomplete' (§2). */
async function expectCourse(
  page: Page,
  course: string,
  status: 'Complete' | 'Failing' | 'Incomplete',
): Promise<void> {
  const section = page.getByTestId('course').and(page.locator(`[data-course="${course}"]`));
  // The chip comes first; a topic's or lesson's marker may say 'Complete' too.
  await expect(section.getByText(status, { exact: true }).first()).toBeVisible();
  for (const other of ['Complete', 'Failing', 'Incomplete'].filter((s) => s !== status)) {
    await expect(
      section.locator('[class*="chip"]').filter({ hasText: new RegExp(`^${other}$`) }),
    ).toHaveCount(0);
  }
}

const noCertificate = (page: Page) =>
  expect(page.getByRole('button', { name: /^View certificate/ })).toHaveCount(0);

async function openReport(page: Page): Promise<void> {
  await page.goto('/report');
  await expect(page.getByTestId('most-recent')).toBeVisible();
}

/** The 'Most Recent' row of a lesson: its Score and Lesson Status cells. */
function recentRow(page: Page, curriculum: string, lesson: string) {
  const row = page
    .getByTestId('most-recent-row')
    .filter({ hasText: curriculum })
    .filter({ has: page.getByRole('rowheader', { name: lesson, exact: true }) });
  // Curriculum, Course, Course Total Time, (Lesson: the row header), Lesson Total Time, Start,
  // End, Score, Lesson Status, Completion Date.
  return { row, score: row.locator('td').nth(6), status: row.getByTestId('lesson-status') };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the report tree down to the course's lesson table; returns the section. */
async function openTree(
  page: Page,
  curriculum: string,
  course: string,
  section: 'open' | 'closed',
): Promise<Locator> {
  const block = page.getByTestId(`${section}-curriculum`);
  await page
    .getByRole('button', {
      name: new RegExp(`^${section === 'open' ? 'Open' : 'Closed'} Curriculum`),
    })
    .click();
  await block.getByRole('button', { name: new RegExp(`^${escape(curriculum)}`) }).click();
  await block.getByRole('button', { name: new RegExp(`^${escape(course)}`) }).click();
  return block;
}

/** A lesson's row in the report tree: Lesson Name, Score, Start, End, Time, Completion. */
function treeRow(block: Locator, lesson: string) {
  const row = block
    .getByTestId('tree-lesson')
    .filter({ has: block.page().getByRole('rowheader', { name: lesson, exact: true }) });
  return { row, score: row.locator('td').nth(0), completion: row.locator('td').nth(4) };
}

/** The training record's CSV (the report's 'Download CSV') as rows keyed by its header. */
async function trainingRecord(page: Page, curriculum: string): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = text.split('\r\n').filter((line) => line !== '');
  const columns = header!.split(',');
  // The names and scores of these packages hold no comma or quote: a plain split reads them. A
  // cell a spreadsheet would run as a formula ('-') carries the CSV's leading apostrophe: dropped.
  const cellText = (cell: string) => cell.replace(/^'(?=[=+\-@])/, '');
  return lines
    .map((line) =>
      Object.fromEntries(line.split(',').map((cell, i) => [columns[i]!, cellText(cell)])),
    )
    .filter((row) => row.Curriculum === curriculum);
}

/** The certificate tab from course details' 'View certificate' button. */
async function openCertificate(page: Page, curriculum: string): Promise<Locator> {
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `View certificate: ${curriculum}` }).click(),
  ]);
  const certificate = tab.locator('.wp-certificate');
  await expect(certificate).toBeVisible({ timeout: 30_000 });
  await expect(certificate).toContainText(curriculum);
  return certificate;
}

/** The certificate's summary score ('Score' and its value; the section is gone for none). */
const certificateScore = (certificate: Locator) =>
  certificate.locator('.wp-summary > div').filter({
    has: certificate.page().locator('dt', { hasText: /^Score$/ }),
  });

/** The certificate's score is the curriculum's, as the training record writes it ('-': none). */
async function expectCertificateScore(
  certificate: Locator,
  record: Record<string, string>[],
): Promise<void> {
  const score = record.find((row) => row.Level === 'Curriculum')?.Score;
  expect(score).toBeDefined();
  if (score === '-') await expect(certificateScore(certificate)).toHaveCount(0);
  else await expect(certificateScore(certificate).locator('dd')).toHaveText(score!);
}

/** A lesson's row in the certificate's list: Lesson, Course, Time, Score, Status, Completed. */
function certificateItem(certificate: Locator, lesson: string) {
  const row = certificate.locator('.wp-items tbody tr').filter({
    has: certificate.page().locator('td:first-child', { hasText: new RegExp(`^${lesson}$`) }),
  });
  return { row, score: row.locator('td').nth(3), status: row.locator('td').nth(4) };
}

test.describe('one package of each kind: what the panel, the report and the certificate say', () => {
  test('forced order: each lesson unlocks the next; all three passed with 90% is Complete, with the certificate', async ({
    page,
  }) => {
    const curriculum = await start(page, 'forced order');
    await expect(page.getByRole('button', { name: 'Play Walkaround' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Play Check ride' })).toHaveCount(0);
    const player = await play(page, 'Briefing');
    await press(player, 'Pass');
    await press(player, 'Continue', 'Walkaround');
    await press(player, 'Pass');
    await press(player, 'Continue', 'Check ride');
    await press(player, 'Pass');
    await exitLesson(player);

    for (const lesson of ['Briefing', 'Walkaround', 'Check ride']) {
      await expectLesson(page, lesson, { status: 'Complete', score: '90%' });
    }
    await expectCourse(page, 'Forced order', 'Complete');

    await openReport(page);
    for (const lesson of ['Briefing', 'Walkaround', 'Check ride']) {
      const recent = recentRow(page, curriculum, lesson);
      await expect(recent.score).toHaveText('90%');
      await expect(recent.status).toHaveText('Complete');
    }
    const record = await trainingRecord(page, curriculum);
    expect(record.find((row) => row.Level === 'Course')?.Status).toBe('Complete');
    const tree = await openTree(page, curriculum, 'Forced order', 'closed');
    await expect(treeRow(tree, 'Check ride').score).toHaveText('90%');
    await expect(treeRow(tree, 'Check ride').completion).toContainText('Complete');

    await openCourseDetails(page, curriculum);
    const certificate = await openCertificate(page, curriculum);
    // The curriculum's score is the course's rollup measure. This package's objectives read their
    // measure from globals it never writes (mapInfo's readNormalizedMeasure defaults to true), and
    // the engine then has no course measure: whatever it is, the certificate says what the record
    // says.
    await expectCertificateScore(certificate, record);
    await expect(certificateItem(certificate, 'Walkaround').score).toHaveText('90%');
    await expect(certificateItem(certificate, 'Walkaround').status).toHaveText('Complete');
  });

  test('remediation: a failed check quiz sends the learner back to the teaching; the passed retake is Complete with its score', async ({
    page,
  }) => {
    const curriculum = await start(page, 'remediation');
    const player = await play(page, 'Teaching');
    await press(player, 'Complete');
    await press(player, 'Continue', 'Check quiz');
    await press(player, 'Fail');
    await press(player, 'Continue', 'Teaching');
    await press(player, 'Complete');
    await press(player, 'Continue', 'Check quiz');
    await press(player, 'Pass');
    await exitLesson(player);

    // A flow-only package lists its one entry, where the course resumes (ADR 0007): the quiz now.
    await expect(page.getByTestId('lesson-row')).toHaveCount(1);
    await expectLesson(page, 'Check quiz', { status: 'Complete', score: '90%' });
    await expectCourse(page, 'Remediation', 'Complete');

    await openReport(page);
    const quiz = recentRow(page, curriculum, 'Check quiz');
    await expect(quiz.score).toHaveText('90%');
    await expect(quiz.status).toHaveText('Complete');
    const teaching = recentRow(page, curriculum, 'Teaching');
    await expect(teaching.score).toHaveText('-');
    await expect(teaching.status).toHaveText('Complete');
    const record = await trainingRecord(page, curriculum);
    const course = record.find((row) => row.Level === 'Course');
    expect(course?.Status).toBe('Complete');
    const tree = await openTree(page, curriculum, 'Remediation', 'closed');
    await expect(treeRow(tree, 'Check quiz').completion).toContainText('Complete');
    await expect(treeRow(tree, 'Teaching').score).toHaveText('-');

    await openCourseDetails(page, curriculum);
    const certificate = await openCertificate(page, curriculum);
    await expectCertificateScore(certificate, record);
    await expect(certificateItem(certificate, 'Check quiz').score).toHaveText('90%');
  });

  test('pre/post test rollup: a failed post test is Failing with 20% in the panel, Failed in the report, and no certificate', async ({
    page,
  }) => {
    const curriculum = await start(page, 'post test');
    // The pre-test content counts for nothing (SN RB.1.2: rollup off); the post test decides.
    let player = await play(page, 'Content 1');
    await press(player, 'Complete');
    await exitLesson(player);
    player = await play(page, 'Post test');
    await press(player, 'Fail');
    await exitLesson(player);

    await expectCourse(page, 'Post test course', 'Failing');
    await expectLesson(page, 'Post test', { status: 'Failed', score: '20%' });
    await expect(lessonRow(page, 'Post test').getByTestId('failure-hint')).toBeVisible();
    await expectLesson(page, 'Content 1', { status: 'Complete', score: '-', red: true });
    await noCertificate(page);
    await screenshotBoth(page, 'package-kinds-post-test-failed');

    await openReport(page);
    const post = recentRow(page, curriculum, 'Post test');
    await expect(post.score).toHaveText('20%');
    await expect(post.status).toHaveText('Failed');
    const record = await trainingRecord(page, curriculum);
    expect(record.find((row) => row.Level === 'Course')).toMatchObject({
      Status: 'Failed',
      Score: '20%',
    });
    expect(
      record.find((row) => row.Level === 'Lesson' && row.Lesson === 'Post test'),
    ).toMatchObject({ Status: 'Failed', Score: '20%' });
    const tree = await openTree(page, curriculum, 'Post test course', 'open');
    await expect(treeRow(tree, 'Post test').score).toHaveText('20%');
    await expect(treeRow(tree, 'Post test').completion).toHaveText('Failed');
    await noCertificate(page);
  });

  test('random selection: two of the four tests are offered and delivered, and only those two are listed', async ({
    page,
  }) => {
    const curriculum = await start(page, 'random selection');
    const pool = ['Test A', 'Test B', 'Test C', 'Test D'];
    // Before an attempt draws, the pool offers its one entry (what a start delivers).
    const entries = page.getByRole('button', { name: /^Play Test [A-D]$/ });
    await expect(entries).toHaveCount(1);
    const entry = (await entries.getAttribute('aria-label'))!.replace(/^Play /, '');
    // The start draws two tests and delivers the first of them, which need not be the entry the
    // panel named before the draw.
    const player = await play(page, entry, /^Test [A-D] - Waypoint$/);
    const first = (await player.title()).replace(/ - Waypoint$/, '');
    const offered = player
      .getByRole('combobox', { name: 'Lesson' })
      .locator('option')
      .filter({ hasText: /^Test [A-D]/ });
    await expect(offered).toHaveCount(2);
    const drawn = (await offered.allTextContents()).map((text) =>
      text.replace(' (this lesson)', ''),
    );
    const second = drawn.find((name) => name !== first)!;
    expect(pool).toContain(second);
    await press(player, 'Complete');
    // The other drawn test from the player's list: the start may deliver the later of the two in
    // the pool's order, after which Continue has nothing left to deliver.
    await player.getByRole('combobox', { name: 'Lesson' }).selectOption({ label: second });
    await player.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(player).toHaveTitle(`${second} - Waypoint`, { timeout: NAVIGATION_MS });
    await press(player, 'Complete');
    await exitLesson(player);

    // Course details lists the two drawn tests, not the two left in the pool.
    await expect(page.getByTestId('lesson-row')).toHaveCount(2);
    for (const lesson of drawn)
      await expectLesson(page, lesson, { status: 'Complete', score: '-' });
    for (const lesson of pool.filter((name) => !drawn.includes(name))) {
      await expect(lessonRow(page, lesson)).toHaveCount(0);
    }
    await expectCourse(page, 'Random selection', 'Complete');
    await screenshotBoth(page, 'package-kinds-random-selection');

    await openReport(page);
    for (const lesson of drawn) {
      const recent = recentRow(page, curriculum, lesson);
      await expect(recent.status).toHaveText('Complete');
      await expect(recent.score).toHaveText('-');
    }
    const record = await trainingRecord(page, curriculum);
    expect(
      record
        .filter((row) => row.Level === 'Lesson')
        .map((row) => row.Lesson)
        .sort(),
    ).toEqual([...drawn].sort());

    await openCourseDetails(page, curriculum);
    const certificate = await openCertificate(page, curriculum);
    await expect(certificateScore(certificate)).toHaveCount(0);
    for (const lesson of drawn) {
      await expect(certificateItem(certificate, lesson).status).toHaveText('Complete');
    }
  });

  test('invisible wrapper: its three lessons are listed with play buttons and each plays from the panel', async ({
    page,
  }) => {
    const curriculum = await start(page, 'invisible wrapper');
    const lessons = ['Wrapped one', 'Wrapped two', 'Wrapped three'];
    for (const lesson of lessons) {
      await expect(page.getByRole('button', { name: `Play ${lesson}` })).toBeVisible();
    }
    // In any order the choice allows: the second first.
    let player = await play(page, 'Wrapped two');
    await expect(sco(player).getByText(/entry=ab-initio/)).toBeVisible();
    await press(player, 'Pass');
    await exitLesson(player);
    await expectLesson(page, 'Wrapped two', { status: 'Complete', score: '90%' });
    await expectLesson(page, 'Wrapped one', { status: 'Not started', score: '-' });
    await expectCourse(page, 'Invisible wrapper', 'Incomplete');
    await noCertificate(page);

    for (const lesson of ['Wrapped one', 'Wrapped three']) {
      player = await play(page, lesson);
      await press(player, 'Pass');
      await exitLesson(player);
    }
    for (const lesson of lessons)
      await expectLesson(page, lesson, { status: 'Complete', score: '90%' });
    await expectCourse(page, 'Invisible wrapper', 'Complete');

    await openReport(page);
    for (const lesson of lessons) {
      const recent = recentRow(page, curriculum, lesson);
      await expect(recent.score).toHaveText('90%');
      await expect(recent.status).toHaveText('Complete');
    }
    const record = await trainingRecord(page, curriculum);
    expect(record.find((row) => row.Level === 'Course')).toMatchObject({
      Status: 'Complete',
      Score: '90%',
    });

    await openCourseDetails(page, curriculum);
    const certificate = await openCertificate(page, curriculum);
    await expect(certificateScore(certificate).locator('dd')).toHaveText('90%');
    await expect(certificateItem(certificate, 'Wrapped three').score).toHaveText('90%');
  });

  test('five-year limit: both lessons start and read the limit back in cmi.max_time_allowed', async ({
    page,
  }) => {
    const curriculum = await start(page, 'five-year limit');
    await expect(page.getByRole('button', { name: 'Play Year and a half' })).toBeVisible();
    const player = await play(page, 'Five years');
    await expect(sco(player).getByText(/entry=ab-initio max_time_allowed=P5Y /)).toBeVisible();
    await press(player, 'Pass');
    await press(player, 'Continue', 'Year and a half');
    await expect(sco(player).getByText(/entry=ab-initio max_time_allowed=P1Y6M /)).toBeVisible();
    await press(player, 'Pass');
    await exitLesson(player);

    await expectLesson(page, 'Five years', { status: 'Complete', score: '90%' });
    await expectLesson(page, 'Year and a half', { status: 'Complete', score: '90%' });
    await expectCourse(page, 'Five-year limit', 'Complete');

    await openReport(page);
    const recent = recentRow(page, curriculum, 'Five years');
    await expect(recent.score).toHaveText('90%');
    await expect(recent.status).toHaveText('Complete');

    await openCourseDetails(page, curriculum);
    const certificate = await openCertificate(page, curriculum);
    await expect(certificateScore(certificate).locator('dd')).toHaveText('90%');
  });

  test('hideLMSUI: the tour has no Previous / Next of the player, the next lesson has them; both done is Complete', async ({
    page,
  }) => {
    const curriculum = await start(page, 'hide LMS UI');
    const player = await play(page, 'Guided tour');
    await expect(sco(player).getByText(/entry=ab-initio/)).toBeVisible();
    await expect(player.getByRole('combobox', { name: 'Lesson' })).toBeVisible();
    await expect(player.getByRole('button', { name: /Previous/ })).toHaveCount(0);
    await expect(player.getByRole('button', { name: /Next/ })).toHaveCount(0);
    await press(player, 'Complete');
    await press(player, 'Continue', 'After the tour');
    await expect(player.getByRole('button', { name: /Previous/ })).toBeEnabled();
    await expect(player.getByRole('button', { name: /Next/ })).toBeDisabled();
    await press(player, 'Complete');
    await exitLesson(player);

    await expectLesson(page, 'Guided tour', { status: 'Complete', score: '-' });
    await expectLesson(page, 'After the tour', { status: 'Complete', score: '-' });
    await expectCourse(page, 'Guided', 'Complete');

    await openReport(page);
    const recent = recentRow(page, curriculum, 'Guided tour');
    await expect(recent.status).toHaveText('Complete');
    await expect(recent.score).toHaveText('-');

    await openCourseDetails(page, curriculum);
    const certificate = await openCertificate(page, curriculum);
    await expect(certificateScore(certificate)).toHaveCount(0);
    await expect(certificateItem(certificate, 'Guided tour').score).toHaveText('-');
  });

  test('no score rollup: both lessons passed with 90%, the course has no score: - in the report, none on the certificate', async ({
    page,
  }) => {
    const curriculum = await start(page, 'no score rollup');
    const player = await play(page, 'Weightless one');
    await press(player, 'Pass');
    await press(player, 'Continue', 'Weightless two');
    await press(player, 'Pass');
    await exitLesson(player);

    await expectLesson(page, 'Weightless one', { status: 'Complete', score: '90%' });
    await expectLesson(page, 'Weightless two', { status: 'Complete', score: '90%' });
    await expectCourse(page, 'No score rollup', 'Complete');

    await openReport(page);
    const recent = recentRow(page, curriculum, 'Weightless two');
    await expect(recent.score).toHaveText('90%');
    await expect(recent.status).toHaveText('Complete');
    // SN RB.1.1: no weighted measure, no course measure: '-', never '0%' or the lessons' 90%.
    const record = await trainingRecord(page, curriculum);
    expect(record.find((row) => row.Level === 'Course')).toMatchObject({
      Status: 'Complete',
      Score: '-',
    });
    expect(record.find((row) => row.Level === 'Curriculum')).toMatchObject({ Score: '-' });

    await openCourseDetails(page, curriculum);
    const certificate = await openCertificate(page, curriculum);
    await expect(certificateScore(certificate)).toHaveCount(0);
    await expect(certificateItem(certificate, 'Weightless one').score).toHaveText('90%');
  });
});
