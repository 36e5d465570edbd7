import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LibraryChange,
  LibraryMediaRow,
  LibraryView,
  PackageImported,
  StudentGroupItem,
} from '@waypoint/domain/console-contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms } from '../../test/factories.js';
import { browserFrom, cookieHeader, type Browser } from '../../test/sign-in.js';
import { buildStaff, postConsoleLogin, staffBrowser } from '../../test/staff.js';
import { goodPackage12 } from '../../test/test-packages.js';

// The library in the console (docs/decisions/0021, §2 Library) over real HTTP: the list, links and
// files added through library/manage.service.ts, removal, groups, audit events written with each
// change, the auditor's read-only access and other LMSs' keys.

const API = '/lms/api/console/programme';
const LIB = `${API}/library`;

function multipart(
  t: TestApp,
  browser: Browser,
  address: string,
  fields: Record<string, string>,
  file: { field: string; bytes: Buffer; name: string } | null,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
  return fetch(`${t.baseUrl}${address}`, {
    method: 'POST',
    body: form,
    headers: {
      sessionID: browser.sessionId,
      cookie: cookieHeader(browser.jar),
      'x-xsrf-token': browser.jar['CONSOLE-XSRF-TOKEN'] ?? '',
    },
  });
}

const send = (browser: Browser, method: string, address: string, body?: unknown) =>
  browser.call(address, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

// The first bytes of a PDF: enough for the type sniffing.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');

describe('console library', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let auditor: Browser;
  let imported: PackageImported;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
    const response = await multipart(
      t,
      admin,
      `${API}/packages`,
      { curriculumName: 'Library Shelf' },
      { field: 'package', bytes: await goodPackage12(), name: 'package.zip' },
    );
    expect(response.status).toBe(200);
    imported = (await response.json()) as PackageImported;
    const flag = await send(
      admin,
      'PUT',
      `${API}/curricula/${imported.curriculum.curriculumKey}/library`,
      { inLibrary: true },
    );
    expect(flag.status).toBe(200);
  });
  afterAll(() => t.close());

  async function library(browser: Browser = admin): Promise<LibraryView> {
    const response = await browser.call(LIB);
    expect(response.status).toBe(200);
    return (await response.json()) as LibraryView;
  }
  const mediaRows = async () =>
    t.db.selectFrom('libraryMedia').selectAll().where('lmsKey', '=', lmsKey).execute();
  const auditOf = (action: string) =>
    t.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('action', '=', action)
      .where('lmsKey', '=', lmsKey)
      .execute();
  // The media files' folders wherever the storage keeps them under the data folder.
  const mediaFolders = async () =>
    (await readdir(t.config.dataDir, { recursive: true }))
      .map((entry) => path.basename(entry))
      .filter((name) => name.startsWith('lib-'));

  it('lists the library courses, no media yet, and the groups', async () => {
    const view = await library(auditor);
    expect(view.courses).toEqual([
      expect.objectContaining({
        courseKey: imported.course.courseKey,
        curriculum: 'Library Shelf',
        groups: [],
      }),
    ]);
    expect(view.media).toEqual([]);
    expect(view.groups).toEqual([]);
  });

  it('adds a web link with its audit event', async () => {
    const response = await send(admin, 'POST', `${LIB}/links`, {
      name: 'Weather briefing',
      link: 'https://example.com/wx',
    });
    expect(response.status).toBe(200);
    const item = (await response.json()) as LibraryMediaRow;
    expect(item).toMatchObject({
      name: 'Weather briefing',
      type: 'link',
      link: 'https://example.com/wx',
      bytes: null,
      groups: [],
    });
    expect((await library()).media.map((m) => m.name)).toEqual(['Weather briefing']);
    const [event] = await auditOf('programme.library.add-link');
    expect(event).toMatchObject({
      targetKey: String(item.libraryKey),
      targetType: 'library-media',
    });
  });

  it('refuses a link that is not an address (400) and keeps nothing', async () => {
    const before = (await mediaRows()).length;
    for (const link of ['not a url', 'javascript:alert(1)', 'ftp://example.com/x']) {
      const response = await send(admin, 'POST', `${LIB}/links`, { name: 'Bad', link });
      expect(response.status, link).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/address|link/);
    }
    expect((await mediaRows()).length).toBe(before);
    expect(await auditOf('programme.library.add-link')).toHaveLength(1);
  });

  it('adds a file, sniffed and sized, kept in the content storage', async () => {
    const response = await multipart(
      t,
      admin,
      `${LIB}/files`,
      { name: 'Ops manual' },
      { field: 'file', bytes: PDF, name: 'ops.pdf' },
    );
    expect(response.status).toBe(200);
    const item = (await response.json()) as LibraryMediaRow;
    expect(item).toMatchObject({
      name: 'Ops manual',
      type: 'file',
      fileName: 'ops.pdf',
      bytes: PDF.length,
    });
    const row = (await mediaRows()).find((m) => m.libraryKey === item.libraryKey)!;
    expect(row.contentType).toBe('application/pdf');
    expect(await mediaFolders()).toEqual([row.storageFolder]);
    const [event] = await auditOf('programme.library.add-file');
    expect(event?.after).toMatchObject({ fileName: 'ops.pdf', contentType: 'application/pdf' });
  });

  it('refuses an upload without a file, or an empty file, and keeps nothing', async () => {
    const before = (await mediaRows()).length;
    const none = await multipart(t, admin, `${LIB}/files`, { name: 'x' }, null);
    expect(none.status).toBe(400);
    const empty = await multipart(
      t,
      admin,
      `${LIB}/files`,
      {},
      { field: 'file', bytes: Buffer.alloc(0), name: 'empty.pdf' },
    );
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toMatch(/empty/);
    expect((await mediaRows()).length).toBe(before);
    expect(await mediaFolders()).toHaveLength(1);
  });

  it('makes a group and limits an item and a library course to it', async () => {
    const made = await send(admin, 'POST', `${LIB}/groups`, { name: 'LHR' });
    expect(made.status).toBe(200);
    expect((await made.json()) as StudentGroupItem).toMatchObject({ name: 'LHR', members: 0 });
    expect((await send(admin, 'POST', `${LIB}/groups`, { name: 'lhr' })).status).toBe(400);

    const link = (await library()).media.find((m) => m.type === 'link')!;
    const limited = await send(admin, 'PUT', `${LIB}/media/${link.libraryKey}/groups`, {
      groups: ['LHR'],
    });
    expect(limited.status).toBe(200);
    expect((await limited.json()) as LibraryChange).toEqual({
      key: link.libraryKey,
      groups: ['LHR'],
    });
    const course = await send(admin, 'PUT', `${LIB}/courses/${imported.course.courseKey}/groups`, {
      groups: ['LHR'],
    });
    expect(course.status).toBe(200);

    const view = await library();
    expect(view.groups.map((g) => g.name)).toEqual(['LHR']);
    expect(view.media.find((m) => m.libraryKey === link.libraryKey)!.groups).toEqual(['LHR']);
    expect(view.courses[0]!.groups).toEqual(['LHR']);
    expect(await auditOf('programme.library.limit')).toHaveLength(2);
    expect(await auditOf('programme.library.group-create')).toHaveLength(1);

    const unknown = await send(admin, 'PUT', `${LIB}/media/${link.libraryKey}/groups`, {
      groups: ['Nowhere'],
    });
    expect(unknown.status).toBe(400);
    expect((await library()).media.find((m) => m.libraryKey === link.libraryKey)!.groups).toEqual([
      'LHR',
    ]);

    const opened = await send(admin, 'PUT', `${LIB}/media/${link.libraryKey}/groups`, {
      groups: [],
    });
    expect(opened.status).toBe(200);
    expect(await auditOf('programme.library.limit')).toHaveLength(3);
  });

  it('removes a file item and its stored file, with its audit event', async () => {
    const file = (await library()).media.find((m) => m.type === 'file')!;
    const response = await send(admin, 'DELETE', `${LIB}/media/${file.libraryKey}`);
    expect(response.status).toBe(200);
    expect((await library()).media.map((m) => m.type)).toEqual(['link']);
    expect(await mediaFolders()).toEqual([]);
    expect(await auditOf('programme.library.remove')).toHaveLength(1);
    expect((await send(admin, 'DELETE', `${LIB}/media/${file.libraryKey}`)).status).toBe(404);
  });

  it('lets an auditor read the library and change nothing (403)', async () => {
    const link = (await library(auditor)).media[0]!;
    const refused = [
      await send(auditor, 'POST', `${LIB}/links`, { name: 'x', link: 'https://example.com' }),
      await multipart(t, auditor, `${LIB}/files`, {}, { field: 'file', bytes: PDF, name: 'a.pdf' }),
      await send(auditor, 'DELETE', `${LIB}/media/${link.libraryKey}`),
      await send(auditor, 'PUT', `${LIB}/media/${link.libraryKey}/groups`, { groups: [] }),
      await send(auditor, 'POST', `${LIB}/groups`, { name: 'Crew' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await library()).media).toHaveLength(1);
  });

  it("answers 404 for another LMS's items and shows none of them", async () => {
    const other = await buildLms(t.db);
    const user = await buildStaff(t.db, other.lmsKey, { role: 'administrator' });
    const otherAdmin = await browserFrom(
      t,
      await postConsoleLogin(t, user.userId, undefined, { 'x-lms-code': other.lmsCode }),
    );
    const call = otherAdmin.call.bind(otherAdmin);
    otherAdmin.call = (address, init = {}) =>
      call(address, {
        ...init,
        headers: {
          'x-xsrf-token': otherAdmin.jar['CONSOLE-XSRF-TOKEN'] ?? '',
          ...(init.headers as Record<string, string> | undefined),
        },
      });
    const added = await send(otherAdmin, 'POST', `${LIB}/links`, {
      name: 'Theirs',
      link: 'https://example.org/',
    });
    expect(added.status).toBe(200);
    const theirs = (await added.json()) as LibraryMediaRow;
    expect((await library()).media.map((m) => m.name)).not.toContain('Theirs');
    expect((await send(admin, 'DELETE', `${LIB}/media/${theirs.libraryKey}`)).status).toBe(404);
    expect(
      (await send(admin, 'PUT', `${LIB}/media/${theirs.libraryKey}/groups`, { groups: [] })).status,
    ).toBe(404);
    expect(
      (
        await send(otherAdmin, 'PUT', `${LIB}/courses/${imported.course.courseKey}/groups`, {
          groups: [],
        })
      ).status,
    ).toBe(404);
    expect((await library(otherAdmin)).media.map((m) => m.name)).toEqual(['Theirs']);
  });
});
