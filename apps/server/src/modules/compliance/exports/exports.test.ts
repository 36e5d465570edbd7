import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate } from '@waypoint/domain';
import { consoleComplianceCalls } from '@waypoint/domain/console-contract';
import { assignCurriculum, insertCurriculum } from '../../../db/seed/tree.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildCurriculum } from '../../../test/assignments.js';
import { buildAssignment, buildLms, buildUser } from '../../../test/factories.js';
import type { Browser } from '../../../test/sign-in.js';
import { buildStaff, signInConsole, staffBrowser } from '../../../test/staff.js';
import { readZip } from '../../../test/zip.js';
import { EXPIRED_TICKET_MESSAGE } from './ticket.js';

// The compliance exports (docs/decisions/0022): one-time, short-lived download tickets, the
// staff member's current role and scope read again at download, the matrix and lists as CSV
// and XLSX with the same cells, and the records zip (a PDF per person and records.csv).

const run = promisify(execFile);
const DAY_MS = 86_400_000;
const PREPARE = `/lms${consoleComplianceCalls.prepareExport.path()}`;
const FORMULA_CURRICULUM = '=HYPERLINK("http://evil.test","Open")';

interface Ticket {
  url: string;
  fileName: string;
  expiresAt: number;
}

const csvRows = (text: string): string[][] => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text).toContain('\r\n');
  return parse(text.slice(1), { relaxColumnCount: false }) as string[][];
};

/** What the CSV holds for a text the XLSX holds as it is (formulas neutralised, §CSV). */
const neutralised = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** An XLSX cell as the CSV writes it: dates as ISO days, text neutralised. */
function asCsvText(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return isoDate(value.getTime());
  if (value === null || value === undefined) return '';
  return neutralised(String(value));
}

describe('compliance exports', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let manManager: Browser;
  let crmKey: number;
  let formulaKey: number;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.stop();
    const now = t.clock.now();
    today = now.toISOString().slice(0, 10);
    lmsKey = (await buildLms(t.db, { lmsCode: 'acme-air' })).lmsKey;
    await t.db.insertInto('certificateSettings').values({ lmsKey, validityMonths: 12 }).execute();
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    manManager = await staffBrowser(t, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['MAN'],
    });
    const crm = await insertCurriculum(t.db, lmsKey, {
      name: 'Recurrent CRM',
      description: '',
      courses: [
        {
          name: 'CRM course',
          topics: [
            {
              name: 'Human factors',
              lessons: [
                {
                  name: 'CRM briefing',
                  progress: {
                    attempts: 1,
                    completion: 1,
                    score: 0.9,
                    completedDaysAgo: 10,
                    totalTimeMinutes: 40,
                    lastLaunchedHoursAgo: 240,
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    crmKey = crm.curriculumKey;
    formulaKey = (await buildCurriculum(t.db, lmsKey, FORMULA_CURRICULUM)).curriculumKey;
    const people = [
      { userId: 'man.silva', base: 'MAN', fleet: 'A320', name: ['Ana', 'Silva'] },
      { userId: 'man.formula', base: 'MAN', fleet: 'B737', name: ['-2+3', 'Formula'] },
      { userId: 'lhr.chan', base: 'LHR', fleet: 'A320', name: ['Lee', 'Chan'] },
    ];
    for (const person of people) {
      const user = await buildUser(t.db, lmsKey, {
        userId: person.userId,
        base: person.base,
        restrictionGroup: person.base,
        fleet: person.fleet,
        position: 'FO',
        employeeId: `E-${person.userId}`,
        nameOther: person.name[0],
        nameCollated: person.name[1],
        displayName: `${person.name[0]} ${person.name[1]}`,
      });
      await assignCurriculum(t.db, now, user.userKey, crm, {
        assignedDaysAgo: 30,
        startDaysAgo: 30,
        durationDays: 365,
      });
      if (person.userId !== 'man.silva') {
        // Due 30 days ago, never started: overdue.
        await buildAssignment(t.db, {
          userKey: user.userKey,
          curriculumKey: formulaKey,
          assignedAt: new Date(now.getTime() - 60 * DAY_MS),
          startDate: new Date(now.getTime() - 60 * DAY_MS),
          durationMs: 30 * DAY_MS,
        });
      }
    }
  });
  afterAll(() => t.close());

  const prepare = (browser: Browser, body: unknown) =>
    browser.call(PREPARE, { method: 'POST', body: JSON.stringify(body) });

  const ticketFor = async (browser: Browser, body: unknown): Promise<Ticket> => {
    const response = await prepare(browser, body);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Ticket;
  };

  /** Fetches a ticket's address as a browser navigates to it: no session, no cookies. */
  const download = (url: string) => fetch(`${t.baseUrl}${url}`);

  const downloadBytes = async (browser: Browser, body: unknown) => {
    const ticket = await ticketFor(browser, body);
    const response = await download(ticket.url);
    expect(response.status).toBe(200);
    return { ticket, response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  const exportEvents = () =>
    t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', 'compliance.export')
      .orderBy('eventKey')
      .execute();

  it('answers a one-time address, keeps only its hash, and the file is fetched once', async () => {
    const before = (await exportEvents()).length;
    const ticket = await ticketFor(admin, { what: 'matrix', format: 'csv', filter: {} });
    expect(ticket.fileName).toBe(`waypoint-acme-air-all-matrix-${today}.csv`);
    expect(ticket.expiresAt).toBe(t.clock.now().getTime() + 5 * 60_000);
    const token = ticket.url.split('/').at(-1)!;
    expect(ticket.url).toBe(`/lms${consoleComplianceCalls.download.path(token)}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const stored = await t.db.selectFrom('exportTicket').selectAll().execute();
    expect(stored.map((row) => row.tokenHash)).toContain(
      createHash('sha256').update(token).digest('hex'),
    );
    expect(JSON.stringify(stored)).not.toContain(token);

    // A HEAD does not use it up (there is none).
    expect((await fetch(`${t.baseUrl}${ticket.url}`, { method: 'HEAD' })).status).toBe(404);
    const first = await download(ticket.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('content-disposition')).toBe(
      `attachment; filename="${ticket.fileName}"; filename*=UTF-8''${ticket.fileName}`,
    );
    await first.arrayBuffer();

    const again = await download(ticket.url);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe(EXPIRED_TICKET_MESSAGE);

    const events = (await exportEvents()).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ lmsKey, actorUserKey: admin.userKey, targetType: 'export' });
    expect(events[0]!.after).toEqual({ what: 'matrix', format: 'csv', filter: {}, rows: 3 });
  });

  it('refuses an expired ticket and an unknown one with the same 404', async () => {
    const ticket = await ticketFor(admin, { what: 'matrix', format: 'csv', filter: {} });
    t.clock.advance(5 * 60_000);
    try {
      const expired = await download(ticket.url);
      expect(expired.status).toBe(404);
      expect(((await expired.json()) as { message: string }).message).toBe(EXPIRED_TICKET_MESSAGE);
    } finally {
      t.clock.advance(-5 * 60_000);
    }
    const unknown = await download(`/lms${consoleComplianceCalls.download.path('A'.repeat(22))}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(EXPIRED_TICKET_MESSAGE);
  });

  it('refuses a staff member without compliance.export (403), and one who lost it since', async () => {
    const nothing = await t.db
      .insertInto('staffRole')
      .values({ lmsKey, name: 'Receptionist', createdAt: new Date() })
      .returning('roleKey')
      .executeTakeFirstOrThrow();
    const clerk = await staffBrowser(t, lmsKey, { role: 'auditor' });
    const ticket = await ticketFor(clerk, { what: 'matrix', format: 'csv', filter: {} });
    await t.db
      .updateTable('staffMember')
      .set({ roleKey: nothing.roleKey })
      .where('userKey', '=', clerk.userKey)
      .execute();
    const refused = await prepare(clerk, { what: 'matrix', format: 'csv', filter: {} });
    expect(refused.status).toBe(403);
    const before = (await exportEvents()).length;
    const late = await download(ticket.url);
    expect(late.status).toBe(403);
    expect((await exportEvents()).length).toBe(before);

    // No longer staff at all.
    const gone = await buildStaff(t.db, lmsKey, { role: 'auditor' });
    const goneBrowser = await signInConsole(t, gone.userId);
    const goneTicket = await ticketFor(goneBrowser, { what: 'matrix', format: 'csv', filter: {} });
    await t.db.deleteFrom('staffMember').where('userKey', '=', gone.userKey).execute();
    expect((await download(goneTicket.url)).status).toBe(403);
  });

  it("holds only a scoped manager's scope, and says the scope and filter in the name", async () => {
    const { ticket, bytes } = await downloadBytes(manManager, {
      what: 'matrix',
      format: 'csv',
      filter: {},
    });
    expect(ticket.fileName).toBe(`waypoint-acme-air-MAN-matrix-${today}.csv`);
    const rows = csvRows(bytes.toString('utf8'));
    expect(rows.slice(1).map((row) => row[0])).toEqual(['man.formula', 'man.silva']);

    // Even when the filter asks for another base: the scope narrows it to no one.
    const lhr = await downloadBytes(manManager, {
      what: 'list',
      list: 'overdue',
      format: 'csv',
      filter: { base: 'LHR', fleet: 'A320' },
    });
    expect(lhr.ticket.fileName).toBe(`waypoint-acme-air-MAN-LHR-A320-list-overdue-${today}.csv`);
    expect(csvRows(lhr.bytes.toString('utf8'))).toHaveLength(1);
  });

  it('writes the matrix as CSV: the columns, status words with ISO dates, formulas neutralised', async () => {
    const { bytes } = await downloadBytes(admin, { what: 'matrix', format: 'csv', filter: {} });
    const rows = csvRows(bytes.toString('utf8'));
    expect(rows[0]).toEqual([
      'Login',
      'Name',
      'Employee ID',
      'Base',
      'Fleet',
      'Position',
      'Restriction group',
      `'${FORMULA_CURRICULUM}`,
      `'${FORMULA_CURRICULUM} date`,
      'Recurrent CRM',
      'Recurrent CRM date',
    ]);
    const now = t.clock.now().getTime();
    const due = isoDate(now - 30 * DAY_MS);
    const completed = new Date(now - 10 * DAY_MS);
    const until = new Date(completed);
    until.setUTCMonth(until.getUTCMonth() + 12);
    const slash = (iso: string) => iso.replaceAll('-', '/');
    const byLogin = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byLogin.get('man.formula')).toEqual([
      'man.formula',
      "'-2+3 Formula",
      'E-man.formula',
      'MAN',
      'B737',
      'FO',
      'MAN',
      `Overdue since ${slash(due)}`,
      due,
      `Current until ${slash(isoDate(until.getTime()))}`,
      isoDate(until.getTime()),
    ]);
    expect(byLogin.get('man.silva')!.slice(7, 9)).toEqual(['Not assigned', '']);
    expect([...byLogin.keys()]).toHaveLength(3);

    // The filter's curricula are the columns.
    const one = await downloadBytes(admin, {
      what: 'matrix',
      format: 'csv',
      filter: { curricula: String(crmKey) },
    });
    expect(csvRows(one.bytes.toString('utf8'))[0]!.slice(7)).toEqual([
      'Recurrent CRM',
      'Recurrent CRM date',
    ]);
  });

  it('writes a list as CSV: one row per person and curriculum on it, with due dates', async () => {
    const { ticket, bytes } = await downloadBytes(admin, {
      what: 'list',
      list: 'overdue',
      format: 'csv',
      filter: {},
    });
    expect(ticket.fileName).toBe(`waypoint-acme-air-all-list-overdue-${today}.csv`);
    const rows = csvRows(bytes.toString('utf8'));
    expect(rows[0]!.slice(7)).toEqual(['Curriculum', 'Status', 'Date', 'Due date']);
    const due = isoDate(t.clock.now().getTime() - 30 * DAY_MS);
    expect(
      rows
        .slice(1)
        .map((row) => [row[0], ...row.slice(7)])
        .sort(),
    ).toEqual(
      ['lhr.chan', 'man.formula'].map((login) => [
        login,
        `'${FORMULA_CURRICULUM}`,
        `Overdue since ${due.replaceAll('-', '/')}`,
        due,
        due,
      ]),
    );
  });

  it('writes the same cells as XLSX: a frozen header, real dates, column widths', async () => {
    for (const request of [
      { what: 'matrix', format: 'csv', filter: {} },
      { what: 'list', list: 'overdue', format: 'csv', filter: {} },
    ]) {
      const csv = csvRows((await downloadBytes(admin, request)).bytes.toString('utf8'));
      const xlsx = await downloadBytes(admin, { ...request, format: 'xlsx' });
      expect(xlsx.response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(xlsx.ticket.fileName.endsWith('.xlsx')).toBe(true);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getColumn(2).width).toBeGreaterThan(10);
      const cells: string[][] = [];
      const dates: ExcelJS.CellValue[] = [];
      sheet.eachRow((row) => {
        const values: string[] = [];
        for (let column = 1; column <= csv[0]!.length; column += 1) {
          const value = row.getCell(column).value;
          if (row.number > 1 && csv[0]![column - 1]!.endsWith('date')) dates.push(value);
          values.push(asCsvText(value));
        }
        cells.push(values);
      });
      expect(cells).toEqual(csv);
      expect(dates.some((value) => value instanceof Date)).toBe(true);
      expect(dates.every((value) => value instanceof Date || value === null)).toBe(true);
    }
  });

  it('zips one training-record PDF per person of the period and records.csv', async () => {
    const now = t.clock.now().getTime();
    const from = isoDate(now - 20 * DAY_MS);
    const { ticket, response, bytes } = await downloadBytes(admin, {
      what: 'records',
      format: 'zip',
      filter: { base: 'MAN' },
      from,
      to: today,
    });
    expect(ticket.fileName).toBe(`waypoint-acme-air-all-MAN-records-${from}_${today}-${today}.zip`);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = await readZip(bytes);
    expect([...entries.keys()].sort()).toEqual([
      'man.formula--2+3_Formula.pdf',
      'man.silva-Ana_Silva.pdf',
      'records.csv',
    ]);
    const rows = csvRows(entries.get('records.csv')!.toString('utf8'));
    expect(rows[0]).toEqual([
      'Login',
      'Base',
      'Student',
      'Employee ID',
      'Level',
      'Curriculum',
      'Course',
      'Lesson',
      'Status',
      'Completed (UTC)',
      'Score',
      'Time',
    ]);
    const lessons = rows.filter((row) => row[4] === 'Lesson');
    expect(lessons.map((row) => [row[0], row[1], row[2], row[7], row[8], row[9]])).toEqual([
      [
        'man.formula',
        'MAN',
        "'-2+3 Formula",
        'CRM briefing',
        'Complete',
        isoDate(now - 10 * DAY_MS),
      ],
      ['man.silva', 'MAN', 'Ana Silva', 'CRM briefing', 'Complete', isoDate(now - 10 * DAY_MS)],
    ]);

    // The PDF is the student's training record for the period, and says the period.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-records-test-'));
    try {
      const file = path.join(dir, 'record.pdf');
      await writeFile(file, entries.get('man.silva-Ana_Silva.pdf')!);
      const { stdout } = await run('pdftotext', ['-layout', file, '-']);
      expect(stdout).toContain(`Period ${from} to ${today}`);
      expect(stdout).toContain('Ana Silva');
      expect(stdout).toContain('CRM briefing');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // A period before the completion: the same people, none of the items.
    const earlier = await downloadBytes(admin, {
      what: 'records',
      format: 'zip',
      filter: { base: 'MAN' },
      from: '2020-01-01',
      to: isoDate(now - 11 * DAY_MS),
    });
    const earlierEntries = await readZip(earlier.bytes);
    expect(earlierEntries.size).toBe(3);
    expect(csvRows(earlierEntries.get('records.csv')!.toString('utf8'))).toHaveLength(1);
  });

  it('zips a README and the CSV header when no one matches', async () => {
    const { bytes } = await downloadBytes(manManager, {
      what: 'records',
      format: 'zip',
      filter: { base: 'LHR' },
      from: '2026-01-01',
      to: '2026-12-31',
    });
    const entries = await readZip(bytes);
    expect([...entries.keys()].sort()).toEqual(['README.txt', 'records.csv']);
    expect(entries.get('README.txt')!.toString('utf8')).toContain('No one matched');
    expect(csvRows(entries.get('records.csv')!.toString('utf8'))).toHaveLength(1);
  });

  it('refuses requests that make no sense with a 400, and keeps no ticket', async () => {
    const count = async () => (await t.db.selectFrom('exportTicket').selectAll().execute()).length;
    const before = await count();
    const cases: [unknown, RegExp][] = [
      [{ what: 'list', format: 'csv', filter: {} }, /which list/],
      [{ what: 'list', list: 'soon', format: 'csv', filter: {} }, /list/],
      [
        { what: 'matrix', list: 'overdue', format: 'csv', filter: {} },
        /only when exporting a list/,
      ],
      [{ what: 'matrix', format: 'zip', filter: {} }, /CSV or XLSX/],
      [{ what: 'list', list: 'failed', format: 'zip', filter: {} }, /CSV or XLSX/],
      [{ what: 'matrix', format: 'pdf', filter: {} }, /format/],
      [{ what: 'people', format: 'csv', filter: {} }, /what/],
      [{ what: 'matrix', format: 'csv', filter: {}, from: '2026-01-01' }, /period/],
      [{ what: 'records', format: 'csv', filter: {}, from: '2026-01-01', to: '2026-02-01' }, /zip/],
      [{ what: 'records', format: 'zip', filter: {} }, /from and to/],
      [
        { what: 'records', format: 'zip', filter: {}, from: '2026-02-30', to: '2026-03-01' },
        /not a date/,
      ],
      [
        { what: 'records', format: 'zip', filter: {}, from: '2026-13-01', to: '2026-12-01' },
        /not a date/,
      ],
      [
        { what: 'records', format: 'zip', filter: {}, from: '2026-03-01', to: '2026-02-01' },
        /end before/,
      ],
      [
        { what: 'records', format: 'zip', filter: {}, from: '2016-01-01', to: '2026-01-01' },
        /10 years/,
      ],
      [{ what: 'records', format: 'zip', filter: {}, from: '26-01-01', to: '2026-01-01' }, /from/],
      [{ what: 'matrix', format: 'csv' }, /filter/],
      [{ what: 'matrix', format: 'csv', filter: { status: 'late' } }, /status/],
    ];
    for (const [body, message] of cases) {
      const response = await prepare(admin, body);
      const text = await response.text();
      expect(response.status, `${JSON.stringify(body)}: ${text}`).toBe(400);
      expect((JSON.parse(text) as { message: string }).message, JSON.stringify(body)).toMatch(
        message,
      );
    }
    // The longest period allowed: ten years less a day.
    expect(
      (
        await prepare(admin, {
          what: 'records',
          format: 'zip',
          filter: {},
          from: '2016-01-01',
          to: '2025-12-31',
        })
      ).status,
    ).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('limits downloads per client address (429), valid ticket or not', async () => {
    // Runs last: the downloads of the tests above count in the same window.
    let refusedAt = 0;
    for (let attempt = 1; attempt <= 61 && refusedAt === 0; attempt += 1) {
      const response = await download(
        `/lms${consoleComplianceCalls.download.path('B'.repeat(22))}`,
      );
      await response.arrayBuffer();
      if (response.status === 429) {
        refusedAt = attempt;
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      } else expect(response.status).toBe(404);
    }
    expect(refusedAt).toBeGreaterThan(0);
    const ticket = await ticketFor(admin, { what: 'matrix', format: 'csv', filter: {} });
    expect((await download(ticket.url)).status).toBe(429);
  });
});
