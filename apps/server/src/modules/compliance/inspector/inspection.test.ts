import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildCurriculum, buildStudent } from '../../../test/assignments.js';
import { buildAssignment, buildLms } from '../../../test/factories.js';
import type { Browser } from '../../../test/sign-in.js';
import { buildStaff, signInConsole, staffBrowser } from '../../../test/staff.js';
import { readZip } from '../../../test/zip.js';

// What an external inspector reaches through a link (docs/decisions/0022), signed out: only the
// link's population in its maker's scope, the period's records, one 404 for every dead link,
// failed lookups rate limited, and every page viewed and file downloaded in the audit log.
const LINKS = '/lms/api/console/compliance/inspector-links';
const INSPECT = '/lms/api/inspect';
const INVALID = 'This inspection link is not valid.';
const DAY_MS = 86_400_000;
const at = (day: string) => new Date(`${day}T12:00:00Z`);

const CONSOLE_PAGE = '<!doctype html><html><head><title>Waypoint console</title></head></html>';

interface MatrixBody {
  rows: { userID: string; cells: { curriculumKey: number; status: string }[] }[];
  curricula: { curriculumKey: number; name: string }[];
  total: number;
  filters: Record<string, string[]>;
}

describe('an inspector link, signed out', () => {
  let t: TestApp;
  let consoleDir: string;
  let lmsKey: number;
  let admin: Browser;
  let lhrAdmin: Browser;
  let crm: { curriculumKey: number; lessonKey: number };
  let dg: { curriculumKey: number };
  let lhrDone: { userKey: number; userId: string };
  let lhrLater: { userKey: number; userId: string };
  let man: { userKey: number; userId: string };
  let foreign: { userKey: number };
  let lhrDoneCrm: number;
  const logLines: string[] = [];

  /** Makes a link as `maker`; answers its token, key and address. */
  async function makeLink(maker: Browser, fields: Record<string, unknown> = {}) {
    const response = await maker.call(LINKS, {
      method: 'POST',
      body: JSON.stringify({
        label: 'CAA audit',
        population: { base: 'LHR' },
        periodFrom: '2026-01-01',
        periodTo: '2026-06-30',
        validDays: 30,
        ...fields,
      }),
    });
    expect(response.status).toBe(200);
    const { link, url } = (await response.json()) as { link: { linkKey: number }; url: string };
    return { linkKey: link.linkKey, url, token: url.split('/').pop()! };
  }

  const inspect = (token: string, rest = '') => fetch(`${t.baseUrl}${INSPECT}/${token}${rest}`);
  const matrix = async (token: string, query = ''): Promise<MatrixBody> => {
    const response = await inspect(token, `/matrix${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as MatrixBody;
  };
  const inspectionEvents = (linkKey: number) =>
    t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('targetType', '=', 'inspectorLink')
      .where('targetKey', '=', String(linkKey))
      .where('action', 'like', 'compliance.inspection.%')
      .orderBy('eventKey')
      .execute();

  beforeAll(async () => {
    consoleDir = await mkdtemp(path.join(tmpdir(), 'waypoint-console-'));
    await writeFile(path.join(consoleDir, 'index.html'), CONSOLE_PAGE);
    t = await createTestApp({
      config: { consoleDir, logLevel: 'info' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    lmsKey = (await buildLms(t.db)).lmsKey;
    const otherLmsKey = (await buildLms(t.db)).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    lhrAdmin = await staffBrowser(t, lmsKey, { role: 'administrator', restrictionGroups: ['LHR'] });
    crm = await buildCurriculum(t.db, lmsKey, 'Recurrent CRM');
    dg = await buildCurriculum(t.db, lmsKey, 'Dangerous goods');
    lhrDone = await buildStudent(t.db, lmsKey, 'LHR', { userId: 'lhr.done', fleet: 'A320' });
    lhrLater = await buildStudent(t.db, lmsKey, 'LHR', { userId: 'lhr.later', fleet: 'B777' });
    man = await buildStudent(t.db, lmsKey, 'MAN', { userId: 'man.one' });
    // Of LHR but another restriction group: outside a LHR-scoped maker's scope.
    await buildStudent(t.db, lmsKey, 'LHR', { userId: 'lhr.contractor' }).then((user) =>
      t.db
        .updateTable('appUser')
        .set({ restrictionGroup: 'CONTRACT' })
        .where('userKey', '=', user.userKey)
        .execute(),
    );
    foreign = await buildStudent(t.db, otherLmsKey, 'LHR', { userId: 'far.away' });
    const assign = (userKey: number, curriculumKey: number) =>
      buildAssignment(t.db, {
        userKey,
        curriculumKey,
        assignedAt: at('2026-01-01'),
        startDate: at('2026-01-01'),
        durationMs: 700 * DAY_MS,
      });
    lhrDoneCrm = (await assign(lhrDone.userKey, crm.curriculumKey)).assignmentKey;
    const lhrLaterCrm = (await assign(lhrLater.userKey, crm.curriculumKey)).assignmentKey;
    await assign(lhrDone.userKey, dg.curriculumKey);
    await assign(man.userKey, crm.curriculumKey);
    // lhr.done finished the lesson inside the period, lhr.later worked on it only after it.
    await t.db
      .insertInto('lessonProgress')
      .values([
        {
          assignmentKey: lhrDoneCrm,
          lessonKey: crm.lessonKey,
          userKey: lhrDone.userKey,
          attempts: 1,
          completion: 1,
          completionInstant: at('2026-03-10'),
          lastLaunchedAt: at('2026-03-10'),
        },
        {
          assignmentKey: lhrLaterCrm,
          lessonKey: crm.lessonKey,
          userKey: lhrLater.userKey,
          attempts: 2,
          lastLaunchedAt: at('2026-08-01'),
        },
      ])
      .execute();
    // The assignment's events: one inside the period, one after it.
    await t.db
      .insertInto('auditEvent')
      .values(
        [
          ['2026-02-01', 'Due date moved inside the period'],
          ['2026-09-01', 'Due date moved after the period'],
        ].map(([day, summary]) => ({
          lmsKey,
          at: at(day!),
          actorLabel: 'chief.admin',
          action: 'assignments.update',
          targetType: 'assignment',
          targetKey: String(lhrDoneCrm),
          summary: summary!,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await rm(consoleDir, { recursive: true, force: true });
  });

  it('opens signed out: the LMS, label, period and expiry, no-store and no-referrer', async () => {
    const link = await makeLink(admin, { label: 'CAA audit March' });
    const response = await inspect(link.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const info = await response.json();
    expect(info).toMatchObject({
      lmsName: expect.stringMatching(/^Airline /),
      label: 'CAA audit March',
      population: { base: 'LHR' },
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
    });
    expect(info.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    // The page itself: the console's index.html, its address kept out of Referer headers.
    const page = await fetch(new URL(link.url).pathname.replace(/^/, t.baseUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toBe(CONSOLE_PAGE);

    // The request log has both addresses, without the token (platform/log-redaction.ts).
    const logged = logLines.join('\n');
    expect(logged).toContain(`${INSPECT}/[redacted]`);
    expect(logged).toContain('/console/inspect/[redacted]');
    expect(logged).not.toContain(link.token);
  });

  it('shows only its population; the inspector can narrow it but never widen it', async () => {
    const { token } = await makeLink(admin);
    const all = await matrix(token);
    expect(all.rows.map((row) => row.userID).sort()).toEqual([
      'lhr.contractor',
      'lhr.done',
      'lhr.later',
    ]);
    expect(all.filters).toEqual({
      bases: ['LHR'],
      fleets: [],
      positions: [],
      restrictionGroups: [],
    });
    // A base in the query is not the inspector's to set: it is dropped, the population stays.
    const widened = await matrix(token, '?base=MAN');
    expect(widened.rows.map((row) => row.userID)).not.toContain('man.one');
    const searched = await matrix(token, '?search=lhr.d');
    expect(searched.rows.map((row) => row.userID)).toEqual(['lhr.done']);
    const bad = await inspect(token, '/matrix?status=sideways');
    expect(bad.status).toBe(400);
  });

  it("a scoped maker's link shows only their scope, whatever its population says", async () => {
    const { token } = await makeLink(lhrAdmin, { population: {} });
    const rows = (await matrix(token)).rows.map((row) => row.userID).sort();
    expect(rows).toEqual(['lhr.done', 'lhr.later']);
  });

  it('lives only as long as its maker may make links, and narrows with their scope', async () => {
    const maker = await buildStaff(t.db, lmsKey, { role: 'administrator' });
    const browser = await signInConsole(t, maker.userId);
    const { token } = await makeLink(browser, { population: {} });
    expect((await matrix(token)).total).toBe(4);
    // Their scope narrowed to LHR: the link shows LHR only.
    await t.db
      .updateTable('staffMember')
      .set({ restrictionGroups: ['LHR'] })
      .where('userKey', '=', maker.userKey)
      .execute();
    expect((await matrix(token)).rows.map((row) => row.userID).sort()).toEqual([
      'lhr.done',
      'lhr.later',
    ]);
    // No longer staff: the link is dead, with the one message.
    await t.db.deleteFrom('staffMember').where('userKey', '=', maker.userKey).execute();
    const dead = await inspect(token, '/matrix');
    expect(dead.status).toBe(404);
    expect((await dead.json()).message).toBe(INVALID);
  });

  it("opens a cell of its population only, and the period limits the cell's records", async () => {
    const { token } = await makeLink(admin);
    const cell = (userKey: number, curriculumKey = crm.curriculumKey) =>
      inspect(token, `/people/${userKey}/curricula/${curriculumKey}`);

    const done = await cell(lhrDone.userKey);
    expect(done.status).toBe(200);
    expect(done.headers.get('cache-control')).toBe('no-store');
    const history = await done.json();
    expect(history.person.userID).toBe('lhr.done');
    expect(history.lessons).toHaveLength(1);
    expect(history.lessons[0].completedAt).toBe(at('2026-03-10').getTime());
    expect(history.events.map((event: { summary: string }) => event.summary)).toEqual([
      'Due date moved inside the period',
    ]);

    const later = await (await cell(lhrLater.userKey)).json();
    expect(later.lessons[0]).toMatchObject({ attempts: 0, lastLaunchedAt: null });

    for (const [userKey, curriculumKey] of [
      [man.userKey, crm.curriculumKey],
      [foreign.userKey, crm.curriculumKey],
      [lhrDone.userKey, 999_999],
      [999_999, crm.curriculumKey],
    ] as const) {
      const response = await cell(userKey, curriculumKey);
      expect(response.status, `${userKey}/${curriculumKey}`).toBe(404);
      expect((await response.json()).message).toBe('No such person.');
    }

    // A link of one curriculum: its columns, and no other curriculum's cell.
    const crmOnly = await makeLink(admin, {
      population: { base: 'LHR', curricula: String(crm.curriculumKey) },
    });
    expect((await matrix(crmOnly.token)).curricula.map((c) => c.name)).toEqual(['Recurrent CRM']);
    const other = await inspect(
      crmOnly.token,
      `/people/${lhrDone.userKey}/curricula/${dg.curriculumKey}`,
    );
    expect(other.status).toBe(404);
  });

  it('downloads the matrix (CSV, XLSX) and the records zip of the period', async () => {
    const { token } = await makeLink(admin);
    const csv = await inspect(token, '/export?what=matrix&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="waypoint-.*LHR.*matrix.*\.csv"/,
    );
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const text = await csv.text();
    expect(text).toContain('lhr.done');
    expect(text).not.toContain('man.one');

    const xlsx = await inspect(token, '/export?what=matrix&format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    const zip = await inspect(token, '/export?what=records&format=zip');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain('records-2026-01-01_2026-06-30');
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    const names = [...entries.keys()];
    expect(names.some((name) => name.startsWith('lhr.done'))).toBe(true);
    expect(names.some((name) => name.startsWith('man.one'))).toBe(false);
    const records = entries.get('records.csv')!.toString('utf8');
    // lhr.done completed inside the period; lhr.later's only work was after it.
    expect(records).toContain('lhr.done');
    expect(records).not.toContain('lhr.later');

    for (const query of ['?what=matrix&format=zip', '?what=records&format=csv', '?what=list']) {
      const response = await inspect(token, `/export${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('writes every page viewed and every file downloaded to the audit log, as the inspector', async () => {
    const { token, linkKey } = await makeLink(admin, { label: 'Audited visit' });
    await inspect(token);
    await matrix(token, '?status=inProgress');
    await inspect(token, `/people/${lhrDone.userKey}/curricula/${crm.curriculumKey}`);
    const download = await inspect(token, '/export?what=matrix&format=csv');
    await download.text();
    // A person outside the population was not viewed.
    await inspect(token, `/people/${man.userKey}/curricula/${crm.curriculumKey}`);

    const events = await inspectionEvents(linkKey);
    expect(events.map((event) => event.action)).toEqual([
      'compliance.inspection.view',
      'compliance.inspection.view',
      'compliance.inspection.view',
      'compliance.inspection.download',
    ]);
    for (const event of events) {
      expect(event).toMatchObject({
        lmsKey,
        actorUserKey: null,
        actorLabel: 'inspector:Audited visit',
        clientAddress: '127.0.0.1',
        targetType: 'inspectorLink',
      });
      expect(JSON.stringify(event)).not.toContain(token);
    }
    expect(events[1]!.summary).toContain('status inProgress');
    expect(events[2]!.summary).toContain('lhr.done');
    expect(events[3]!.summary).toMatch(/downloaded waypoint-.*\.csv \(3 people\)/);

    const { links } = await (await admin.call(LINKS)).json();
    const listed = links.find((link: { linkKey: number }) => link.linkKey === linkKey);
    expect(listed.uses).toBe(4);
  });

  it('answers an unknown, expired or revoked link with one 404 message, and writes nothing', async () => {
    const revoked = await makeLink(admin);
    await admin.call(`${LINKS}/${revoked.linkKey}/revoke`, { method: 'POST' });
    const expiring = await makeLink(admin, { validDays: 1 });
    expect((await inspect(expiring.token)).status).toBe(200);
    t.clock.advance(DAY_MS + 1000);
    try {
      for (const token of [expiring.token, revoked.token, 'A'.repeat(22)]) {
        for (const rest of [
          '',
          '/matrix',
          `/people/${lhrDone.userKey}/curricula/${crm.curriculumKey}`,
          '/export?what=matrix&format=csv',
        ]) {
          const response = await inspect(token, rest);
          expect(response.status, `${token}${rest}`).toBe(404);
          expect((await response.json()).message).toBe(INVALID);
        }
      }
    } finally {
      t.clock.advance(-(DAY_MS + 1000));
    }
    expect(await inspectionEvents(revoked.linkKey)).toEqual([]);
    expect((await inspectionEvents(expiring.linkKey)).length).toBe(1);
  });

  it('rate limits failed lookups per client address (429), while a live link still opens', async () => {
    const live = await makeLink(admin);
    let refused: Response | null = null;
    for (let attempt = 0; attempt < 40 && !refused; attempt += 1) {
      const response = await inspect(`guess${String(attempt).padStart(20, '0')}`);
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(404);
    }
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await inspect(live.token)).status).toBe(200);
  });
});
