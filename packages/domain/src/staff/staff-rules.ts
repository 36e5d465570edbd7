/**
 * Rules of who may be made staff and with which scope (§3 Permissions restrictionGroups;
 * docs/decisions/0021). Pure: the server's staff service and the console's forms both use them.
 */

/** At most this many restriction groups per staff member, each at most this long. */
export const MAX_RESTRICTION_GROUPS = 50;
export const MAX_RESTRICTION_GROUP_LENGTH = 100;

/** Restriction groups as given, or why they are refused. */
export type RestrictionGroupsResult =
  { ok: true; groups: string[] } | { ok: false; message: string };

/**
 * Restriction groups as stored: each trimmed, blanks and repeats dropped (first spelling kept),
 * at most MAX_RESTRICTION_GROUPS, each at most MAX_RESTRICTION_GROUP_LENGTH characters.
 */
export function normaliseRestrictionGroups(given: readonly string[]): RestrictionGroupsResult {
  const groups: string[] = [];
  for (const raw of given) {
    const group = raw.trim();
    if (group === '' || groups.includes(group)) continue;
    if (group.length > MAX_RESTRICTION_GROUP_LENGTH) {
      return {
        ok: false,
        message: `Restriction group '${group.slice(0, 20)}...' is longer than ${MAX_RESTRICTION_GROUP_LENGTH} characters.`,
      };
    }
    groups.push(group);
  }
  if (groups.length > MAX_RESTRICTION_GROUPS) {
    return {
      ok: false,
      message: `At most ${MAX_RESTRICTION_GROUPS} restriction groups (${groups.length} given).`,
    };
  }
  return { ok: true, groups };
}

/**
 * Whether a staff member scoped to `actorGroups` may give someone the scope `groups`: an actor
 * with the whole LMS ([]) may give any; a scoped actor only a non-empty part of their own, so that
 * nobody makes a colleague who sees more than they do.
 */
export function scopeWithin(actorGroups: readonly string[], groups: readonly string[]): boolean {
  if (actorGroups.length === 0) return true;
  return groups.length > 0 && groups.every((group) => actorGroups.includes(group));
}

/**
 * Whether taking an administrator's role away (removing them or giving them another role) would
 * leave the LMS without one: they hold it now, they would not after, and nobody else does.
 */
export function leavesNoAdministrator(change: {
  holdsNow: boolean;
  holdsAfter: boolean;
  administrators: number;
}): boolean {
  return change.holdsNow && !change.holdsAfter && change.administrators <= 1;
}
