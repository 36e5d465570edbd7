import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { browserFrom, cookieHeader, postLogin, type Browser } from '../../test/sign-in.js';
import { localContentStorage } from '../../modules/content/storage.js';
import { DEMO_COMMENT_LESSON, DEMO_COMMENT_LOCATION } from './demo-library.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

describe('demo library and comments (seeded after the demo content)', () => {
  let t: TestApp;
  let student: Browser;
  const get = async <T>(browser: Browser, path: string) => {
    const response = await browser.call(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const library = (browser: Browser, what: string) =>
    `/lms/api/library/${browser.lmsKey}/${what}/${browser.userKey}`;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { storage: localContentStorage(t.config) })).toBe(true);
    const login = async (userId: string) =>
      browserFrom(t, await postLogin(t, userId, DEMO_PASSWORD, { 'X-LMS-Code': 'demo' }));
    student = await login('student');
  });
  afterAll(() => t.close());

  it('has library courses, one limited to a group the demo student is not in', async () => {
    const courses = await get<{ elementName: string }[]>(
      student,
      library(student, 'LIBRARY_COURSES'),
    );
    const names = courses.map((course) => course.elementName);
    expect(names).toContain('Cabin Safety Briefing');
    expect(names).toContain('A320 Aircraft Systems');
    expect(names).not.toContain('Hydraulics for Captains');
    const limited = await t.db
      .selectFrom('libraryCourseGroup as cg')
      .innerJoin('course as co', 'co.courseKey', 'cg.courseKey')
      .innerJoin('studentGroup as g', 'g.groupKey', 'cg.groupKey')
      .select(['co.name', 'g.name as group'])
      .execute();
    expect(limited).toEqual([{ name: 'Hydraulics for Captains', group: 'Captains' }]);
  });

  it('has media: a PDF file to download, a link, and an item for a group only', async () => {
    const media = await get<{ name: string; type: string; link: string }[]>(
      student,
      library(student, 'LIBRARY_MEDIA'),
    );
    const pdf = media.find((item) => item.type === 'file')!;
    expect(pdf.name).toBe('Cabin Crew Quick Reference (PDF)');
    expect(media.some((item) => item.type === 'link' && item.link.startsWith('https://'))).toBe(
      true,
    );
    expect(media.map((item) => item.name)).not.toContain('Command Upgrade Handbook');
    const redirect = await fetch(`${t.baseUrl}${pdf.link}`, {
      redirect: 'manual',
      headers: { cookie: cookieHeader({ ...student.jar, sessionID: student.sessionId }) },
    });
    const file = await fetch(redirect.headers.get('location')!);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('has comments and a reply on a demo lesson', async () => {
    const place = await t.db
      .selectFrom('lesson as l')
      .innerJoin('topic as tp', 'tp.topicKey', 'l.topicKey')
      .innerJoin('course as co', 'co.courseKey', 'tp.courseKey')
      .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
      .select(['l.scoKey', 'co.courseKey'])
      .where('cu.name', '=', 'A320 Type Rating')
      .where('l.name', '=', DEMO_COMMENT_LESSON)
      .executeTakeFirstOrThrow();
    const comments = await get<
      { userName: string; annotationString: string; annotationChildren: unknown[] }[]
    >(
      student,
      `/lms/api/annotation/${student.lmsKey}/${place.courseKey}/${place.scoKey}/${student.userKey}/${DEMO_COMMENT_LOCATION}`,
    );
    expect(comments).toHaveLength(2);
    expect(comments[0]!.annotationChildren).toHaveLength(1);
  });
});
