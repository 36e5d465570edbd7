/**
 * The library calls of §7 (§2 Library, §3 Library media item and Library course item): the course
 * trees and the media items a student may see, decided by the LMS and the student's groups.
 * The preview launch itself is a launch call (launch.ts, POST /api/librarylaunch/).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { Key, StudentPath } from './common.js';

/** A library lesson (§3 Library course item): the play button previews it (leafKey). */
export const LibraryLesson = Type.Object({
  elementType: Type.Literal('lesson'),
  elementKey: Type.Number(),
  elementName: Type.String(),
});
export type LibraryLesson = Static<typeof LibraryLesson>;

/** A topic of a library course; its lessons show only while it is open (§2 Library). */
export const LibraryTopic = Type.Object({
  elementType: Type.Literal('topic'),
  elementKey: Type.Number(),
  elementName: Type.String(),
  elementChildren: Type.Array(LibraryLesson),
});
export type LibraryTopic = Static<typeof LibraryTopic>;

/** A library course tree (§3 Library course item: elementName, elementKey, elementChildren). */
export const LibraryCourse = Type.Object({
  elementType: Type.Literal('course'),
  elementKey: Type.Number(),
  elementName: Type.String(),
  elementChildren: Type.Array(LibraryTopic),
});
export type LibraryCourse = Static<typeof LibraryCourse>;

/**
 * A library media item (§3). `type` is 'link' (an address elsewhere, opened in a new tab) or
 * 'file' (an uploaded file: `link` is its download address on the panel, which checks the session
 * and sends the file from the content origin), or another label with no link (name only, §2).
 */
export const LibraryMediaItem = Type.Object({
  libraryKey: Type.Number(),
  lmsKey: Type.Number(),
  /** The course the item belongs with; -1 when none. */
  coursewareKey: Type.Number(),
  /** The first group the item is limited to; -1 when it is for every student of the LMS. */
  groupKey: Type.Number(),
  name: Type.String(),
  description: Type.String(),
  type: Type.String(),
  /** '' when the item has no address (§2: "else name only"). */
  link: Type.String(),
  fileName: Type.String(),
  courseName: Type.String(),
  courseKey: Type.Number(),
  /** The names of the groups the item is limited to; empty: every student of the LMS. */
  groups: Type.Array(Type.String()),
  checked: Type.Boolean(),
});
export type LibraryMediaItem = Static<typeof LibraryMediaItem>;

/** The path of one media file's download: the student's keys and the item. */
export const LibraryFilePath = Type.Object({ lmsKey: Key, userKey: Key, libraryKey: Key });
export type LibraryFilePath = Static<typeof LibraryFilePath>;

/** The library calls of §7. */
export const libraryCalls = {
  /** GET /api/library/{lmsKey}/LIBRARY_COURSES/{userKey}: the library's course trees. */
  courses: defineCall<LibraryCourse[]>()({
    method: 'GET',
    route: '/api/library/:lmsKey/LIBRARY_COURSES/:userKey',
    path: (lmsKey: number, userKey: number) =>
      `/api/library/${enc(lmsKey)}/LIBRARY_COURSES/${enc(userKey)}`,
  }),
  /** GET /api/library/{lmsKey}/LIBRARY_MEDIA/{userKey}: the library's media items. */
  media: defineCall<LibraryMediaItem[]>()({
    method: 'GET',
    route: '/api/library/:lmsKey/LIBRARY_MEDIA/:userKey',
    path: (lmsKey: number, userKey: number) =>
      `/api/library/${enc(lmsKey)}/LIBRARY_MEDIA/${enc(userKey)}`,
  }),
  /**
   * A media file's download (our path; §7 shows only the item's link): a browser navigation that
   * checks the session like any call, then redirects to the file on the content origin.
   */
  mediaFile: defineCall<string>()({
    method: 'GET',
    route: '/api/library/:lmsKey/LIBRARY_MEDIA/:userKey/:libraryKey/file',
    path: (lmsKey: number, userKey: number, libraryKey: number) =>
      `/api/library/${enc(lmsKey)}/LIBRARY_MEDIA/${enc(userKey)}/${enc(libraryKey)}/file`,
    responseType: 'text',
  }),
};

/** Route schemas of the library calls (validation, serialisation, OpenAPI). */
export const librarySchemas = {
  courses: {
    summary: 'The library course trees the student may preview',
    params: StudentPath,
    response: { 200: Type.Array(LibraryCourse) },
  },
  media: {
    summary: 'The library media items the student may open',
    params: StudentPath,
    response: { 200: Type.Array(LibraryMediaItem) },
  },
  mediaFile: {
    summary: 'Redirects to a library media file on the content origin',
    params: LibraryFilePath,
  },
} satisfies Record<keyof typeof libraryCalls, object>;
