import { expect, test, type Download, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readZip } from '../apps/server/src/test/zip.js';
import {
  consoleSignIn,
  expectAccessibleAtBothWidths,
  screenshotFromTop,
} from './support/console.js';
import { screenshotBoth } from './support/panel.js';

// Compliance oversight in Chromium (docs/decisions/0022): the administrator filters the
// qualification matrix to one base and opens an overdue cell's history, exports the filtered
// matrix as CSV and XLSX (the XLSX read back with exceljs holds the CSV's cells), downloads the
// base's training records as a zip and looks at a PDF of it, and makes an inspector link for the
// base that a signed-out browser opens to see that base only. The demo's `student` (Sam Carter,
// base LHR) is overdue in Winter Operations (due 35 days before the seeding, not complete);
// `mfa.student` (Priya Natarajan) is of base MAN.

const screenshots = path.resolve(import.meta.dirname, '../screenshots');
const BASE = 'LHR';
const IN_BASE = 'Sam Carter';
const OTHER_BASE = 'Priya Natarajan';
const OVERDUE_CURRICULUM = 'Winter Operations';

/** Clicks and waits for the download it starts; answers the saved file's path and name. */
async function downloadBy(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return saved(download);
}

async function saved(download: Download) {
  const file = await download.path();
  expect(await download.failure()).toBeNull();
  return { file, name: download.suggestedFilename() };
}

/** A CSV export's rows: it starts with a byte-order mark (for Excel) and ends lines with CRLF. */
function csvRows(file: string): string[][] {
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text).toContain('\r\n');
  return parse(text.slice(1)) as string[][];
}

/** An XLSX cell as the CSV writes it: dates as UTC days, text with formulas neutralised. */
function asCsvText(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The first sheet of an XLSX read back with exceljs, each row as the CSV's texts. */
async function xlsxRows(file: string, width: number): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The XLSX has no sheet.');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values: string[] = [];
    for (let column = 1; column <= width; column += 1)
      values.push(asCsvText(row.getCell(column).value));
    rows.push(values);
  });
  return rows;
}

/** A UTC day as yyyy-mm-dd, `days` from today. */
const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('compliance: the matrix of one base, an overdue cell, exports, records and an inspector link', async ({
  page,
  browser,
}, testInfo) => {
  await consoleSignIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Compliance' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compliance');
  const matrix = page.getByRole('table', { name: /^Qualification matrix/ });
  await expect(matrix.getByRole('row').nth(1)).toBeVisible();

  // The base filter: it goes into the address and every row left is of that base.
  await page
    .getByRole('search', { name: 'Filter the people' })
    .getByRole('combobox', { name: 'Base', exact: true })
    .selectOption(BASE);
  await expect(page).toHaveURL(/[?&]base=LHR(&|$)/);
  await expect(matrix.getByRole('rowheader', { name: new RegExp(OTHER_BASE) })).toHaveCount(0);
  await expect(matrix.getByRole('rowheader', { name: new RegExp(IN_BASE) })).toBeVisible();
  const bases = await matrix.locator('tbody tr td:first-of-type').allTextContents();
  expect(bases.length).toBeGreaterThan(0);
  expect(new Set(bases)).toEqual(new Set([BASE]));
  const shownNames = await matrix.locator('tbody tr th a').allTextContents();
  await expectAccessibleAtBothWidths(page);
  await screenshotFromTop(page, 'compliance-matrix');

  // An overdue cell opens its history: the assignment's dates and each lesson's attempts.
  const overdue = matrix.getByRole('button', {
    name: new RegExp(`^${IN_BASE}, ${OVERDUE_CURRICULUM}: Overdue since \\d{4}/\\d{2}/\\d{2}$`),
  });
  await overdue.click();
  const dialog = page.getByRole('dialog', { name: `${IN_BASE}: ${OVERDUE_CURRICULUM}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/Overdue since \d{4}\/\d{2}\/\d{2}/);
  await expect(dialog).toContainText('Holdover Time Tables');
  await expect(dialog.getByRole('table', { name: "Each lesson's attempts" })).toBeVisible();
  // Each lesson's attempt records under it (the attempt record), not a count.
  await expect(
    dialog.getByRole('table', { name: 'Attempts of Holdover Time Tables' }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await screenshotBoth(page, 'compliance-cell');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The filtered matrix as CSV and as XLSX: the base's people only, the same cells in both.
  const csvFile = await downloadBy(page, () =>
    page.getByRole('button', { name: 'Export CSV' }).click(),
  );
  expect(csvFile.name).toMatch(/^waypoint-demo-.*LHR.*\.csv$/);
  const csv = csvRows(csvFile.file);
  const header = csv[0]!;
  expect(header.slice(0, 7)).toEqual([
    'Login',
    'Name',
    'Employee ID',
    'Base',
    'Fleet',
    'Position',
    'Restriction group',
  ]);
  expect(header).toContain(OVERDUE_CURRICULUM);
  expect(header).toContain(`${OVERDUE_CURRICULUM} date`);
  const people = csv.slice(1);
  expect(new Set(people.map((row) => row[3]))).toEqual(new Set([BASE]));
  const names = people.map((row) => row[1]);
  expect(names).toContain(IN_BASE);
  expect(names).not.toContain(OTHER_BASE);
  for (const name of shownNames) expect(names).toContain(name);
  const sam = people.find((row) => row[0] === 'student')!;
  expect(sam[header.indexOf(OVERDUE_CURRICULUM)]).toMatch(/^Overdue since /);

  const xlsxFile = await downloadBy(page, () =>
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  );
  expect(xlsxFile.name).toBe(csvFile.name.replace(/\.csv$/, '.xlsx'));
  const xlsx = await xlsxRows(xlsxFile.file, header.length);
  expect(xlsx[0]).toEqual(header);
  // Another journey may add people of the base between the two downloads: every person of the
  // CSV is in the XLSX with the same cells.
  const xlsxByLogin = new Map(xlsx.slice(1).map((row) => [row[0], row]));
  for (const row of people) expect(xlsxByLogin.get(row[0])).toEqual(row);

  // The base's training records of a period: a zip of one PDF per person and records.csv.
  await page.getByRole('button', { name: 'Training records (zip)' }).click();
  const records = page.getByRole('dialog', { name: 'Training records (zip)' });
  const from = utcDay(-364);
  const to = utcDay();
  await records.getByLabel('From (UTC day)').fill(from);
  await records.getByLabel('To (UTC day)').fill(to);
  const zipFile = await downloadBy(page, () =>
    records.getByRole('button', { name: 'Download zip' }).click(),
  );
  await expect(records).toBeHidden();
  expect(zipFile.name).toContain(`records-${from}_${to}`);
  const entries = await readZip(zipFile.file);
  expect(entries.has('records.csv')).toBe(true);
  const pdfs = [...entries.keys()].filter((name) => name.endsWith('.pdf'));
  // One PDF for each person of the CSV (or more, should another journey add one of the base).
  expect(pdfs.length).toBeGreaterThanOrEqual(people.length);
  const samPdf = pdfs.find((name) => name.startsWith('student-'));
  expect(samPdf).toBeDefined();
  const pdfPath = testInfo.outputPath('sam-carter.pdf');
  mkdirSync(path.dirname(pdfPath), { recursive: true });
  const pdf = entries.get(samPdf!)!;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  writeFileSync(pdfPath, pdf);
  mkdirSync(screenshots, { recursive: true });
  const pngBase = path.join(screenshots, 'compliance-record-pdf');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfPath,
    pngBase,
  ]);
  expect(statSync(`${pngBase}.png`).size).toBeGreaterThan(10_000);
  const pdfText = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain(IN_BASE);
  expect(pdfText).toContain('Training record');
  expect(pdfText).toContain(`Period ${from} to ${to}`);

  // The daily lists: the overdue list of the base holds the overdue cell.
  await page.getByRole('link', { name: 'Lists' }).click();
  await expect(page).toHaveURL(/\/console\/compliance\/lists\?.*base=LHR/);
  const list = page.getByRole('table', { name: 'Overdue: people and curricula' });
  await expect(list).toContainText(IN_BASE);
  await expect(list).toContainText(OVERDUE_CURRICULUM);
  await expect(list).not.toContainText(OTHER_BASE);
  await expectAccessibleAtBothWidths(page);
  await screenshotFromTop(page, 'compliance-lists');

  // An inspector link for the base, its address shown once.
  const label = `CAA audit ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'Inspector links' }).click();
  await page.getByRole('button', { name: 'New inspector link' }).click();
  const making = page.getByRole('dialog', { name: 'New inspector link' });
  await making.getByLabel('Label').fill(label);
  await making.getByRole('combobox', { name: 'Base', exact: true }).selectOption(BASE);
  await making.getByRole('button', { name: 'Make link' }).click();
  const made = page.getByRole('dialog', { name: 'Inspector link made' });
  const address = made.getByRole('textbox', { name: `Address of '${label}'` });
  await expect(address).toHaveValue(/\/console\/inspect\/[\w-]{20,}$/);
  const url = await address.inputValue();
  await made.getByRole('button', { name: 'Done' }).click();
  await expect(made).toBeHidden();
  const links = page.getByRole('table', { name: 'Inspector links' });
  await expect(links.getByRole('row', { name: new RegExp(label) })).toContainText('Base LHR');

  // Signed out, in a browser of its own: the label and the base's people only.
  const inspector = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const view = await inspector.newPage();
    await view.goto(url);
    await expect(view.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(view.getByText('Base LHR', { exact: true })).toBeVisible();
    const inspected = view.getByRole('table', { name: 'Qualification matrix' });
    await expect(inspected.getByRole('cell', { name: `${IN_BASE} student` })).toBeVisible();
    await expect(inspected).not.toContainText(OTHER_BASE);
    await expect(
      inspected.getByRole('button', {
        name: new RegExp(`^${IN_BASE}, ${OVERDUE_CURRICULUM}: Overdue since `),
      }),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(view);
    await screenshotFromTop(view, 'compliance-inspector');

    const inspectorCsv = await downloadBy(view, () =>
      view.getByRole('link', { name: 'Matrix (CSV)' }).click(),
    );
    const inspectorRows = csvRows(inspectorCsv.file);
    expect(inspectorRows[0]!.slice(0, 7)).toEqual(header.slice(0, 7));
    const inspectorPeople = inspectorRows.slice(1);
    expect(new Set(inspectorPeople.map((row) => row[3]))).toEqual(new Set([BASE]));
    expect(inspectorPeople.map((row) => row[1])).toContain(IN_BASE);
    expect(inspectorPeople.map((row) => row[1])).not.toContain(OTHER_BASE);
  } finally {
    await inspector.close();
  }
});
