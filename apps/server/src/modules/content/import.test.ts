import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import { createTestDatabase } from '../../test/database.js';
import { buildLms } from '../../test/factories.js';
import { importScormPackage, type ImportDeps } from './import.service.js';
import { PACKAGE_LIMITS } from './package-zip.js';
import { localContentStorage } from './storage.js';
import {
  brokenPackages,
  buildZip,
  FILES_12_FULL,
  FILES_2004_FULL,
  goodPackage12,
  MANIFEST_12_FULL,
  MANIFEST_2004_FULL,
  type BrokenPackage,
} from '../../test/test-packages.js';

// `import-scorm <package.zip> --lms <code> --curriculum "<name>" [--course "<name>"]` (ADR 0003)
// creates the curriculum and course when missing, adds one lesson per SCO, prints their keys and
// stores the files through the storage interface. A broken package is refused with a message
// that says why, and nothing of it is left behind.

let handle: DatabaseHandle;
let dataDir: string;
let deps: ImportDeps;
let lmsKey: number;
let broken: BrokenPackage[];

const contentDir = () => path.join(dataDir, 'content');

/** Whatever an import may leave: folders in the content storage and rows of its tables. */
async function leftovers() {
  const folders = await readdir(contentDir()).catch(() => []);
  const count = async (
    table: 'contentPackage' | 'sco' | 'curriculum' | 'course' | 'topic' | 'lesson',
  ) =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    folders,
    rows: {
      contentPackage: await count('contentPackage'),
      sco: await count('sco'),
      curriculum: await count('curriculum'),
      course: await count('course'),
      topic: await count('topic'),
      lesson: await count('lesson'),
    },
  };
}

const nothing = {
  folders: [],
  rows: { contentPackage: 0, sco: 0, curriculum: 0, course: 0, topic: 0, lesson: 0 },
};

async function clearContent() {
  await handle.db.deleteFrom('curriculum').execute();
  await handle.db.deleteFrom('contentPackage').execute();
  await rm(contentDir(), { recursive: true, force: true });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-import-'));
  deps = { db: handle.db, storage: localContentStorage({ dataDir }) };
  lmsKey = (await buildLms(handle.db, { lmsCode: 'import-air' })).lmsKey;
  broken = await brokenPackages();
});
afterAll(async () => {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(clearContent);

describe('a refused package leaves no folder and no rows', () => {
  it('covers every refusal brokenPackages() builds', () => {
    expect(broken).toHaveLength(23);
  });

  it.each([
    'not a zip',
    'no imsmanifest.xml at the root',
    'malformed XML',
    'no organization',
    'no resources',
    'a launch file missing from the zip',
    "a path with '..'",
    'an absolute path',
    'a drive letter',
    'a backslash',
    'a symbolic link',
    'an encrypted entry',
    'more than 10,000 entries',
    'more than 1 GiB uncompressed (declared)',
    'a zip bomb (inflates to more than it declares)',
    'more inflated bytes than the total limit',
    'a manifest over 5 MB',
    'a cmi5 package',
    'an xAPI (Tin Can) package',
    'an AICC package',
    'an organization without an identifier',
    'a default naming no organization',
    'a SCORM 2004 parent item with a resource',
  ])('%s', async (name) => {
    const item = broken.find((candidate) => candidate.case === name)!;
    expect(item).toBeDefined();
    await expect(
      importScormPackage(
        deps,
        item.zip,
        { lmsKey, curriculum: 'Refused' },
        { limits: { ...PACKAGE_LIMITS, ...item.limits } },
      ),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(item.message) });
    expect(await leftovers()).toEqual(nothing);
  });

  it('removes the stored folder when the database step fails', async () => {
    // No such LMS: the first insert breaks its foreign key after the files were stored.
    await expect(
      importScormPackage(deps, await goodPackage12(), { lmsKey: 999_999, curriculum: 'X' }),
    ).rejects.toThrow();
    expect(await leftovers()).toEqual(nothing);
  });

  it('refuses an ambiguous curriculum name (409), keeping nothing', async () => {
    await handle.db
      .insertInto('curriculum')
      .values([
        { lmsKey, name: 'Twice' },
        { lmsKey, name: 'twice' },
      ])
      .execute();
    await expect(
      importScormPackage(deps, await goodPackage12(), { lmsKey, curriculum: 'TWICE' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: "There are 2 curricula named 'TWICE' in this LMS; rename all but one first.",
    });
    const after = await leftovers();
    expect(after.folders).toEqual([]);
    expect(after.rows).toMatchObject({ contentPackage: 0, sco: 0, course: 0, curriculum: 2 });
  });
});

describe('a good import', () => {
  it('makes curriculum > course > topics > lessons, SCO rows and the stored files (SCORM 1.2)', async () => {
    const zip = await buildZip({ 'imsmanifest.xml': MANIFEST_12_FULL, ...FILES_12_FULL });
    const result = await importScormPackage(deps, zip, { lmsKey, curriculum: 'Cabin Crew' });

    expect(result.curriculum).toMatchObject({ name: 'Cabin Crew', created: true });
    // The course defaults to the organization title.
    expect(result.course).toMatchObject({ name: 'Cabin Safety', created: true });
    expect(result.package).toMatchObject({
      title: 'Cabin Safety',
      scormVersion: '1.2',
      folder: expect.stringMatching(/^pkg-[0-9a-f]{16}$/),
      files: 6,
    });

    const topics = await handle.db
      .selectFrom('topic')
      .select(['topicKey', 'name', 'sortOrder', 'courseKey'])
      .orderBy('sortOrder')
      .execute();
    expect(topics.map((t) => [t.name, t.sortOrder, t.courseKey])).toEqual([
      ['Cabin Safety', 0, result.course!.courseKey],
      ['Module 1: Doors', 1, result.course!.courseKey],
    ]);
    const lessons = await handle.db
      .selectFrom('lesson')
      .innerJoin('topic', 'topic.topicKey', 'lesson.topicKey')
      .innerJoin('sco', 'sco.scoKey', 'lesson.scoKey')
      .select([
        'topic.name as topic',
        'lesson.name',
        'lesson.sortOrder',
        'lesson.playMode',
        'lesson.scorable',
        'lesson.scoreWeight',
        'lesson.minScorePass',
        'sco.identifier',
        'sco.scoType',
        'sco.launchFile',
        'sco.parameters',
        'sco.masteryScore',
        'sco.launchData',
        'sco.maxTimeAllowed',
        'sco.timeLimitAction',
      ])
      .orderBy('topic.sortOrder')
      .orderBy('lesson.sortOrder')
      .execute();
    expect(lessons).toEqual([
      {
        topic: 'Cabin Safety',
        name: 'Introduction',
        sortOrder: 0,
        playMode: 1,
        scorable: 0,
        scoreWeight: 0,
        minScorePass: 0,
        identifier: 'item-intro',
        scoType: 'sco',
        launchFile: 'course/content/intro/index.html',
        parameters: '?mode=intro',
        masteryScore: null,
        launchData: 'start=1;skin=dark',
        maxTimeAllowed: '',
        timeLimitAction: '',
      },
      expect.objectContaining({ topic: 'Cabin Safety', name: 'Summary', sortOrder: 1 }),
      {
        topic: 'Module 1: Doors',
        name: 'Door operation',
        sortOrder: 0,
        playMode: 1,
        // "When the SCO has a mastery score: lesson.scorable = 1", pass mark 80% as the fraction the
        // report uses, weighted 100 so the panel shows percent.
        scorable: 1,
        scoreWeight: 100,
        minScorePass: 0.8,
        identifier: 'item-doors',
        scoType: 'sco',
        launchFile: 'course/content/doors/launch.html',
        parameters: '?lang=en&attempt=1',
        masteryScore: 80,
        launchData: '',
        maxTimeAllowed: '00:30:00',
        timeLimitAction: 'exit,message',
      },
      expect.objectContaining({
        topic: 'Module 1: Doors',
        name: 'Door slides',
        sortOrder: 1,
        scoType: 'asset',
        launchFile: 'course/content/slides/door deck.pdf',
      }),
    ]);
    expect(result.lessons.map((lesson) => [lesson.name, lesson.topic])).toEqual([
      ['Introduction', 'Cabin Safety'],
      ['Summary', 'Cabin Safety'],
      ['Door operation', 'Module 1: Doors'],
      ['Door slides', 'Module 1: Doors'],
    ]);

    const pkg = await handle.db.selectFrom('contentPackage').selectAll().executeTakeFirstOrThrow();
    expect(pkg).toMatchObject({
      lmsKey,
      title: 'Cabin Safety',
      scormVersion: '1.2',
      storageFolder: result.package.folder,
    });
    expect(pkg.manifest).toMatchObject({ identifier: 'com.example.cabin-safety' });

    // The files, with their relative paths, in DATA_DIR/content/<folder>; nothing else there.
    expect(await readdir(contentDir())).toEqual([result.package.folder]);
    const folder = path.join(contentDir(), result.package.folder);
    expect(deps.storage.fileKey(result.package.folder, 'imsmanifest.xml')).toBe(
      `content/${result.package.folder}/imsmanifest.xml`,
    );
    expect(await readFile(path.join(folder, 'course/content/slides/door deck.pdf'), 'utf8')).toBe(
      '%PDF-1.4',
    );
    expect(await readFile(path.join(folder, 'imsmanifest.xml'), 'utf8')).toBe(MANIFEST_12_FULL);
  });

  it('adds to an existing curriculum (any case), with --course, 2004 scaled mastery as a percent', async () => {
    const { curriculumKey } = await handle.db
      .insertInto('curriculum')
      .values({ lmsKey, name: 'Flight Deck' })
      .returning('curriculumKey')
      .executeTakeFirstOrThrow();
    const zip = await buildZip({ 'imsmanifest.xml': MANIFEST_2004_FULL, ...FILES_2004_FULL });
    const result = await importScormPackage(deps, zip, {
      lmsKey,
      curriculum: 'flight deck',
      course: 'Systems',
    });
    expect(result.curriculum).toEqual({ curriculumKey, name: 'Flight Deck', created: false });
    expect(result.course).toMatchObject({ name: 'Systems', created: true });
    expect(result.topics.map((t) => t.name)).toEqual(['Chapter 1', 'Fuel Systems']);
    expect(result.lessons.map((l) => [l.name, l.topic, l.scorable, l.minScorePass])).toEqual([
      ['Fuel basics', 'Chapter 1', false, 0],
      ['Fuel quiz', 'Chapter 1', true, 0.7],
      ['Final exam', 'Fuel Systems', true, 0.85],
    ]);
    const scos = await handle.db
      .selectFrom('sco')
      .select(['identifier', 'masteryScore', 'completionThreshold', 'launchData', 'maxTimeAllowed'])
      .orderBy('sortOrder')
      .execute();
    expect(scos).toEqual([
      {
        identifier: 'fuel-basics',
        masteryScore: null,
        completionThreshold: 0.75,
        launchData: 'chapter=1',
        maxTimeAllowed: '',
      },
      {
        identifier: 'fuel-quiz',
        masteryScore: 0.7,
        completionThreshold: 0.6,
        launchData: '',
        maxTimeAllowed: 'PT45M',
      },
      {
        identifier: 'final-exam',
        masteryScore: 0.85,
        completionThreshold: null,
        launchData: '',
        maxTimeAllowed: '',
      },
    ]);

    // A second package into the same course: the course is found, its topics come after.
    const again = await importScormPackage(deps, await goodPackage12('Refresher'), {
      lmsKey,
      curriculum: 'Flight Deck',
      course: 'SYSTEMS',
    });
    expect(again.course).toEqual({ ...result.course, created: false });
    const topics = await handle.db
      .selectFrom('topic')
      .select(['name', 'sortOrder'])
      .where('courseKey', '=', result.course!.courseKey)
      .orderBy('sortOrder')
      .execute();
    expect(topics).toEqual([
      { name: 'Chapter 1', sortOrder: 0 },
      { name: 'Fuel Systems', sortOrder: 1 },
      { name: 'Refresher', sortOrder: 2 },
    ]);
    expect(await readdir(contentDir())).toHaveLength(2);
  });

  it('stores only the package and its SCOs without a curriculum (for the seed), from a file path', async () => {
    const file = path.join(dataDir, 'ground-school.zip');
    await writeFile(file, await goodPackage12());
    const result = await importScormPackage(deps, file, { lmsKey });
    expect(result.curriculum).toBeNull();
    expect(result.lessons).toEqual([]);
    expect(result.scos.map((sco) => [sco.identifier, sco.masteryScore])).toEqual([
      ['welcome', null],
      ['check', 75],
    ]);
    expect((await leftovers()).rows).toEqual({
      contentPackage: 1,
      sco: 2,
      curriculum: 0,
      course: 0,
      topic: 0,
      lesson: 0,
    });
  });

  it('warns about listed files that are missing, without refusing', async () => {
    const files = { ...FILES_12_FULL };
    delete files['course/content/shared/api.js'];
    const result = await importScormPackage(
      deps,
      await buildZip({ 'imsmanifest.xml': MANIFEST_12_FULL, ...files }),
      { lmsKey, curriculum: 'Warned' },
    );
    expect(result.warnings).toEqual([
      "The manifest lists files that are not in the zip: 'course/content/shared/api.js'.",
    ]);
  });
});
