/** Library rules (spec §2 Library, §4 Library load, §8, §9). */

/** §2: the reference-only warning. */
export const LIBRARY_WARNING =
  'Content in the Library is for reference only. No tracking or completion status will register for lessons reviewed in the Library.';
/** §2: shown when there are neither courses nor media. */
export const LIBRARY_EMPTY = 'No available Library content';
/** §2: shown until both loads end. */
export const LIBRARY_LOADING = 'Loading...';
/** §9: library row height. */
export const LIBRARY_ROW_HEIGHT_PX = 76;
/** §2 / §7: the window library previews open in. */
export const LIBRARY_PREVIEW_WINDOW = 'preview';

/**
 * "Media is de-duplicated by name, keeping the last" (§2): one item per name, in the order the
 * kept items came, each the last of its name.
 */
export function dedupeMediaByName<T extends { name: string }>(items: readonly T[]): T[] {
  const lastIndex = new Map<string, number>();
  items.forEach((item, index) => lastIndex.set(item.name, index));
  return items.filter((item, index) => lastIndex.get(item.name) === index);
}

/**
 * §8: what a failed library or annotation call stores: '409' for 409, 'Error > 400.' for any other
 * status of 400 or more; null otherwise (not an error of this kind, e.g. no answer).
 */
export function serviceErrorText(statusCode: number): string | null {
  if (statusCode === 409) return '409';
  if (statusCode >= 400) return 'Error > 400.';
  return null;
}
