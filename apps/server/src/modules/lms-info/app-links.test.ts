import type { AppLinkList } from '@waypoint/domain/console-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms } from '../../test/factories.js';
import { operatorCli, testOperatorDeps } from '../../test/operator-cli.js';
import type { Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';

// The App Download links of an LMS (spec §1 strip, §3 App download link, §7 GET
// /api/AppDownload/GetLinks/), set by the operator and in the staff console (docs/decisions/0024
// "Install and app links"): whole https addresses only, a refused change changes nothing, each
// change audited.
describe('App Download links', () => {
  let t: TestApp;
  let cli: ReturnType<typeof operatorCli>;
  let lmsKey: number;
  let admin: Browser;
  let manager: Browser;

  /** What the panel's strip reads for the LMS with this code (§7, no session). */
  const publicLinks = async (code: string) => {
    const response = await fetch(`${t.baseUrl}/lms/api/AppDownload/GetLinks/?lms=${code}`);
    expect(response.status).toBe(200);
    return response.json();
  };
  const consoleCall = async (browser: Browser, method: string, body?: unknown) =>
    browser.call('/lms/api/console/app-links', {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const events = (action: string) =>
    t.db
      .selectFrom('auditEvent')
      .select(['actorLabel', 'summary', 'lmsKey', 'after'])
      .where('action', '=', action)
      .orderBy('eventKey')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db, { lmsCode: 'links' })).lmsKey;
    await buildLms(t.db, { lmsCode: 'other' });
    cli = operatorCli(() => testOperatorDeps(t.db, t.config, t.clock, t.app.deps));
    admin = await staffBrowser(t, lmsKey, { role: 'administrator', userId: 'links.admin' });
    manager = await staffBrowser(t, lmsKey, { role: 'training-manager', userId: 'links.manager' });
  });
  afterAll(() => t.close());

  describe('CLI app-links list|set|clear', () => {
    it('a new LMS has none; set adds in order, changes by label, and the strip reads them', async () => {
      const empty = await cli('app-links', 'list', '--lms', 'links');
      expect(empty.code).toBe(0);
      expect(empty.out).toContain("LMS 'links' has no App Download links");

      const set = (...args: string[]) => cli('app-links', 'set', '--lms', 'links', ...args);
      expect((await set('--label', 'Windows', '--link', 'https://example.org/win.exe')).code).toBe(
        0,
      );
      expect((await set('--label', 'Apple', '--link', 'https://apps.example.org/id1')).code).toBe(
        0,
      );
      // The same label in another case: that link changes, in its place; --render false hides it.
      const changed = await set(
        '--label',
        'windows',
        '--link',
        'https://example.org/win-2.exe',
        '--render',
        'false',
      );
      expect(changed.code).toBe(0);
      expect(changed.out).toMatch(/windows\s+no\s+https:\/\/example\.org\/win-2\.exe/);
      expect(await publicLinks('links')).toEqual([
        { label: 'windows', link: 'https://example.org/win-2.exe', willRender: false },
        { label: 'Apple', link: 'https://apps.example.org/id1', willRender: true },
      ]);
      // Another LMS is untouched.
      expect(await publicLinks('other')).toEqual([]);

      const listed = await cli('app-links', 'list', '--lms', 'links', '--json');
      expect(JSON.parse(listed.out).links).toHaveLength(2);
      const audited = await events('operator.app-links-set');
      expect(audited).toHaveLength(3);
      expect(audited[0]).toMatchObject({ actorLabel: 'operator', lmsKey });
    });

    it('refuses a bad address, a bad --render or an unknown LMS, and changes nothing', async () => {
      const before = await publicLinks('links');
      const http = await cli(
        'app-links',
        'set',
        '--lms',
        'links',
        '--label',
        'Google Play',
        '--link',
        'http://play.example.org/app',
      );
      expect(http.code).not.toBe(0);
      expect(http.err).toContain('Link 3 (Google Play): The address must start with https://.');
      const script = await cli(
        'app-links',
        'set',
        '--lms',
        'links',
        '--label',
        'X',
        '--link',
        'javascript:alert(1)',
      );
      expect(script.code).not.toBe(0);
      const render = await cli(
        'app-links',
        'set',
        '--lms',
        'links',
        '--label',
        'Apple',
        '--link',
        'https://a.example.org',
        '--render',
        'maybe',
      );
      expect(render.code).not.toBe(0);
      expect(render.err).toContain("Give 'true'");
      const unknown = await cli('app-links', 'list', '--lms', 'nowhere');
      expect(unknown.code).not.toBe(0);
      expect(unknown.err).toContain("No LMS with code 'nowhere'");
      expect(await publicLinks('links')).toEqual(before);
    });

    it('clear removes one link by label (404 naming the labels when none has it), or all', async () => {
      const missing = await cli('app-links', 'clear', '--lms', 'links', '--label', 'Linux');
      expect(missing.code).not.toBe(0);
      expect(missing.err).toContain(
        "No App Download link labelled 'Linux' (labels: windows, Apple)",
      );
      expect((await cli('app-links', 'clear', '--lms', 'links', '--label', 'APPLE')).code).toBe(0);
      expect(await publicLinks('links')).toEqual([
        { label: 'windows', link: 'https://example.org/win-2.exe', willRender: false },
      ]);
      const all = await cli('app-links', 'clear', '--lms', 'links');
      expect(all.code).toBe(0);
      expect(all.out).toContain('no App Download links');
      expect(await publicLinks('links')).toEqual([]);
    });
  });

  describe('staff console', () => {
    const links: AppLinkList = {
      links: [
        { label: 'Google Play', link: 'https://play.example.org/store/apps/x', willRender: true },
        { label: ' Apple ', link: ' https://apps.example.org/id2 ', willRender: false },
      ],
    };

    it('an administrator replaces the list, stored trimmed, in order, and audited as theirs', async () => {
      const saved = await consoleCall(admin, 'PUT', links);
      expect(saved.status, await saved.clone().text()).toBe(200);
      const expected = [
        { label: 'Google Play', link: 'https://play.example.org/store/apps/x', willRender: true },
        { label: 'Apple', link: 'https://apps.example.org/id2', willRender: false },
      ];
      expect(await saved.json()).toEqual({ links: expected });
      expect(await publicLinks('links')).toEqual(expected);
      const read = await consoleCall(manager, 'GET');
      expect(await read.json()).toEqual({ links: expected });
      const audited = await events('lms.app-links.update');
      expect(audited.at(-1)).toMatchObject({
        actorLabel: 'links.admin',
        lmsKey,
        summary: 'Set the App Download links: Google Play, Apple',
      });
    });

    it('refuses a role without lms.modify, an unsafe address and a label twice; nothing changes', async () => {
      const before = await publicLinks('links');
      const forbidden = await consoleCall(manager, 'PUT', { links: [] });
      expect(forbidden.status).toBe(403);
      const unsafe = await consoleCall(admin, 'PUT', {
        links: [{ label: 'Windows', link: 'data:text/html,hi', willRender: true }],
      });
      expect(unsafe.status).toBe(400);
      expect((await unsafe.json()).message).toContain(
        'Link 1 (Windows): The address must start with https://.',
      );
      const twice = await consoleCall(admin, 'PUT', {
        links: [
          { label: 'Apple', link: 'https://a.example.org', willRender: true },
          { label: 'apple', link: 'https://b.example.org', willRender: true },
        ],
      });
      expect(twice.status).toBe(400);
      expect((await twice.json()).message).toContain('another link has this label');
      const shape = await consoleCall(admin, 'PUT', { links: [{ label: 'Apple' }] });
      expect(shape.status).toBe(400);
      expect(await publicLinks('links')).toEqual(before);
    });

    it('an empty list removes every link (the strip then offers only Install)', async () => {
      const saved = await consoleCall(admin, 'PUT', { links: [] });
      expect(saved.status).toBe(200);
      expect(await publicLinks('links')).toEqual([]);
      expect((await events('lms.app-links.update')).at(-1)?.summary).toBe(
        'Removed the App Download links',
      );
    });
  });
});
