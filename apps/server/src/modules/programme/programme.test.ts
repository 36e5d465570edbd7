import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonStatus, type ProgressElement } from '@waypoint/domain';
import type { PackageImported, ProgrammeTree } from '@waypoint/domain/console-contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildAssignment, buildLms, buildUser } from '../../test/factories.js';
import { browserFrom, cookieHeader, signIn, type Browser } from '../../test/sign-in.js';
import { buildStaff, postConsoleLogin, staffBrowser } from '../../test/staff.js';
import { buildZip, goodPackage12, simpleManifest12 } from '../../test/test-packages.js';

// The training programme in the console (docs/decisions/0021) over real HTTP: the tree, uploads
// through the import-scorm importer, edits checked by the domain's rules with their audit events,
// permissions per action, other LMSs' keys, and edits reaching students at once without touching
// their recorded progress.

const API = '/lms/api/console/programme';

/** A multipart upload as the console's XMLHttpRequest sends it: the fields, then the file. */
function upload(
  t: TestApp,
  browser: Browser,
  fields: Record<string, string>,
  zip: Buffer | null,
  fileName = 'package.zip',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (zip)
    form.append('package', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), fileName);
  return fetch(`${t.baseUrl}${API}/packages`, {
    method: 'POST',
    body: form,
    headers: {
      sessionID: browser.sessionId,
      cookie: cookieHeader(browser.jar),
      'x-xsrf-token': browser.jar['CONSOLE-XSRF-TOKEN'] ?? '',
    },
  });
}

const put = (browser: Browser, address: string, body: unknown) =>
  browser.call(address, { method: 'PUT', body: JSON.stringify(body) });
const post = (browser: Browser, address: string, body: unknown) =>
  browser.call(address, { method: 'POST', body: JSON.stringify(body) });

async function tree(browser: Browser): Promise<ProgrammeTree> {
  const response = await browser.call(API);
  expect(response.status).toBe(200);
  return (await response.json()) as ProgrammeTree;
}

async function packageFolders(t: TestApp): Promise<string[]> {
  return readdir(path.join(t.config.dataDir, 'content')).catch(() => []);
}

describe('programme', () => {
  let t: TestApp;
  let lmsKey: number;
  let admin: Browser;
  let imported: PackageImported;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db)).lmsKey;
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    const response = await upload(
      t,
      admin,
      { curriculumName: 'Ground School' },
      await goodPackage12(),
    );
    expect(response.status).toBe(200);
    imported = (await response.json()) as PackageImported;
  });
  afterAll(() => t.close());

  const lessonKey = () => imported.lessons[1]!.lessonKey;
  const lessonRow = (key: number) =>
    t.db.selectFrom('lesson').selectAll().where('lessonKey', '=', key).executeTakeFirstOrThrow();
  const auditCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('auditEvent')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('upload and tree', () => {
    it('imports a package as a new curriculum and shows it in the tree with what §3/§4 use', async () => {
      expect(imported.curriculum).toMatchObject({ name: 'Ground School', created: true });
      expect(imported.lessons.map((lesson) => lesson.name)).toEqual([
        'Welcome aboard',
        'Knowledge check',
      ]);
      const { curricula, prerequisiteTypes } = await tree(admin);
      expect(prerequisiteTypes.map((type) => type.prerequisiteName)).toEqual([
        'None',
        'PreviousCourse',
        'AllPreviousCourses',
      ]);
      const curriculum = curricula.find(
        (c) => c.curriculumKey === imported.curriculum.curriculumKey,
      )!;
      expect(curriculum).toMatchObject({
        inLibrary: false,
        defaultDurationDays: null,
        defaultDueDate: null,
        assignedCount: 0,
      });
      const lessons = curriculum.courses[0]!.topics.flatMap((topic) => topic.lessons);
      expect(lessons[1]).toMatchObject({
        name: 'Knowledge check',
        playMode: 1,
        minScorePass: 0.75,
        scorable: true,
        content: { scormVersion: '1.2', packageTitle: 'Ground School' },
      });
      const event = await t.db
        .selectFrom('auditEvent')
        .selectAll()
        .where('action', '=', 'programme.import')
        .executeTakeFirstOrThrow();
      expect(event).toMatchObject({ lmsKey, targetKey: String(imported.packageKey) });
    });

    it("refuses a broken zip with the importer's reason and keeps nothing", async () => {
      const before = {
        packages: await t.db.selectFrom('contentPackage').select('packageKey').execute(),
        curricula: await t.db.selectFrom('curriculum').select('curriculumKey').execute(),
        folders: await packageFolders(t),
        audit: await auditCount(),
      };
      const notZip = await upload(
        t,
        admin,
        { curriculumName: 'Broken One' },
        Buffer.from('this is not a zip file at all'),
      );
      expect(notZip.status).toBe(422);
      expect((await notZip.json()).message).toMatch(
        /^The package was refused: .* Nothing was imported\.$/,
      );
      const missingLaunch = await upload(
        t,
        admin,
        { curriculumName: 'Broken Two' },
        await buildZip({
          'imsmanifest.xml': simpleManifest12('Broken', [
            { id: 'one', title: 'Lesson one', href: 'one/index.html' },
          ]),
        }),
      );
      expect(missingLaunch.status).toBe(422);
      expect((await missingLaunch.json()).message).toBe(
        "The package was refused: the launch file 'one/index.html' of item 'one' ('Lesson one') is not in the zip. Nothing was imported.",
      );
      expect(await t.db.selectFrom('contentPackage').select('packageKey').execute()).toEqual(
        before.packages,
      );
      expect(await t.db.selectFrom('curriculum').select('curriculumKey').execute()).toEqual(
        before.curricula,
      );
      expect(await packageFolders(t)).toEqual(before.folders);
      expect(await auditCount()).toBe(before.audit);
    });

    it('refuses an upload without a file, without a place, or with a name already taken', async () => {
      const noFile = await upload(t, admin, { curriculumName: 'Nothing' }, null);
      expect(noFile.status).toBe(400);
      expect((await noFile.json()).message).toBe('Choose a SCORM package (a .zip file) to upload.');
      const noPlace = await upload(t, admin, {}, await goodPackage12());
      expect(noPlace.status).toBe(400);
      const two = await upload(
        t,
        admin,
        { curriculumName: 'A', topicKey: '1' },
        await goodPackage12(),
      );
      expect(two.status).toBe(400);
      const taken = await upload(
        t,
        admin,
        { curriculumName: 'ground school' },
        await goodPackage12(),
      );
      expect(taken.status).toBe(409);
      expect((await taken.json()).message).toMatch(/There is a curriculum named 'Ground School'/);
      const json = await admin.call(`${API}/packages`, { method: 'POST', body: '{}' });
      expect(json.status).toBe(415);
    });

    it("adds a package's items to an existing topic, after its lessons", async () => {
      const topicKey = (await lessonRow(lessonKey())).topicKey;
      const response = await upload(
        t,
        admin,
        { topicKey: String(topicKey) },
        await goodPackage12('More'),
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as PackageImported;
      expect(body.curriculum).toMatchObject({ name: 'Ground School', created: false });
      const rows = await t.db
        .selectFrom('lesson')
        .select(['lessonKey', 'sortOrder'])
        .where('topicKey', '=', topicKey)
        .orderBy('sortOrder')
        .execute();
      expect(rows.slice(-2).map((row) => row.lessonKey)).toEqual(
        body.lessons.map((lesson) => lesson.lessonKey),
      );
      expect(new Set(rows.map((row) => row.sortOrder)).size).toBe(rows.length);
    });
  });

  describe('edits', () => {
    it('changes a lesson and records before and after of the changed fields only', async () => {
      const key = lessonKey();
      const response = await put(admin, `${API}/lessons/${key}`, {
        name: '  Knowledge check 1  ',
        playMode: 3,
        maxAttempts: 2,
        minScorePass: 0.8,
        prerequisite: 0,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        key,
        changed: ['name', 'playMode', 'maxAttempts', 'minScorePass'],
      });
      expect(await lessonRow(key)).toMatchObject({
        name: 'Knowledge check 1',
        playMode: 3,
        maxAttempts: 2,
        minScorePass: 0.8,
      });
      const event = await t.db
        .selectFrom('auditEvent')
        .selectAll()
        .where('action', '=', 'programme.lesson.update')
        .orderBy('eventKey', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.before).toEqual({
        name: 'Knowledge check',
        playMode: 1,
        maxAttempts: 0,
        minScorePass: 0.75,
      });
      expect(event.after).toEqual({
        name: 'Knowledge check 1',
        playMode: 3,
        maxAttempts: 2,
        minScorePass: 0.8,
      });
    });

    it.each<[string, Record<string, unknown>, RegExp]>([
      ['a negative pass mark', { minScorePass: -0.5 }, /pass mark must be between 0% and 100%/],
      [
        'a pass mark below the minimum',
        { minScoreComplete: 0.9, minScorePass: 0.5 },
        /The pass mark \(50%\) is below the minimum score \(90%\)\./,
      ],
      ['an unknown play mode', { playMode: 7 }, /Unknown play mode 7/],
      ['a name too long', { name: 'n'.repeat(201) }, /too long \(200 characters max\)/],
      ['negative attempts', { maxAttempts: -1 }, /maximum attempts/],
      ['no field at all', {}, /./],
      ['a score that is text', { minScorePass: '80' }, /./],
    ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
      const key = lessonKey();
      const before = await lessonRow(key);
      const audit = await auditCount();
      const response = await put(admin, `${API}/lessons/${key}`, body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(message);
      expect(await lessonRow(key)).toEqual(before);
      expect(await auditCount()).toBe(audit);
    });

    it('edits a course (draft, prerequisite, scores), a topic and a curriculum', async () => {
      const { courseKey } = imported.course;
      const course = await put(admin, `${API}/courses/${courseKey}`, {
        draft: true,
        prerequisiteKey: 2,
        minScore: 0.5,
        minScorePass: 0.7,
      });
      expect(course.status).toBe(200);
      const bad = await put(admin, `${API}/courses/${courseKey}`, { prerequisiteKey: 3 });
      expect(bad.status).toBe(400);
      const topicKey = (await lessonRow(lessonKey())).topicKey;
      expect((await put(admin, `${API}/topics/${topicKey}`, { prerequisite: 1 })).status).toBe(200);
      const curriculum = await put(admin, `${API}/curricula/${imported.curriculum.curriculumKey}`, {
        description: 'Initial ground school',
        defaultDurationDays: 90,
      });
      expect(curriculum.status).toBe(200);
      const both = await put(admin, `${API}/curricula/${imported.curriculum.curriculumKey}`, {
        defaultDueDate: '2030-01-31',
      });
      expect(both.status).toBe(400);
      expect((await both.json()).message).toBe(
        'Give a default duration or a default due date, not both.',
      );
      const read = (await tree(admin)).curricula.find(
        (c) => c.curriculumKey === imported.curriculum.curriculumKey,
      )!;
      expect(read).toMatchObject({ description: 'Initial ground school', defaultDurationDays: 90 });
      expect(read.courses[0]).toMatchObject({
        draft: true,
        prerequisiteKey: 2,
        minScore: 0.5,
        minScorePass: 0.7,
      });
      expect(read.courses[0]!.topics[0]!.prerequisite).toBe(1);
      // Back to normal for the tests after.
      await put(admin, `${API}/courses/${courseKey}`, { draft: false, prerequisiteKey: 0 });
    });

    it('moves lessons up and down, and refuses moving the first one up', async () => {
      const topicKey = (await lessonRow(lessonKey())).topicKey;
      const order = async () =>
        (
          await t.db
            .selectFrom('lesson')
            .select('lessonKey')
            .where('topicKey', '=', topicKey)
            .orderBy('sortOrder')
            .orderBy('lessonKey')
            .execute()
        ).map((row) => row.lessonKey);
      const [first, second] = await order();
      expect((await post(admin, `${API}/lessons/${second}/move`, { direction: 'up' })).status).toBe(
        200,
      );
      expect((await order()).slice(0, 2)).toEqual([second, first]);
      const top = await post(admin, `${API}/lessons/${second}/move`, { direction: 'up' });
      expect(top.status).toBe(400);
      expect((await top.json()).message).toBe(
        'The lesson is already the first; it cannot move up.',
      );
      await post(admin, `${API}/lessons/${second}/move`, { direction: 'down' });
      expect((await order()).slice(0, 2)).toEqual([first, second]);
    });

    it('adds a classroom lesson (player CLAS) at the end of a topic', async () => {
      const topicKey = (await lessonRow(lessonKey())).topicKey;
      const response = await post(admin, `${API}/topics/${topicKey}/classroom-lessons`, {
        name: 'CRM workshop',
      });
      expect(response.status).toBe(200);
      const { key } = await response.json();
      expect(await lessonRow(key)).toMatchObject({
        name: 'CRM workshop',
        player: 'CLAS',
        scoKey: null,
        playMode: 1,
      });
      const empty = await post(admin, `${API}/topics/${topicKey}/classroom-lessons`, { name: ' ' });
      expect(empty.status).toBe(400);
    });

    it('changes the certificate settings through the certificates service', async () => {
      const read = await (await admin.call(`${API}/certificate-settings`)).json();
      expect(read).toMatchObject({ showLmsName: true, theme: 'default' });
      expect(read.themes).toContain('default');
      const changed = await put(admin, `${API}/certificate-settings`, {
        showSignature: false,
        typeName: 'Type rating',
      });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ showSignature: false, typeName: 'Type rating' });
      const wrong = await put(admin, `${API}/certificate-settings`, { theme: 'neon' });
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).message).toMatch(/No certificate theme 'neon'/);
    });

    it('puts a curriculum in the library, and defines and lists document forms', async () => {
      const key = imported.curriculum.curriculumKey;
      const library = await put(admin, `${API}/curricula/${key}/library`, { inLibrary: true });
      expect(await library.json()).toEqual({ key, changed: ['inLibrary'] });
      const definition = {
        name: 'Medical certificate',
        maxExpirationDays: 365,
        fields: [
          { name: 'expiration', type: 'date', required: true },
          { name: 'scan', type: 'file' },
        ],
      };
      const defined = await put(admin, `${API}/document-types`, definition);
      expect(defined.status).toBe(200);
      expect(await defined.json()).toMatchObject({
        name: 'Medical certificate',
        maxExpirationDays: 365,
        fields: [
          { name: 'expiration', type: 'date', required: true },
          { name: 'scan', type: 'file', required: false },
        ],
      });
      const bad = await put(admin, `${API}/document-types`, {
        ...definition,
        fields: [{ name: 'x', type: 'hologram' }],
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).not.toMatch(/line \d/);
      const list = await (await admin.call(`${API}/document-types`)).json();
      expect(list.documentTypes.map((form: { name: string }) => form.name)).toEqual([
        'Medical certificate',
      ]);
    });
  });

  describe('permissions and other LMSs', () => {
    it('lets an instructor add a classroom lesson but not edit a curriculum or upload', async () => {
      const instructor = await staffBrowser(t, lmsKey, { role: 'instructor' });
      const topicKey = (await lessonRow(lessonKey())).topicKey;
      expect(
        (
          await post(instructor, `${API}/topics/${topicKey}/classroom-lessons`, {
            name: 'Sim brief',
          })
        ).status,
      ).toBe(200);
      const curriculum = await put(
        instructor,
        `${API}/curricula/${imported.curriculum.curriculumKey}`,
        {
          name: 'Renamed',
        },
      );
      expect(curriculum.status).toBe(403);
      expect((await curriculum.json()).message).toBe('You do not have permission to do this.');
      expect(
        (await put(instructor, `${API}/lessons/${lessonKey()}`, { maxAttempts: 1 })).status,
      ).toBe(403);
      expect(
        (await upload(t, instructor, { curriculumName: 'X' }, await goodPackage12())).status,
      ).toBe(403);
    });

    it('lets an auditor read the programme and change nothing', async () => {
      const auditor = await staffBrowser(t, lmsKey, { role: 'auditor' });
      expect((await tree(auditor)).curricula.length).toBeGreaterThan(0);
      const topicKey = (await lessonRow(lessonKey())).topicKey;
      const writes = [
        put(auditor, `${API}/lessons/${lessonKey()}`, { maxAttempts: 1 }),
        put(auditor, `${API}/courses/${imported.course.courseKey}`, { draft: true }),
        put(auditor, `${API}/topics/${topicKey}`, { name: 'T' }),
        put(auditor, `${API}/curricula/${imported.curriculum.curriculumKey}`, { name: 'C' }),
        put(auditor, `${API}/curricula/${imported.curriculum.curriculumKey}/library`, {
          inLibrary: false,
        }),
        post(auditor, `${API}/lessons/${lessonKey()}/move`, { direction: 'down' }),
        post(auditor, `${API}/topics/${topicKey}/classroom-lessons`, { name: 'N' }),
        put(auditor, `${API}/certificate-settings`, { showText: false }),
        put(auditor, `${API}/document-types`, { name: 'D', fields: [] }),
        upload(t, auditor, { curriculumName: 'X' }, await goodPackage12()),
      ];
      for (const response of await Promise.all(writes)) expect(response.status).toBe(403);
    });

    it("answers another LMS's keys 404 and never shows its programme", async () => {
      const other = await buildLms(t.db);
      const user = await buildStaff(t.db, other.lmsKey, { role: 'administrator' });
      const login = await postConsoleLogin(t, user.userId, undefined, {
        'x-lms-code': other.lmsCode,
      });
      const stranger = await browserFrom(t, login);
      const call = stranger.call.bind(stranger);
      stranger.call = (address, init = {}) =>
        call(address, {
          ...init,
          headers: {
            'x-xsrf-token': stranger.jar['CONSOLE-XSRF-TOKEN'] ?? '',
            ...(init.headers as Record<string, string> | undefined),
          },
        });
      expect((await tree(stranger)).curricula).toEqual([]);
      const topicKey = (await lessonRow(lessonKey())).topicKey;
      const before = await lessonRow(lessonKey());
      const attempts = [
        put(stranger, `${API}/lessons/${lessonKey()}`, { minScorePass: 0.1 }),
        put(stranger, `${API}/courses/${imported.course.courseKey}`, { draft: true }),
        put(stranger, `${API}/topics/${topicKey}`, { name: 'Mine now' }),
        put(stranger, `${API}/curricula/${imported.curriculum.curriculumKey}`, { name: 'Mine' }),
        put(stranger, `${API}/curricula/${imported.curriculum.curriculumKey}/library`, {
          inLibrary: false,
        }),
        post(stranger, `${API}/lessons/${lessonKey()}/move`, { direction: 'down' }),
        post(stranger, `${API}/topics/${topicKey}/classroom-lessons`, { name: 'Intruder' }),
      ];
      for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
      const packages = await t.db.selectFrom('contentPackage').select('packageKey').execute();
      const into = await upload(
        t,
        stranger,
        { topicKey: String(topicKey) },
        await goodPackage12('Trojan'),
      );
      expect(into.status).toBe(404);
      expect(await t.db.selectFrom('contentPackage').select('packageKey').execute()).toEqual(
        packages,
      );
      expect(await lessonRow(lessonKey())).toEqual(before);
    });
  });

  describe('edits reach assigned students at once', () => {
    it("changes a student's status by the new pass mark, and never their stored progress", async () => {
      const student = await buildUser(t.db, lmsKey);
      const assignment = await buildAssignment(t.db, {
        userKey: student.userKey,
        curriculumKey: imported.curriculum.curriculumKey,
      });
      const key = lessonKey();
      await put(admin, `${API}/lessons/${key}`, {
        playMode: 1,
        minScoreComplete: 0,
        minScorePass: 0.8,
      });
      await t.db
        .insertInto('lessonProgress')
        .values({
          assignmentKey: assignment.assignmentKey,
          lessonKey: key,
          userKey: student.userKey,
          attempts: 1,
          completion: 1,
          score: 0.7,
          completionInstant: new Date('2026-01-02T03:04:05Z'),
        })
        .execute();
      const stored = () =>
        t.db
          .selectFrom('lessonProgress')
          .selectAll()
          .where('userKey', '=', student.userKey)
          .orderBy('lessonKey')
          .execute();
      const browser = await signIn(t, student.userId);
      const lessonInReport = async () => {
        const response = await browser.call(
          `/lms/api/progressreport/withPrerequisites/${lmsKey}/${student.userKey}?showExpired=true`,
        );
        expect(response.status).toBe(200);
        const report = (await response.json()) as { progressReport: ProgressElement[] };
        const find = (elements: ProgressElement[]): ProgressElement | undefined => {
          for (const element of elements) {
            if (element.elementType === 'lesson' && element.elementKey === key) return element;
            const inner = find(element.elementChildren ?? []);
            if (inner) return inner;
          }
          return undefined;
        };
        return find(report.progressReport)!;
      };
      const before = await lessonInReport();
      expect(before.elementMinScorePass).toBe(0.8);
      expect(lessonStatus(before)).toBe('failed');
      const rowsBefore = await stored();

      const changed = await put(admin, `${API}/lessons/${key}`, { minScorePass: 0.6 });
      expect(changed.status).toBe(200);

      const after = await lessonInReport();
      expect(after.elementMinScorePass).toBe(0.6);
      expect(lessonStatus(after)).toBe('complete');
      expect(await stored()).toEqual(rowsBefore);
      expect(
        (await tree(admin)).curricula.find(
          (c) => c.curriculumKey === imported.curriculum.curriculumKey,
        )!.assignedCount,
      ).toBe(1);
    });
  });
});
