import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms } from '../../test/factories.js';
import type { Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';
import { recordAudit } from './audit.js';

// The audit log's reading (docs/decisions/0021): an LMS's events newest first, filtered, paged by
// key, as CSV; the table refuses any change (migration 0022).

describe('audit log', () => {
  let t: TestApp;
  let lmsKey: number;
  let otherLmsKey: number;
  let admin: Browser;

  const at = (iso: string) => ({ clock: { now: () => new Date(iso) } });

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    otherLmsKey = (await buildLms(t.db)).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    const jane = { userKey: 7, label: 'jane', clientAddress: '10.0.0.7' };
    await recordAudit(t.db, at('2026-03-01T10:00:00Z'), jane, [
      {
        lmsKey,
        action: 'people.deactivate',
        targetType: 'user',
        targetKey: 41,
        summary: 'Deactivated pilot.one',
        before: { inactive: 0 },
        after: { inactive: 1 },
      },
    ]);
    await recordAudit(t.db, at('2026-03-02T10:00:00Z'), jane, [
      {
        lmsKey,
        action: 'programme.lesson.update',
        targetType: 'lesson',
        targetKey: 9,
        summary: '=HYPERLINK("x") pass mark 80',
        before: { masteryScore: 70 },
        after: { masteryScore: 80, password: 'never shown' },
      },
    ]);
    await recordAudit(
      t.db,
      at('2026-03-03T10:00:00Z'),
      { userKey: null, label: 'operator', clientAddress: '' },
      [
        {
          lmsKey,
          action: 'operator.add-user',
          targetType: 'command',
          targetKey: 'add-user',
          summary: 'add-user',
        },
        {
          lmsKey: otherLmsKey,
          action: 'operator.add-user',
          targetType: 'command',
          targetKey: 'add-user',
          summary: 'Another LMS secret summary',
        },
      ],
    );
  });
  afterAll(() => t.close());

  const events = async (query = '') => {
    const response = await admin.call(`/lms/api/console/audit${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      events: { eventKey: number; action: string; summary: string; actor: { label: string } }[];
      next: number | null;
    };
  };

  it('lists the LMS events newest first with who, when, where, what, before and after', async () => {
    const page = await events('?actor=jane');
    expect(page.events.map((e) => e.action)).toEqual([
      'programme.lesson.update',
      'people.deactivate',
    ]);
    expect(page.events[1]).toMatchObject({
      at: '2026-03-01T10:00:00.000Z',
      actor: { userKey: 7, label: 'jane' },
      clientAddress: '10.0.0.7',
      targetType: 'user',
      targetKey: '41',
      before: { inactive: 0 },
      after: { inactive: 1 },
    });
    // Secrets never reach the log.
    expect(page.events[0]).toMatchObject({ after: { password: '[hidden]' } });
    const all = await events();
    expect(all.events.some((e) => e.summary.includes('Another LMS'))).toBe(false);
  });

  it('filters by actor, action prefix, target, dates and summary text', async () => {
    expect((await events('?actor=OPERATOR')).events.map((e) => e.action)).toEqual([
      'operator.add-user',
    ]);
    expect((await events('?action=people.')).events).toHaveLength(1);
    expect((await events('?action=people%25')).events).toHaveLength(0);
    expect((await events('?targetType=lesson&targetKey=9')).events).toHaveLength(1);
    expect((await events('?from=2026-03-02&to=2026-03-02')).events.map((e) => e.action)).toEqual([
      'programme.lesson.update',
    ]);
    expect((await events('?q=PASS%20MARK')).events).toHaveLength(1);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      '?from=2026-02-30',
      '?from=2026-03-05&to=2026-03-01',
      '?limit=0',
      '?before=x',
    ]) {
      const response = await admin.call(`/lms/api/console/audit${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('pages by event key: each page continues where the last ended', async () => {
    const first = await events('?limit=2');
    expect(first.events).toHaveLength(2);
    expect(first.next).toBe(first.events[1]!.eventKey);
    const second = await events(`?limit=2&before=${first.next}`);
    const keys = [...first.events, ...second.events].map((e) => e.eventKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    const all = await events('?limit=200');
    expect(all.next).toBeNull();
  });

  it('exports the filtered view as CSV with formulas neutralised', async () => {
    const response = await admin.call('/lms/api/console/audit/export?actor=jane');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="audit-/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Event,When (UTC),Actor,Address,Action,Target type,Target,Summary,Before,After',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") pass mark 80"`);
    expect(text).not.toContain('Another LMS');
    expect((await admin.call('/lms/api/console/audit/export?to=2026-13-01')).status).toBe(400);
  });

  it('is for administrators and auditors only', async () => {
    const auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
    expect((await auditor.call('/lms/api/console/audit')).status).toBe(200);
    const manager = await staffBrowser(t, lmsKey, { role: 'training-manager' });
    expect((await manager.call('/lms/api/console/audit')).status).toBe(403);
    expect((await manager.call('/lms/api/console/audit/export')).status).toBe(403);
  });

  it('refuses to change or delete an event (append-only)', async () => {
    await expect(
      t.db.updateTable('auditEvent').set({ summary: 'edited' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('auditEvent').execute()).rejects.toThrow(/append-only/);
  });
});
