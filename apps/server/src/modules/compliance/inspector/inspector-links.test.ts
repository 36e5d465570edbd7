import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildCurriculum } from '../../../test/assignments.js';
import { buildLms } from '../../../test/factories.js';
import { browserFrom, type Browser } from '../../../test/sign-in.js';
import { buildStaff, postConsoleLogin, staffBrowser } from '../../../test/staff.js';

// Inspector links as staff manage them (docs/decisions/0022): administrators and auditors only,
// the address answered once and only its hash kept, a scoped maker unable to widen the link,
// revocation, and each change in the audit log.
const API = '/lms/api/console/compliance/inspector-links';
const DAY_MS = 86_400_000;

const newLink = (fields: Record<string, unknown> = {}) => ({
  label: 'CAA audit 2026',
  population: { base: 'LHR' },
  periodFrom: '2026-01-01',
  periodTo: '2026-06-30',
  validDays: 14,
  ...fields,
});

interface LinkRow {
  linkKey: number;
  label: string;
  population: Record<string, string>;
  periodFrom: string;
  periodTo: string;
  createdAt: number;
  createdBy: string;
  expiresAt: number;
  revokedAt: number | null;
  uses: number;
}

describe('inspector links in the console', () => {
  let t: TestApp;
  let lmsKey: number;
  let otherLmsCode: string;
  let otherLmsKey: number;
  let admin: Browser;
  let auditor: Browser;
  let lhrAdmin: Browser;
  let curriculumKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.stop();
    lmsKey = (await buildLms(t.db)).lmsKey;
    const other = await buildLms(t.db);
    otherLmsKey = other.lmsKey;
    otherLmsCode = other.lmsCode;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator', userId: 'chief.admin' });
    auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
    lhrAdmin = await staffBrowser(t, lmsKey, {
      role: 'administrator',
      restrictionGroups: ['LHR'],
      userId: 'lhr.admin',
    });
    curriculumKey = (await buildCurriculum(t.db, lmsKey, 'Recurrent CRM')).curriculumKey;
  });
  afterAll(() => t.close());

  const create = (browser: Browser, body: unknown) =>
    browser.call(API, { method: 'POST', body: JSON.stringify(body) });
  const revoke = (browser: Browser, linkKey: number) =>
    browser.call(`${API}/${linkKey}/revoke`, { method: 'POST' });
  const list = async (browser: Browser): Promise<LinkRow[]> => {
    const response = await browser.call(API);
    expect(response.status).toBe(200);
    return ((await response.json()) as { links: LinkRow[] }).links;
  };
  const counts = async () => {
    const [links, events] = await Promise.all([
      t.db.selectFrom('inspectorLink').select('linkKey').execute(),
      t.db.selectFrom('auditEvent').select('eventKey').execute(),
    ]);
    return { links: links.length, events: events.length };
  };
  const eventsOf = (linkKey: number) =>
    t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('targetType', '=', 'inspectorLink')
      .where('targetKey', '=', String(linkKey))
      .orderBy('eventKey')
      .execute();

  it('makes a link: the address once, only its SHA-256 kept, the period and expiry, audited', async () => {
    const response = await create(admin, newLink({ population: { base: ' LHR ', fleet: '' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { link, url } = (await response.json()) as { link: LinkRow; url: string };
    const match = new RegExp(`^${t.config.publicUrl}/console/inspect/([A-Za-z0-9_-]{22})$`).exec(
      url,
    );
    expect(match, url).not.toBeNull();
    const token = match![1]!;
    // 22 base64url characters: 132 bits written, 128 of them random.
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(link).toMatchObject({
      label: 'CAA audit 2026',
      population: { base: 'LHR' },
      periodFrom: '2026-01-01',
      periodTo: '2026-06-30',
      createdBy: 'chief.admin',
      revokedAt: null,
      uses: 0,
    });
    expect(link.expiresAt - link.createdAt).toBe(14 * DAY_MS);
    expect(link.createdAt).toBe(t.clock.now().getTime());

    const stored = await t.db
      .selectFrom('inspectorLink')
      .selectAll()
      .where('linkKey', '=', link.linkKey)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.scopeGroups).toEqual([]);

    const [event] = await eventsOf(link.linkKey);
    expect(event).toMatchObject({
      action: 'compliance.inspector.create',
      actorLabel: 'chief.admin',
      lmsKey,
    });
    expect(event!.summary).toContain('CAA audit 2026');
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it('lists the links with their state, and an auditor may make and list them too', async () => {
    const made = await create(auditor, newLink({ label: 'Auditor made', population: {} }));
    expect(made.status).toBe(200);
    const links = await list(admin);
    expect(links.map((link) => link.label)).toEqual(['Auditor made', 'CAA audit 2026']);
    expect((await list(auditor)).length).toBe(2);
  });

  it('refuses instructors and training managers (403) and callers without a session (401)', async () => {
    const before = await counts();
    for (const role of ['instructor', 'training-manager'] as const) {
      const browser = await staffBrowser(t, lmsKey, { role });
      expect((await browser.call(API)).status, role).toBe(403);
      expect((await create(browser, newLink())).status, role).toBe(403);
      const [first] = await list(admin);
      expect((await revoke(browser, first!.linkKey)).status, role).toBe(403);
    }
    expect((await fetch(`${t.baseUrl}${API}`)).status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('answers bad input with 400 and a clear message, writing nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ label: '   ' }, /label/],
      [{ periodFrom: '2026-02-30' }, /2026-02-30 is not a date/],
      [{ periodFrom: '2026-07-01' }, /end on or after/],
      [{ population: { curricula: `${curriculumKey},99999` } }, /No such curriculum: 99999/],
      [{ validDays: 0 }, /validDays/],
      [{ validDays: 91 }, /validDays/],
      [{ periodTo: '30/06/2026' }, /periodTo/],
    ];
    for (const [fields, message] of cases) {
      const response = await create(admin, newLink(fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await response.json()).message, JSON.stringify(fields)).toMatch(message);
    }
    // A curriculum of another LMS is no curriculum here.
    const foreign = await buildCurriculum(t.db, otherLmsKey, 'Elsewhere');
    const response = await create(
      admin,
      newLink({ population: { curricula: String(foreign.curriculumKey) } }),
    );
    expect(response.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a scoped maker's link keeps their groups and cannot name a group outside them", async () => {
    const before = await counts();
    const wider = await create(lhrAdmin, newLink({ population: { restrictionGroup: 'MAN' } }));
    expect(wider.status).toBe(400);
    expect((await wider.json()).message).toMatch(/outside your scope/);
    expect(await counts()).toEqual(before);

    const made = await create(lhrAdmin, newLink({ label: 'LHR only', population: {} }));
    expect(made.status).toBe(200);
    const { link } = (await made.json()) as { link: LinkRow };
    const stored = await t.db
      .selectFrom('inspectorLink')
      .select('scopeGroups')
      .where('linkKey', '=', link.linkKey)
      .executeTakeFirstOrThrow();
    expect(stored.scopeGroups).toEqual(['LHR']);
    const inGroup = await create(
      lhrAdmin,
      newLink({ label: 'LHR group', population: { restrictionGroup: 'LHR' } }),
    );
    expect(inGroup.status).toBe(200);
  });

  it('a scoped staff member sees and revokes only links within their scope', async () => {
    const labels = (await list(lhrAdmin)).map((link) => link.label);
    expect(labels).toContain('LHR only');
    expect(labels).not.toContain('CAA audit 2026');
    const wide = (await list(admin)).find((link) => link.label === 'CAA audit 2026')!;
    const response = await revoke(lhrAdmin, wide.linkKey);
    expect(response.status).toBe(404);
    expect((await list(admin)).find((link) => link.linkKey === wide.linkKey)!.revokedAt).toBeNull();
  });

  it('revokes a link once (a second revoke is harmless), audited once; 404 for another LMS', async () => {
    const { link } = (await (await create(admin, newLink({ label: 'To revoke' }))).json()) as {
      link: LinkRow;
    };
    t.clock.advance(60_000);
    const first = await revoke(admin, link.linkKey);
    expect(first.status).toBe(200);
    const revoked = (await first.json()) as LinkRow;
    expect(revoked.revokedAt).toBe(t.clock.now().getTime());
    t.clock.advance(60_000);
    const second = await revoke(admin, link.linkKey);
    expect(second.status).toBe(200);
    expect(((await second.json()) as LinkRow).revokedAt).toBe(revoked.revokedAt);
    const actions = (await eventsOf(link.linkKey)).map((event) => event.action);
    expect(actions).toEqual(['compliance.inspector.create', 'compliance.inspector.revoke']);

    const user = await buildStaff(t.db, otherLmsKey, { role: 'administrator' });
    const other = await browserFrom(
      t,
      await postConsoleLogin(t, user.userId, undefined, { 'x-lms-code': otherLmsCode }),
    );
    const otherCall = other.call.bind(other);
    const foreign = await otherCall(`${API}/${link.linkKey}/revoke`, {
      method: 'POST',
      headers: { 'x-xsrf-token': other.jar['CONSOLE-XSRF-TOKEN'] ?? '' },
    });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).message).toBe('No such inspector link.');
    const listed = await otherCall(API);
    expect(((await listed.json()) as { links: LinkRow[] }).links).toEqual([]);
    expect((await revoke(admin, 999_999)).status).toBe(404);
  });

  it('keeps nothing the population does not have (a status cannot be fixed on a link)', async () => {
    const response = await create(
      admin,
      newLink({ label: 'Extra fields', population: { base: 'LHR', status: 'overdue' }, extra: 1 }),
    );
    expect(response.status).toBe(200);
    const { link } = (await response.json()) as { link: LinkRow };
    expect(link.population).toEqual({ base: 'LHR' });
    const stored = await t.db
      .selectFrom('inspectorLink')
      .select('population')
      .where('linkKey', '=', link.linkKey)
      .executeTakeFirstOrThrow();
    expect(stored.population).toEqual({ base: 'LHR' });
  });
});
