/** The library calls (spec §2 Library, §7). */
import { launchCalls, libraryCalls } from '@waypoint/domain/contract';
import { send } from './client';
import { SERVICE_BASE } from './paths';

export type { LibraryCourse, LibraryMediaItem } from '@waypoint/domain/contract';

/** GET /api/library/{lmsKey}/LIBRARY_COURSES/{userKey}: the library's course trees. */
export const getLibraryCourses = (lmsKey: number, userKey: number) =>
  send(libraryCalls.courses, [lmsKey, userKey]);

/** GET /api/library/{lmsKey}/LIBRARY_MEDIA/{userKey}: the library's media items. */
export const getLibraryMedia = (lmsKey: number, userKey: number) =>
  send(libraryCalls.media, [lmsKey, userKey]);

/** POST /api/librarylaunch/: the preview form's action (sessionID and leafKey, §7). */
export const libraryLaunchAction = () => `${SERVICE_BASE}${launchCalls.libraryLaunch.path()}`;
