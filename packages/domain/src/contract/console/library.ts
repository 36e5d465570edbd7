/**
 * The console's library calls (docs/decisions/0021, §2 Library): the LMS's library courses (the
 * courses of curricula in the library) and media items (web links and files), adding and removing
 * media, and limiting an item to student groups (none: every student of the LMS). The library is
 * the LMS's, so restriction groups do not narrow it; a key of another LMS is 404.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, Text } from '../common.js';

export const LibraryCourseRow = Type.Object({
  courseKey: Type.Integer(),
  name: Type.String(),
  curriculum: Type.String(),
  draft: Type.Boolean(),
  groups: Type.Array(Type.String()),
});
export type LibraryCourseRow = Static<typeof LibraryCourseRow>;

export const LibraryMediaRow = Type.Object({
  libraryKey: Type.Integer(),
  name: Type.String(),
  /**
   * 'file' for an uploaded file, else the item's media type: 'link' for a web link, or the label
   * an operator gave an earlier item ('pdf', 'note').
   */
  type: Type.String(),
  /** The address the item opens ('' for a file or an item without one). */
  link: Type.String(),
  /** A file's name as uploaded ('' for a link). */
  fileName: Type.String(),
  /** A file's size in bytes (null for a link). */
  bytes: Type.Union([Type.Integer(), Type.Null()]),
  groups: Type.Array(Type.String()),
});
export type LibraryMediaRow = Static<typeof LibraryMediaRow>;

export const StudentGroupItem = Type.Object({
  groupKey: Type.Integer(),
  name: Type.String(),
  members: Type.Integer(),
});
export type StudentGroupItem = Static<typeof StudentGroupItem>;

/** GET /api/console/programme/library: the library and the groups its items may be limited to. */
export const LibraryView = Type.Object({
  courses: Type.Array(LibraryCourseRow),
  media: Type.Array(LibraryMediaRow),
  groups: Type.Array(StudentGroupItem),
});
export type LibraryView = Static<typeof LibraryView>;

const Name = Text({ maxLength: 1000 });
const Groups = Type.Array(Text({ maxLength: 1000 }), { maxItems: 200 });

/** A web link (http or https) that opens in a new tab. */
export const LibraryLinkNew = Type.Object(
  {
    name: Name,
    link: Text({ maxLength: 4000 }),
    description: Type.Optional(Type.String({ maxLength: 8000 })),
    groups: Type.Optional(Groups),
  },
  { additionalProperties: false },
);
export type LibraryLinkNew = Static<typeof LibraryLinkNew>;

/**
 * The multipart fields of a media file upload beside its one file part `file` (sent last):
 * `name` (default: the file's name), `description`, and `groups` (the names, one a line).
 */
export const LIBRARY_FILE_FIELD = 'file';
export const LIBRARY_UPLOAD_FIELDS = ['name', 'description', 'groups'] as const;
/** The largest media file (as library-add-file takes). */
export const LIBRARY_FILE_MAX_BYTES = 200 * 1024 * 1024;

/** The groups an item is limited to (an empty list: every student of the LMS). */
export const LibraryGroups = Type.Object({ groups: Groups }, { additionalProperties: false });
export type LibraryGroups = Static<typeof LibraryGroups>;

export const StudentGroupNew = Type.Object({ name: Name }, { additionalProperties: false });
export type StudentGroupNew = Static<typeof StudentGroupNew>;

/** What a change answers: the item's key and its groups after it. */
export const LibraryChange = Type.Object({
  key: Type.Integer(),
  groups: Type.Array(Type.String()),
});
export type LibraryChange = Static<typeof LibraryChange>;

export const consoleLibraryCalls = {
  library: defineCall<LibraryView>()({
    method: 'GET',
    route: '/api/console/programme/library',
    path: () => '/api/console/programme/library',
  }),
  addLink: defineCall<LibraryMediaRow, LibraryLinkNew>()({
    method: 'POST',
    route: '/api/console/programme/library/links',
    path: () => '/api/console/programme/library/links',
  }),
  addFile: defineCall<LibraryMediaRow>()({
    method: 'POST',
    route: '/api/console/programme/library/files',
    path: () => '/api/console/programme/library/files',
  }),
  removeMedia: defineCall<LibraryChange>()({
    method: 'DELETE',
    route: '/api/console/programme/library/media/:libraryKey',
    path: (libraryKey: number) => `/api/console/programme/library/media/${enc(libraryKey)}`,
  }),
  limitMedia: defineCall<LibraryChange, LibraryGroups>()({
    method: 'PUT',
    route: '/api/console/programme/library/media/:libraryKey/groups',
    path: (libraryKey: number) => `/api/console/programme/library/media/${enc(libraryKey)}/groups`,
  }),
  limitCourse: defineCall<LibraryChange, LibraryGroups>()({
    method: 'PUT',
    route: '/api/console/programme/library/courses/:courseKey/groups',
    path: (courseKey: number) => `/api/console/programme/library/courses/${enc(courseKey)}/groups`,
  }),
  createGroup: defineCall<StudentGroupItem, StudentGroupNew>()({
    method: 'POST',
    route: '/api/console/programme/library/groups',
    path: () => '/api/console/programme/library/groups',
  }),
};

const changeErrors = errorResponses(400, 401, 403, 404);

export const consoleLibrarySchemas = {
  library: {
    summary: "The LMS's library courses and media items, and its student groups",
    response: { 200: LibraryView, ...errorResponses(401, 403) },
  },
  addLink: {
    summary: 'Add a web link to the library',
    body: LibraryLinkNew,
    response: { 200: LibraryMediaRow, ...changeErrors },
  },
  addFile: {
    summary: 'Upload a media file to the library (multipart; served as a download)',
    response: { 200: LibraryMediaRow, ...errorResponses(400, 401, 403, 404, 413, 415) },
  },
  removeMedia: {
    summary: 'Remove a media item (and its file) from the library',
    params: Type.Object({ libraryKey: Key }),
    response: { 200: LibraryChange, ...changeErrors },
  },
  limitMedia: {
    summary: 'Limit a media item to student groups (none: every student)',
    params: Type.Object({ libraryKey: Key }),
    body: LibraryGroups,
    response: { 200: LibraryChange, ...changeErrors },
  },
  limitCourse: {
    summary: 'Limit a library course to student groups (none: every student)',
    params: Type.Object({ courseKey: Key }),
    body: LibraryGroups,
    response: { 200: LibraryChange, ...changeErrors },
  },
  createGroup: {
    summary: 'Make a student group (no members yet) to limit items to',
    body: StudentGroupNew,
    response: { 200: StudentGroupItem, ...changeErrors },
  },
};
