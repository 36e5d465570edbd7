import { dedupeMediaByName, serviceErrorText } from '@waypoint/domain';
import type { LibraryMediaItem } from '../../api/library';
import { ApiError } from '../../api/client';

/** The media rows the Library shows: de-duplicated by name, keeping the last (§2 Library). */
export const mediaRows = (items: readonly LibraryMediaItem[]) => dedupeMediaByName(items);

/**
 * What a failed library load stores (§8): '409' for a 409, 'Error > 400.' for any other status of
 * 400 or more, else the error's own message (a 401 or no answer already fired the session signal).
 */
export function libraryErrorText(error: unknown): string {
  if (error instanceof ApiError) return serviceErrorText(error.statusCode) ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
