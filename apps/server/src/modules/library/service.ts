import { libraryCalls, type LibraryCourse, type LibraryMediaItem } from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { hmac, safeEqual } from '../../lib/tokens.js';
import { serverSecret, type SecretDeps } from '../sessions/service.js';
import { presentCourses, presentMedia } from './presenter.js';
import * as repo from './repo.js';

/**
 * The library (§2 Library, §3, §7): what a student of an LMS may see, decided by the LMS and the
 * student's groups (migration 0009), and the downloads of its media files.
 */

/** The student asking: always the session's own user and LMS (the routes' guard checks it). */
export interface LibraryStudent {
  lmsKey: number;
  userKey: number;
}

/** GET LIBRARY_COURSES: the library course trees the student may see (course, topics, lessons). */
export async function libraryCourses(
  deps: { db: Db },
  student: LibraryStudent,
): Promise<LibraryCourse[]> {
  return presentCourses(await repo.selectLibraryTree(deps.db, student.lmsKey, student.userKey));
}

/** GET LIBRARY_MEDIA: the media items the student may see, each with its groups' names. */
export async function libraryMedia(
  deps: { db: Db },
  student: LibraryStudent,
): Promise<LibraryMediaItem[]> {
  const rows = await repo.selectVisibleMedia(deps.db, student.lmsKey, student.userKey);
  const groups = await repo.selectMediaGroups(
    deps.db,
    rows.map((row) => row.libraryKey),
  );
  // Below the service base /lms (§7), where the panel's session cookies go with a navigation.
  return presentMedia(
    rows,
    groups,
    (row) => `/lms${libraryCalls.mediaFile.path(student.lmsKey, student.userKey, row.libraryKey)}`,
  );
}

/**
 * The library lesson a preview may open (the library launch's check): a lesson with content in a
 * published library course the student may see; null otherwise.
 */
export function visibleLibraryLesson(db: Db, student: LibraryStudent, lessonKey: number) {
  return repo.findVisibleLibraryLesson(db, student.lmsKey, student.userKey, lessonKey);
}

export const MEDIA_NOT_FOUND = 'This library item is not available to you.';
const LINK_EXPIRED = 'This download link has expired. Open the item from the Library again.';

/** How long the content origin's address of a file works after the panel handed it out. */
export const MEDIA_LINK_LIFETIME_MS = 5 * 60_000;

const signed = (secret: string, libraryKey: number, userKey: number, expiresMs: number) =>
  hmac(secret, `library-media:${libraryKey}:${userKey}:${expiresMs}`);

/**
 * A file item's download (the panel's address, session-checked): the short-lived address of the
 * file on the content origin, for a student who may see the item. The file itself is never
 * served by the panel's origin, so nothing in it can run there.
 */
export async function mediaFileAddress(
  deps: SecretDeps & { clock: Clock },
  student: LibraryStudent,
  libraryKey: number,
  contentOrigin: string | null,
): Promise<string> {
  const item = await repo.findVisibleMedia(deps.db, student.lmsKey, student.userKey, libraryKey);
  if (!item || !item.storageFolder) throw new HttpError(404, MEDIA_NOT_FOUND);
  if (!contentOrigin) {
    throw new HttpError(
      503,
      'Library files cannot be downloaded at this address: the server has no separate content ' +
        'address (CONTENT_ORIGIN). Please contact your training department.',
    );
  }
  const expiresMs = deps.clock.now().getTime() + MEDIA_LINK_LIFETIME_MS;
  const secret = await serverSecret(deps, 'library-media');
  const token = `${libraryKey}.${student.userKey}.${expiresMs}.${signed(secret, libraryKey, student.userKey, expiresMs)}`;
  return `${contentOrigin}/content/library-media/${token}/${encodeURIComponent(item.fileName || 'file')}`;
}

/** The stored file a content-origin download token gives, checked again against the library. */
export async function mediaFileForToken(
  deps: SecretDeps & { clock: Clock },
  token: string,
): Promise<{ storageFolder: string; fileName: string; contentType: string }> {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw new HttpError(404, MEDIA_NOT_FOUND);
  const [libraryKey, userKey, expiresMs] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const secret = await serverSecret(deps, 'library-media');
  if (!safeEqual(match[4]!, signed(secret, libraryKey, userKey, expiresMs))) {
    throw new HttpError(404, MEDIA_NOT_FOUND);
  }
  if (expiresMs <= deps.clock.now().getTime()) throw new HttpError(410, LINK_EXPIRED);
  const file = await repo.findMediaFile(deps.db, libraryKey);
  // Checked again: the item may have been removed or limited to other groups since.
  const visible =
    file && (await repo.findVisibleMedia(deps.db, file.lmsKey, userKey, libraryKey)) !== undefined;
  if (!file || !visible || !file.storageFolder) throw new HttpError(404, MEDIA_NOT_FOUND);
  return {
    storageFolder: file.storageFolder,
    fileName: file.fileName,
    contentType: file.contentType,
  };
}
