/**
 * SCORM package import (the operator's import-scorm, ADR 0003): a zip becomes files in the
 * content storage and the rows of content_package, sco and (optionally) curriculum > course >
 * topic > lesson, all or nothing.
 */
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { systemClock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { PackageRefusedError } from './errors.js';
import { parseManifest, type PackageDescription, type ScoDescription } from './manifest.js';
import {
  openPackageZip,
  otherPackageFormat,
  PACKAGE_LIMITS,
  type PackageLimits,
  type PackageZip,
} from './package-zip.js';
import * as repo from './repo.js';
import { newPackageFolder, type ContentStorage } from './storage.js';

export interface ImportDeps {
  db: Db;
  storage: ContentStorage;
  /** uploaded_at; the system clock when absent. */
  clock?: Clock;
}

/**
 * Where the lessons go. Without `curriculum` only the package and its SCOs are stored (the
 * caller, e.g. the demo seed, attaches the SCO keys to lessons of its own).
 */
export interface ImportTarget {
  lmsKey: number;
  /** Curriculum name in the LMS (case-insensitive); created when missing. */
  curriculum?: string;
  /** Course name in the curriculum (case-insensitive; default: the organization's title); created when missing. */
  course?: string;
  /** An existing curriculum of the LMS, by key, instead of `curriculum` (the staff console). */
  curriculumKey?: number;
  /** An existing course of the LMS, by key: the package's topics follow its last one. */
  courseKey?: number;
  /** An existing topic of the LMS, by key: the package's items become its last lessons. */
  topicKey?: number;
}

/** What an import stored, as its recorder (options.record) sees it. */
export interface StoredImport {
  packageKey: number;
  title: string;
  curriculum: { curriculumKey: number; name: string; created: boolean } | null;
  course: { courseKey: number; name: string; created: boolean } | null;
  lessons: { lessonKey: number; name: string }[];
}

/**
 * Called within the import's transaction once its rows are written (the staff console records its
 * audit event there); a throw undoes the import.
 */
export type ImportRecorder = (trx: Db, stored: StoredImport) => Promise<void>;

/** Where a package's lessons go: a curriculum and course (found or made), maybe a topic. */
interface Place {
  curriculum: { curriculumKey: number; name: string; created: boolean };
  course: { courseKey: number; name: string; created: boolean };
  topic: { topicKey: number; name: string } | null;
}

export interface ImportResult {
  package: {
    packageKey: number;
    title: string;
    scormVersion: '1.2' | '2004';
    schemaVersion: string;
    folder: string;
    files: number;
    bytes: number;
  };
  curriculum: { curriculumKey: number; name: string; created: boolean } | null;
  course: { courseKey: number; name: string; created: boolean } | null;
  topics: { topicKey: number; name: string }[];
  lessons: {
    lessonKey: number;
    name: string;
    topic: string;
    scoKey: number;
    identifier: string;
    scoType: 'sco' | 'asset';
    scorable: boolean;
    minScorePass: number;
  }[];
  scos: {
    scoKey: number;
    identifier: string;
    title: string;
    scoType: 'sco' | 'asset';
    launchFile: string;
    parameters: string;
    masteryScore: number | null;
    completionThreshold: number | null;
  }[];
  warnings: string[];
}

const MANIFEST = 'imsmanifest.xml';
const MAX_LISTED_WARNINGS = 20;

/** Manifest bytes as text: UTF-8 unless a UTF-16 byte-order mark says otherwise. */
function decodeManifest(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return bytes.toString('utf8');
}

/** Reads and checks the manifest: present at the root, small enough, launch files in the zip. */
async function readPackage(zip: PackageZip, limits: PackageLimits): Promise<PackageDescription> {
  if (!zip.hasFile(MANIFEST)) {
    const nested = zip.fileNames.find((name) => name.toLowerCase().endsWith(`/${MANIFEST}`));
    throw new PackageRefusedError(
      nested
        ? `there is no ${MANIFEST} at the root of the zip (there is '${nested}': zip the folder's contents, not the folder).`
        : (otherPackageFormat(zip.fileNames) ?? `there is no ${MANIFEST} at the root of the zip.`),
    );
  }
  const bytes = await zip.readFile(MANIFEST, limits.maxManifestBytes, MANIFEST);
  const description = parseManifest(decodeManifest(bytes));
  for (const sco of description.scos) {
    if (!zip.hasFile(sco.launchFile)) {
      throw new PackageRefusedError(
        `the launch file '${sco.launchFile}' of item '${sco.identifier}' ('${sco.title}') is not in the zip.`,
      );
    }
  }
  const missing = description.files.filter((file) => !zip.hasFile(file));
  if (missing.length > 0) {
    const listed = missing.slice(0, MAX_LISTED_WARNINGS).map((file) => `'${file}'`);
    const more =
      missing.length > listed.length ? ` and ${missing.length - listed.length} more` : '';
    description.warnings.push(
      `The manifest lists files that are not in the zip: ${listed.join(', ')}${more}.`,
    );
  }
  return description;
}

/** The lesson pass score from a SCO's mastery score: 1.2 is a percent, 2004 a scaled score. */
function passPercent(description: PackageDescription, sco: ScoDescription): number | null {
  if (sco.masteryScore === null) return null;
  if (description.scormVersion === '1.2') return sco.masteryScore;
  // Rounded so that 0.7 stays 70 rather than 70.00000000000001.
  return Math.round(sco.masteryScore * 100 * 1e6) / 1e6;
}

/** The manifest as kept in content_package.manifest: the description without the file list. */
function storedManifest(description: PackageDescription) {
  const { files: _files, ...rest } = description;
  return {
    ...rest,
    topics: rest.topics.map((topic) => ({
      name: topic.name,
      cluster: topic.cluster,
      items: topic.scos.map((sco) => sco.identifier),
    })),
  };
}

async function findOne<T>(rows: Promise<T[]>, what: string): Promise<T | undefined> {
  const found = await rows;
  if (found.length > 1) {
    throw new HttpError(409, `There are ${found.length} ${what}; rename all but one first.`);
  }
  return found[0];
}

/** Writes every row in one transaction; returns what was made. */
async function storeRows(
  db: Db,
  description: PackageDescription,
  target: ImportTarget,
  folder: string,
  uploadedAt: Date,
  record?: ImportRecorder,
) {
  return db.transaction().execute(async (trx) => {
    const pkg = await repo.insertPackage(trx, {
      lmsKey: target.lmsKey,
      title: description.title,
      scormVersion: description.scormVersion,
      storageFolder: folder,
      manifest: storedManifest(description),
      uploadedAt,
    });
    const scoRows = await repo.insertScos(
      trx,
      description.scos.map((sco) => ({
        packageKey: pkg.packageKey,
        identifier: sco.identifier,
        title: sco.title,
        scoType: sco.scoType,
        launchFile: sco.launchFile,
        parameters: sco.parameters,
        masteryScore: sco.masteryScore,
        completionThreshold: sco.completionThreshold,
        launchData: sco.launchData,
        maxTimeAllowed: sco.maxTimeAllowed,
        timeLimitAction: sco.timeLimitAction,
        completionSetByContent: sco.completionSetByContent,
        objectiveSetByContent: sco.objectiveSetByContent,
        sortOrder: sco.sortOrder,
      })),
    );
    const scoKeys = scoRows.map((row) => row.scoKey);
    const intoTree =
      Boolean(target.curriculum?.trim()) ||
      target.curriculumKey !== undefined ||
      target.courseKey !== undefined ||
      target.topicKey !== undefined;
    const tree = intoTree
      ? await storeTree(trx, description, await placeOf(trx, description, target), scoKeys)
      : { curriculum: null, course: null, topics: [], lessons: [] };
    const stored = { packageKey: pkg.packageKey, scoKeys, ...tree };
    await record?.(trx, { title: description.title, ...stored });
    return stored;
  });
}

const notFound = (what: string) => new HttpError(404, `No such ${what}.`);

/** Finds (by key, or by name, made when missing) the curriculum, course and topic of an import. */
async function placeOf(
  trx: Db,
  description: PackageDescription,
  target: ImportTarget,
): Promise<Place> {
  if (target.topicKey !== undefined) {
    const found = await repo.findTopicInLms(trx, target.lmsKey, target.topicKey);
    if (!found) throw notFound('topic');
    return {
      curriculum: {
        curriculumKey: found.curriculumKey,
        name: found.curriculumName,
        created: false,
      },
      course: { courseKey: found.courseKey, name: found.courseName, created: false },
      topic: { topicKey: found.topicKey, name: found.topicName },
    };
  }
  if (target.courseKey !== undefined) {
    const found = await repo.findCourseInLms(trx, target.lmsKey, target.courseKey);
    if (!found) throw notFound('course');
    return {
      curriculum: {
        curriculumKey: found.curriculumKey,
        name: found.curriculumName,
        created: false,
      },
      course: { courseKey: found.courseKey, name: found.courseName, created: false },
      topic: null,
    };
  }
  let curriculum: Place['curriculum'];
  if (target.curriculumKey !== undefined) {
    const found = await repo.findCurriculumInLms(trx, target.lmsKey, target.curriculumKey);
    if (!found) throw notFound('curriculum');
    curriculum = { ...found, created: false };
  } else {
    const curriculumName = (target.curriculum ?? '').trim();
    await repo.lockCurriculumName(trx, target.lmsKey, curriculumName);
    const existing = await findOne(
      repo.findCurricula(trx, target.lmsKey, curriculumName),
      `curricula named '${curriculumName}' in this LMS`,
    );
    curriculum = existing
      ? { ...existing, created: false }
      : { ...(await repo.insertCurriculum(trx, target.lmsKey, curriculumName)), created: true };
  }
  const courseName = (target.course ?? '').trim() || description.title;
  const existingCourse = await findOne(
    repo.findCourses(trx, curriculum.curriculumKey, courseName),
    `courses named '${courseName}' in curriculum '${curriculum.name}'`,
  );
  const course = existingCourse
    ? { ...existingCourse, created: false }
    : { ...(await repo.insertCourse(trx, curriculum.curriculumKey, courseName)), created: true };
  return { curriculum, course, topic: null };
}

async function storeTree(
  trx: Db,
  description: PackageDescription,
  place: Place,
  scoKeys: number[],
) {
  const { curriculum, course } = place;
  // Into an existing topic, the package's items follow its last lesson, whatever their topics.
  const firstLesson = place.topic ? await repo.nextLessonOrder(trx, place.topic.topicKey) : 0;
  const topics = place.topic
    ? description.topics.map(() => place.topic!)
    : await repo.insertTopics(
        trx,
        course.courseKey,
        description.topics.map((topic) => topic.name),
      );
  let placedInTopic = 0;
  const planned = description.topics.flatMap((topic, topicIndex) =>
    topic.scos.map((sco, lessonIndex) => {
      const pass = passPercent(description, sco);
      const row = {
        topicKey: topics[topicIndex]!.topicKey,
        sortOrder: place.topic ? firstLesson + placedInTopic++ : lessonIndex,
        name: sco.title,
        scoKey: scoKeys[sco.sortOrder]!,
        playMode: 1,
        // A mastery score makes the lesson scorable with that pass mark (§4 Lesson status).
        // Scores and pass marks are fractions (§9 "values between 0 and 1"); weight 100 shows
        // them as percent.
        scorable: pass === null ? 0 : 1,
        scoreWeight: pass === null ? 0 : 100,
        minScorePass: pass === null ? 0 : pass / 100,
      };
      return { row, sco, topic: topics[topicIndex]!.name };
    }),
  );
  const inserted = await repo.insertLessons(
    trx,
    planned.map(({ row }) => row),
  );
  const keyOf = new Map(inserted.map((row) => [`${row.topicKey}:${row.sortOrder}`, row.lessonKey]));
  return {
    curriculum,
    course,
    topics: place.topic
      ? [place.topic]
      : topics.map((topic) => ({ topicKey: topic.topicKey, name: topic.name })),
    lessons: planned.map(({ row, sco, topic }) => ({
      lessonKey: keyOf.get(`${row.topicKey}:${row.sortOrder}`)!,
      name: row.name,
      topic,
      scoKey: row.scoKey,
      identifier: sco.identifier,
      scoType: sco.scoType,
      scorable: row.scorable === 1,
      minScorePass: row.minScorePass,
    })),
  };
}

/**
 * Imports a SCORM package: checks the zip and its manifest (refusing with PackageRefusedError,
 * 422), extracts the files into a new storage folder, then writes the rows in one transaction.
 * A refusal leaves nothing; if the database step fails, the folder is removed.
 */
export async function importScormPackage(
  deps: ImportDeps,
  zip: Buffer | string,
  target: ImportTarget,
  options: { limits?: PackageLimits; record?: ImportRecorder } = {},
): Promise<ImportResult> {
  if (target.curriculum !== undefined && target.curriculum.trim() === '') {
    throw new HttpError(400, 'The curriculum name is empty.');
  }
  const limits = options.limits ?? PACKAGE_LIMITS;
  const uploadedAt = (deps.clock ?? systemClock).now();
  const folder = newPackageFolder();
  const archive = await openPackageZip(zip, limits);
  let description: PackageDescription;
  let bytes = 0;
  try {
    description = await readPackage(archive, limits);
    await deps.storage.savePackage(folder, async (dir) => {
      bytes = await archive.extractTo(dir);
    });
  } finally {
    archive.close();
  }
  let stored: Awaited<ReturnType<typeof storeRows>>;
  try {
    stored = await storeRows(deps.db, description, target, folder, uploadedAt, options.record);
  } catch (error) {
    await deps.storage.removePackage(folder);
    throw error;
  }
  return {
    package: {
      packageKey: stored.packageKey,
      title: description.title,
      scormVersion: description.scormVersion,
      schemaVersion: description.schemaVersion,
      folder,
      files: archive.fileNames.length,
      bytes,
    },
    curriculum: stored.curriculum,
    course: stored.course,
    topics: stored.topics,
    lessons: stored.lessons,
    scos: description.scos.map((sco) => ({
      scoKey: stored.scoKeys[sco.sortOrder]!,
      identifier: sco.identifier,
      title: sco.title,
      scoType: sco.scoType,
      launchFile: sco.launchFile,
      parameters: sco.parameters,
      masteryScore: sco.masteryScore,
      completionThreshold: sco.completionThreshold,
    })),
    warnings: description.warnings,
  };
}
