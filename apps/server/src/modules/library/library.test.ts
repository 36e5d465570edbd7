import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { browserFrom, cookieHeader, postLogin, signIn, type Browser } from '../../test/sign-in.js';
import { postLaunchForm, playerFrom, singleScoManifest2004, zipOf } from '../../test/launch.js';
import { createMailer } from '../email/mailer.js';
import type { OperatorDeps } from '../operator/area-command.js';
import { runOperatorCommand } from '../operator/service.js';
import { MEDIA_LINK_LIFETIME_MS } from './service.js';

interface Course {
  elementType: string;
  elementKey: number;
  elementName: string;
  elementChildren: {
    elementName: string;
    elementKey: number;
    elementChildren: { elementName: string; elementKey: number }[];
  }[];
}
interface Media {
  libraryKey: number;
  name: string;
  type: string;
  link: string;
  fileName: string;
  groups: string[];
  groupKey: number;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// An HTML file pretending to be a PDF: it must never be served as HTML.
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

const packageZip = (id: string, title: string, lesson: string) =>
  zipOf({
    'imsmanifest.xml': singleScoManifest2004({ id, title, lesson }),
    'index.html': '<p>lesson</p>',
  });

describe('library: course trees and media by LMS and groups (§2 Library, §3, §7)', () => {
  let t: TestApp;
  let deps: OperatorDeps;
  let captain: Browser;
  let cadet: Browser;
  let stranger: Browser;
  const run = (name: string, input: unknown, upload?: Buffer) =>
    runOperatorCommand(deps, name, input, upload) as Promise<Record<string, unknown>>;
  const get = async <T>(browser: Browser, what: 'LIBRARY_COURSES' | 'LIBRARY_MEDIA') => {
    const response = await browser.call(
      `/lms/api/library/${browser.lmsKey}/${what}/${browser.userKey}`,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const mediaNamed = async (browser: Browser, name: string) =>
    (await get<Media[]>(browser, 'LIBRARY_MEDIA')).find((item) => item.name === name);
  /** Follows a file item's link as a browser tab does: session cookies, then the content origin. */
  const openFile = async (browser: Browser, link: string) => {
    const first = await fetch(`${t.baseUrl}${link}`, {
      redirect: 'manual',
      headers: { cookie: cookieHeader({ ...browser.jar, sessionID: browser.sessionId }) },
    });
    return first;
  };

  beforeAll(async () => {
    t = await createTestApp();
    deps = {
      db: t.db,
      config: t.config,
      clock: t.clock,
      mailer: createMailer(t.db, { smtpUrl: null, mailFrom: t.config.mailFrom }, () => {}),
      storage: t.app.deps.storage,
      state: t.app.deps.state,
    };
    const lms = await buildLms(t.db, { lmsCode: 'alpha' });
    const other = await buildLms(t.db, { lmsCode: 'beta' });
    await buildUser(t.db, lms.lmsKey, { userId: 'captain' });
    await buildUser(t.db, lms.lmsKey, { userId: 'cadet' });
    await buildUser(t.db, other.lmsKey, { userId: 'stranger' });
    await run('student-group', { lms: 'alpha', name: 'Captains', add: ['captain'] });
    await run(
      'library-add-scorm',
      { lms: 'alpha', course: 'Ground School' },
      await packageZip('g', 'Ground School', 'Doors'),
    );
    await run(
      'library-add-scorm',
      { lms: 'alpha', course: 'Command Upgrade', groups: ['captains'] },
      await packageZip('c', 'Command Upgrade', 'Leadership'),
    );
    await run(
      'library-add-scorm',
      { lms: 'beta', course: 'Beta Only' },
      await packageZip('b', 'Beta Only', 'Secret'),
    );
    // A curriculum that is not in the library, and a draft library course: neither is shown.
    await run(
      'import-scorm',
      { lms: 'alpha', curriculum: 'Assigned Only' },
      await packageZip('a', 'Assigned Only', 'Hidden'),
    );
    const draft = await run(
      'library-add-scorm',
      { lms: 'alpha', course: 'Draft Course' },
      await packageZip('d', 'Draft Course', 'Unpublished'),
    );
    await t.db
      .updateTable('course')
      .set({ draft: 1 })
      .where('courseKey', '=', (draft.course as { courseKey: number }).courseKey)
      .execute();
    await run('library-add-link', {
      lms: 'alpha',
      name: 'QRH',
      link: 'https://docs.example.com/qrh-old.pdf',
    });
    await run('library-add-file', { lms: 'alpha', name: 'FCOM', fileName: 'fcom.pdf' }, PDF);
    await run(
      'library-add-file',
      { lms: 'alpha', name: 'Captain Notes', fileName: 'notes.pdf', groups: ['Captains'] },
      PDF,
    );
    await run('library-add-file', { lms: 'alpha', name: 'Page', fileName: 'page.html' }, HTML);
    await run('library-add-link', { lms: 'beta', name: 'Beta Link', link: 'https://b.example' });
    captain = await signIn(t, 'captain');
    cadet = await signIn(t, 'cadet');
    stranger = await browserFrom(
      t,
      await postLogin(t, 'stranger', TEST_PASSWORD, { 'X-LMS-Code': 'beta' }),
    );
  });
  afterAll(() => t.close());

  it('answers the library course trees: course, topics, lessons', async () => {
    const courses = await get<Course[]>(cadet, 'LIBRARY_COURSES');
    expect(courses.map((course) => course.elementName)).toEqual(['Ground School']);
    expect(courses[0]).toMatchObject({
      elementType: 'course',
      elementChildren: [
        {
          elementType: 'topic',
          elementChildren: [{ elementType: 'lesson', elementName: 'Doors' }],
        },
      ],
    });
  });

  it('shows a course limited to a group only to its members', async () => {
    const courses = await get<Course[]>(captain, 'LIBRARY_COURSES');
    expect(courses.map((course) => course.elementName)).toEqual([
      'Ground School',
      'Command Upgrade',
    ]);
  });

  it('keeps every LMS to its own library', async () => {
    expect(
      (await get<Course[]>(stranger, 'LIBRARY_COURSES')).map((course) => course.elementName),
    ).toEqual(['Beta Only']);
    expect((await get<Media[]>(stranger, 'LIBRARY_MEDIA')).map((item) => item.name)).toEqual([
      'Beta Link',
    ]);
  });

  it('answers media items with the §3 fields, group-limited ones only to members', async () => {
    const cadetMedia = await get<Media[]>(cadet, 'LIBRARY_MEDIA');
    expect(cadetMedia.map((item) => item.name)).toEqual(['QRH', 'FCOM', 'Page']);
    expect(cadetMedia[0]).toMatchObject({
      type: 'link',
      link: 'https://docs.example.com/qrh-old.pdf',
      groups: [],
      groupKey: -1,
      coursewareKey: -1,
      checked: false,
    });
    expect(cadetMedia[1]).toMatchObject({ type: 'file', fileName: 'fcom.pdf' });
    expect(cadetMedia[1]!.link).toMatch(
      /^\/lms\/api\/library\/\d+\/LIBRARY_MEDIA\/\d+\/\d+\/file$/,
    );
    const captainMedia = await get<Media[]>(captain, 'LIBRARY_MEDIA');
    const notes = captainMedia.find((item) => item.name === 'Captain Notes');
    expect(notes).toMatchObject({ groups: ['Captains'] });
    expect(notes!.groupKey).toBeGreaterThan(0);
  });

  it("refuses another user's library and answers 401 without a session", async () => {
    const path = `/lms/api/library/${captain.lmsKey}/LIBRARY_MEDIA/${captain.userKey}`;
    expect((await cadet.call(path)).status).toBe(403);
    expect((await stranger.call(path)).status).toBe(403);
    expect((await fetch(`${t.baseUrl}${path}`)).status).toBe(401);
  });

  it('serves a file from the content origin as a download with a safe type', async () => {
    const fcom = await mediaNamed(cadet, 'FCOM');
    const redirect = await openFile(cadet, fcom!.link);
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.origin).not.toBe(t.baseUrl);
    expect(location.pathname).toMatch(/^\/content\/library-media\/[^/]+\/fcom\.pdf$/);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="fcom\.pdf"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    // The same address on the panel's host serves nothing.
    expect((await fetch(`${t.baseUrl}${location.pathname}`)).status).toBe(404);
  });

  it('never serves an uploaded file as HTML', async () => {
    const page = await mediaNamed(cadet, 'Page');
    const location = (await openFile(cadet, page!.link)).headers.get('location')!;
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('serves a group-limited file only to members, and refuses forged or expired links', async () => {
    const notes = await mediaNamed(captain, 'Captain Notes');
    // The cadet guessing the item's address (with their own keys) gets nothing.
    const guessed = notes!.link.replace(
      `/${captain.lmsKey}/LIBRARY_MEDIA/${captain.userKey}/`,
      `/${cadet.lmsKey}/LIBRARY_MEDIA/${cadet.userKey}/`,
    );
    expect((await openFile(cadet, guessed)).status).toBe(404);
    expect((await openFile(cadet, notes!.link)).status).toBe(403);
    expect((await fetch(`${t.baseUrl}${notes!.link}`, { redirect: 'manual' })).status).toBe(401);
    const location = (await openFile(captain, notes!.link)).headers.get('location')!;
    // The same item for another user: the signature no longer matches.
    const forged = location.replace(
      /\/(\d+)\.(\d+)\.(\d+)\./,
      (_match, item: string, _user: string, expires: string) =>
        `/${item}.${cadet.userKey}.${expires}.`,
    );
    expect(forged).not.toBe(location);
    expect((await fetch(forged)).status).toBe(404);
    expect((await fetch(location)).status).toBe(200);
    t.clock.advance(MEDIA_LINK_LIFETIME_MS + 1000);
    try {
      expect((await fetch(location)).status).toBe(410);
    } finally {
      t.clock.advance(-(MEDIA_LINK_LIFETIME_MS + 1000));
    }
  });

  it('stops serving a file once the item is limited to a group the student left', async () => {
    const notes = await mediaNamed(captain, 'Captain Notes');
    const location = (await openFile(captain, notes!.link)).headers.get('location')!;
    await run('student-group', { lms: 'alpha', name: 'Captains', remove: ['captain'] });
    try {
      expect((await fetch(location)).status).toBe(404);
      expect(await mediaNamed(captain, 'Captain Notes')).toBeUndefined();
    } finally {
      await run('student-group', { lms: 'alpha', name: 'Captains', add: ['captain'] });
    }
  });

  it('previews only library lessons the student may see', async () => {
    const [, command] = await get<Course[]>(captain, 'LIBRARY_COURSES');
    const leafKey = String(command!.elementChildren[0]!.elementChildren[0]!.elementKey);
    const refused = await postLaunchForm(t.baseUrl, cadet, '/lms/api/librarylaunch/', { leafKey });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('not in your library');
    const preview = playerFrom(
      await postLaunchForm(t.baseUrl, captain, '/lms/api/librarylaunch/', { leafKey }),
    );
    expect(preview.launchId).toHaveLength(43);
  });

  it('lists, limits and removes items with the operator commands', async () => {
    const list = (await run('library-list', { lms: 'alpha' })) as {
      courses: { courseKey: number; name: string; groups: string[]; draft: boolean }[];
      media: { libraryKey: number; name: string; groups: string[] }[];
    };
    expect(list.courses.map((course) => [course.name, course.groups, course.draft])).toEqual([
      ['Ground School', [], false],
      ['Command Upgrade', ['Captains'], false],
      ['Draft Course', [], true],
    ]);
    const qrh = list.media.find((item) => item.name === 'QRH')!;
    await run('library-limit', { lms: 'alpha', media: qrh.libraryKey, groups: ['Captains'] });
    expect(await mediaNamed(cadet, 'QRH')).toBeUndefined();
    await run('library-limit', { lms: 'alpha', media: qrh.libraryKey, groups: [] });
    expect(await mediaNamed(cadet, 'QRH')).toBeDefined();
    await expect(
      run('library-limit', { lms: 'alpha', media: qrh.libraryKey, groups: ['Nobody'] }),
    ).rejects.toThrow("No group named 'Nobody' in LMS 'alpha'");
    await expect(
      run('library-add-link', { lms: 'alpha', name: 'Bad', link: 'javascript:alert(1)' }),
    ).rejects.toThrow('must start with https:// or http://');
    const fcom = list.media.find((item) => item.name === 'FCOM')!;
    await run('library-remove', { lms: 'alpha', media: fcom.libraryKey });
    expect(await mediaNamed(cadet, 'FCOM')).toBeUndefined();
    await run('library-remove', { lms: 'alpha', curriculum: 'Library' });
    expect(await get<Course[]>(captain, 'LIBRARY_COURSES')).toEqual([]);
  });
});
