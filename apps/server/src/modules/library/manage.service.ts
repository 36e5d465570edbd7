import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import type { CommandUpload, OperatorDeps } from '../operator/area-command.js';
import { importScormPackage } from '../content/import.service.js';
import { contentStorageOn, type ContentStorage } from '../content/storage.js';
import { removeMediaFile, saveMediaFile } from './media-files.js';
import { LINK_TYPE } from './presenter.js';
import * as repo from './repo.js';

/**
 * The operator's side of the library (the library-* and student-group commands): library courses
 * from SCORM packages, media links and files, the groups items are limited to, lists, removal.
 * Every refusal says what is wrong and changes nothing.
 */

/** Media files are documents and short clips, not whole courses (those are SCORM packages). */
export const MEDIA_MAX_BYTES = 200 * 1024 * 1024;
export const DEFAULT_LIBRARY_CURRICULUM = 'Library';

const bad = (message: string) => new HttpError(400, message);
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

function checkName(label: string, value: string, max = 200): string {
  const trimmed = value.trim();
  if (trimmed === '') throw bad(`The ${label} is empty.`);
  if (trimmed.length > max) throw bad(`The ${label} is too long (${max} characters max).`);
  if (CONTROL.test(trimmed)) throw bad(`The ${label} contains control characters.`);
  return trimmed;
}

async function lmsOf(db: Db, code: string) {
  const lms = await repo.findLmsByCode(db, code.trim());
  if (!lms) throw new HttpError(404, `No LMS with code '${code}' (see list-lms).`);
  return lms;
}

/** The groups by name; every one must exist (student-group makes them). */
async function groupsNamed(db: Db, lms: { lmsKey: number; lmsCode: string }, names: string[]) {
  const wanted = [...new Set(names.map((name) => checkName('group name', name)))];
  const found = await repo.findGroupsByName(db, lms.lmsKey, wanted);
  const missing = wanted.filter(
    (name) => !found.some((group) => group.name.toLowerCase() === name.toLowerCase()),
  );
  if (missing.length > 0) {
    throw new HttpError(
      404,
      `No group named ${missing.map((name) => `'${name}'`).join(', ')} in LMS '${lms.lmsCode}' ` +
        '(make it with student-group).',
    );
  }
  return found;
}

const storageOf = (deps: OperatorDeps): ContentStorage => contentStorageOn(deps.storage);

/**
 * Runs a change in a transaction: deps.db's own when it is one already (the staff console passes
 * its transaction, to record the audit event with the change), else a new one.
 */
function inTransaction<T>(db: Db, change: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? change(db) : db.transaction().execute(change);
}

/**
 * library-add-scorm: imports a SCORM package with the content importer into a curriculum (made
 * when missing; default 'Library') and puts that curriculum in the library. The new course can be
 * limited to groups at once.
 */
export async function addScormToLibrary(
  deps: OperatorDeps,
  input: { lms: string; curriculum?: string; course?: string; groups?: string[] },
  upload: CommandUpload,
) {
  const lms = await lmsOf(deps.db, input.lms);
  const curriculum = checkName('curriculum name', input.curriculum ?? DEFAULT_LIBRARY_CURRICULUM);
  const course = input.course === undefined ? undefined : checkName('course name', input.course);
  // Checked before the import, so that a wrong group name leaves nothing behind.
  const groups = await groupsNamed(deps.db, lms, input.groups ?? []);
  const result = await importScormPackage(
    { db: deps.db, storage: storageOf(deps), clock: deps.clock },
    upload,
    { lmsKey: lms.lmsKey, curriculum, ...(course ? { course } : {}) },
  );
  await deps.db.transaction().execute(async (trx) => {
    await repo.setInLibrary(trx, result.curriculum!.curriculumKey, true);
    if (groups.length > 0) {
      await repo.setCourseGroups(
        trx,
        result.course!.courseKey,
        groups.map((group) => group.groupKey),
      );
    }
  });
  return {
    lms: lms.lmsCode,
    curriculum: result.curriculum,
    course: result.course,
    lessons: result.lessons.map((lesson) => ({ lessonKey: lesson.lessonKey, name: lesson.name })),
    groups: groups.map((group) => group.name),
    warnings: result.warnings,
  };
}

/** A link is an http(s) address: nothing else opens safely in a new tab. */
function checkLink(value: string): string {
  const link = value.trim();
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw bad(`'${link}' is not an address (https://...).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw bad(`The link must start with https:// or http:// (not ${url.protocol}).`);
  }
  if (link.length > 2000) throw bad('The link is too long (2000 characters max).');
  return url.href;
}

/** library-add-link: a media item that opens an address in a new tab (§2 OPEN link). */
export async function addMediaLink(
  deps: OperatorDeps,
  input: { lms: string; name: string; link: string; description?: string; groups?: string[] },
) {
  const lms = await lmsOf(deps.db, input.lms);
  const name = checkName('name', input.name);
  const link = checkLink(input.link);
  const description = input.description?.trim() ?? '';
  if (CONTROL.test(description)) throw bad('The description contains control characters.');
  const groups = await groupsNamed(deps.db, lms, input.groups ?? []);
  const item = await inTransaction(deps.db, async (trx) => {
    const row = await repo.insertMedia(trx, {
      lmsKey: lms.lmsKey,
      name,
      description,
      mediaType: LINK_TYPE,
      link,
      sortOrder: await repo.nextMediaSortOrder(trx, lms.lmsKey),
    });
    await repo.setMediaGroups(
      trx,
      row.libraryKey,
      groups.map((group) => group.groupKey),
    );
    return row;
  });
  return { lms: lms.lmsCode, ...item, type: LINK_TYPE, link, groups: groups.map((g) => g.name) };
}

/**
 * Types a media file is served as, from its first bytes (never from its name or what the uploader
 * said); anything else is sent as application/octet-stream. Always a download (media-files.ts).
 */
const SERVED_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/mp4',
  'application/zip',
  'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** The type a media file is served with, from its bytes. */
export async function safeContentType(bytes: Buffer): Promise<string> {
  const sniffed = await fileTypeFromBuffer(bytes);
  return sniffed && SERVED_TYPES.has(sniffed.mime) ? sniffed.mime : 'application/octet-stream';
}

async function uploadBytes(upload: CommandUpload): Promise<Buffer> {
  if (Buffer.isBuffer(upload)) {
    if (upload.length > MEDIA_MAX_BYTES) throw new HttpError(413, 'The media file is too large.');
    return upload;
  }
  if ((await stat(upload)).size > MEDIA_MAX_BYTES) {
    throw new HttpError(413, 'The media file is too large.');
  }
  return readFile(upload);
}

/**
 * library-add-file: an uploaded file kept in the content storage (a folder of its own) and served
 * from the content origin as a download to the students who may see it.
 */
export async function addMediaFile(
  deps: OperatorDeps,
  input: { lms: string; name: string; fileName: string; description?: string; groups?: string[] },
  upload: CommandUpload,
) {
  const lms = await lmsOf(deps.db, input.lms);
  const name = checkName('name', input.name);
  const fileName = checkName('file name', path.basename(input.fileName.replace(/\\/g, '/')), 255);
  const description = input.description?.trim() ?? '';
  if (CONTROL.test(description)) throw bad('The description contains control characters.');
  const groups = await groupsNamed(deps.db, lms, input.groups ?? []);
  const bytes = await uploadBytes(upload);
  if (bytes.length === 0) throw bad('The media file is empty.');
  const contentType = await safeContentType(bytes);
  const storage = storageOf(deps);
  const folder = `lib-${randomBytes(8).toString('hex')}`;
  await saveMediaFile(storage.objects, folder, bytes, contentType);
  try {
    const item = await inTransaction(deps.db, async (trx) => {
      const row = await repo.insertMedia(trx, {
        lmsKey: lms.lmsKey,
        name,
        description,
        mediaType: 'file',
        fileName,
        storageFolder: folder,
        contentType,
        sizeBytes: bytes.length,
        sortOrder: await repo.nextMediaSortOrder(trx, lms.lmsKey),
      });
      await repo.setMediaGroups(
        trx,
        row.libraryKey,
        groups.map((group) => group.groupKey),
      );
      return row;
    });
    return {
      lms: lms.lmsCode,
      ...item,
      type: 'file',
      fileName,
      contentType,
      bytes: bytes.length,
      groups: groups.map((group) => group.name),
    };
  } catch (error) {
    await removeMediaFile(storage.objects, folder);
    throw error;
  }
}

/**
 * library-limit: limits a media item or a library course to groups (an empty list: every student
 * of the LMS again).
 */
export async function limitToGroups(
  deps: OperatorDeps,
  input: { lms: string; media?: number; course?: number; groups: string[] },
) {
  const lms = await lmsOf(deps.db, input.lms);
  if ((input.media === undefined) === (input.course === undefined)) {
    throw bad('Give either --media <libraryKey> or --course <courseKey> (see library-list).');
  }
  const groups = await groupsNamed(deps.db, lms, input.groups);
  const keys = groups.map((group) => group.groupKey);
  if (input.media !== undefined) {
    const item = await repo.findMediaInLms(deps.db, lms.lmsKey, input.media);
    if (!item) throw new HttpError(404, `No media item ${input.media} in LMS '${lms.lmsCode}'.`);
    await inTransaction(deps.db, (trx) => repo.setMediaGroups(trx, item.libraryKey, keys));
    return { lms: lms.lmsCode, media: item, groups: groups.map((group) => group.name) };
  }
  const course = await repo.findCourse(deps.db, lms.lmsKey, input.course!);
  if (!course) throw new HttpError(404, `No course ${input.course} in LMS '${lms.lmsCode}'.`);
  if (!course.inLibrary) {
    throw bad(`Course ${course.courseKey} ('${course.name}') is not in the library.`);
  }
  await inTransaction(deps.db, (trx) => repo.setCourseGroups(trx, course.courseKey, keys));
  return {
    lms: lms.lmsCode,
    course: { courseKey: course.courseKey, name: course.name },
    groups: groups.map((group) => group.name),
  };
}

/** library-list: the library's courses and media items of an LMS, with their groups. */
export async function listLibrary(deps: OperatorDeps, input: { lms: string }) {
  const lms = await lmsOf(deps.db, input.lms);
  const [courses, media] = await Promise.all([
    repo.selectLibraryCourses(deps.db, lms.lmsKey),
    repo.selectAllMedia(deps.db, lms.lmsKey),
  ]);
  const [courseGroups, mediaGroups] = await Promise.all([
    repo.selectCourseGroups(
      deps.db,
      courses.map((course) => course.courseKey),
    ),
    repo.selectMediaGroups(
      deps.db,
      media.map((item) => item.libraryKey),
    ),
  ]);
  return {
    lms: lms.lmsCode,
    courses: courses.map((course) => ({
      courseKey: course.courseKey,
      name: course.courseName,
      curriculum: course.curriculumName,
      draft: course.draft > 0,
      groups: courseGroups.filter((g) => g.courseKey === course.courseKey).map((g) => g.name),
    })),
    media: media.map((item) => ({
      libraryKey: item.libraryKey,
      name: item.name,
      type: item.storageFolder ? 'file' : item.mediaType,
      link: item.storageFolder ? '' : item.link,
      fileName: item.fileName,
      bytes: item.storageFolder ? item.sizeBytes : null,
      groups: mediaGroups.filter((g) => g.libraryKey === item.libraryKey).map((g) => g.name),
    })),
  };
}

/**
 * library-remove: a media item (and its stored file), or a curriculum out of the library (its
 * courses stay, for the students it is assigned to).
 */
export async function removeFromLibrary(
  deps: OperatorDeps,
  input: { lms: string; media?: number; curriculum?: string },
) {
  const lms = await lmsOf(deps.db, input.lms);
  if ((input.media === undefined) === (input.curriculum === undefined)) {
    throw bad('Give either --media <libraryKey> or --curriculum "<name>" (see library-list).');
  }
  if (input.media !== undefined) {
    const removed = await repo.deleteMedia(deps.db, lms.lmsKey, input.media);
    if (!removed) throw new HttpError(404, `No media item ${input.media} in LMS '${lms.lmsCode}'.`);
    if (removed.storageFolder)
      await removeMediaFile(storageOf(deps).objects, removed.storageFolder);
    return { lms: lms.lmsCode, removed: { libraryKey: removed.libraryKey, name: removed.name } };
  }
  const name = checkName('curriculum name', input.curriculum!);
  const found = (await repo.findCurriculaByName(deps.db, lms.lmsKey, name)).filter(
    (curriculum) => curriculum.inLibrary,
  );
  if (found.length === 0) {
    throw new HttpError(404, `No library curriculum named '${name}' in LMS '${lms.lmsCode}'.`);
  }
  if (found.length > 1) {
    throw new HttpError(409, `There are ${found.length} library curricula named '${name}'.`);
  }
  await repo.setInLibrary(deps.db, found[0]!.curriculumKey, false);
  return {
    lms: lms.lmsCode,
    removed: { curriculumKey: found[0]!.curriculumKey, name: found[0]!.name },
  };
}

/** Puts a curriculum in the library or takes it out (the staff console); db may be a transaction. */
export async function setCurriculumInLibrary(db: Db, curriculumKey: number, inLibrary: boolean) {
  await repo.setInLibrary(db, curriculumKey, inLibrary);
}

/** student-group: makes a group when missing, adds and removes members; lists its members. */
export async function manageGroup(
  deps: OperatorDeps,
  input: { lms: string; name: string; add?: string[]; remove?: string[] },
) {
  const lms = await lmsOf(deps.db, input.lms);
  const name = checkName('group name', input.name);
  const logins = [...(input.add ?? []), ...(input.remove ?? [])].map((login) => login.trim());
  const users = await repo.findUsersByLogin(deps.db, lms.lmsKey, logins);
  const keyOf = (login: string) =>
    users.find((user) => user.userId.toLowerCase() === login.toLowerCase())?.userKey;
  const unknown = logins.filter((login) => keyOf(login) === undefined);
  if (unknown.length > 0) {
    throw new HttpError(
      404,
      `No user ${unknown.map((login) => `'${login}'`).join(', ')} in LMS '${lms.lmsCode}'.`,
    );
  }
  const result = await inTransaction(deps.db, async (trx) => {
    const group = await repo.findOrCreateGroup(trx, lms.lmsKey, name);
    await repo.addGroupMembers(
      trx,
      group.groupKey,
      (input.add ?? []).map((login) => keyOf(login.trim())!),
    );
    await repo.removeGroupMembers(
      trx,
      group.groupKey,
      (input.remove ?? []).map((login) => keyOf(login.trim())!),
    );
    return { group, members: await repo.selectGroupMembers(trx, group.groupKey) };
  });
  return {
    lms: lms.lmsCode,
    group: result.group.name,
    groupKey: result.group.groupKey,
    created: result.group.created,
    members: result.members.map((member) => member.userId),
  };
}

/** The LMS's student groups (the names items are limited to) with how many members each has. */
export async function listGroups(deps: Pick<OperatorDeps, 'db'>, input: { lms: string }) {
  const lms = await lmsOf(deps.db, input.lms);
  return { lms: lms.lmsCode, groups: await repo.selectGroups(deps.db, lms.lmsKey) };
}
