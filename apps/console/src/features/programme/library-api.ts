/** The library's console calls (@waypoint/domain/console-contract consoleLibraryCalls). */
import { useQuery } from '@tanstack/react-query';
import { consoleLibraryCalls as calls } from '@waypoint/domain/console-contract';
import { send, upload } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type {
  LibraryCourseRow,
  LibraryMediaRow,
  LibraryView,
  StudentGroupItem,
} from '@waypoint/domain/console-contract';
export { LIBRARY_FILE_FIELD, LIBRARY_FILE_MAX_BYTES } from '@waypoint/domain/console-contract';

/** Below the programme's key: whatever refreshes the programme refreshes the library too. */
export const libraryKey = () => [...queryKeys.programme.all(), 'library'] as const;

export const getLibrary = () => send(calls.library, []);
export const addLibraryLink = (body: { name: string; link: string; groups: string[] }) =>
  send(calls.addLink, [], { body });
/** Uploads a media file (FormData: name, groups, then `file`) with its progress. */
export const uploadLibraryFile = (
  form: FormData,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal },
) => upload(calls.addFile, [], form, options);
export const removeLibraryMedia = (key: number) => send(calls.removeMedia, [key]);
export const limitLibraryMedia = (key: number, groups: string[]) =>
  send(calls.limitMedia, [key], { body: { groups } });
export const limitLibraryCourse = (key: number, groups: string[]) =>
  send(calls.limitCourse, [key], { body: { groups } });
export const createStudentGroup = (name: string) => send(calls.createGroup, [], { body: { name } });

export function useLibrary() {
  return useQuery({ queryKey: libraryKey(), queryFn: getLibrary });
}
