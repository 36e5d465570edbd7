import { displayNameOf } from '@waypoint/domain';
import type { UserDetails } from '../../api';

/** Header display name (spec §1): nameOther plus nameCollated, else userID, else '[User Name]'. */
export function displayName(
  user: Pick<UserDetails, 'nameOther' | 'nameCollated' | 'userID'> | null | undefined,
): string {
  return displayNameOf(user ?? {});
}

/** One or two initials for the avatar badge. */
export function initials(name: string): string {
  if (name === '[User Name]') return '?';
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word[0]?.toUpperCase() ?? '').join('') || '?';
}
