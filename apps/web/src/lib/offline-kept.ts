/**
 * What the offline panel keeps in local storage beside the query cache (docs/decisions/0024
 * "Offline panel"): whose data the IndexedDB cache holds (read synchronously by the status-0 rule,
 * api/connection.ts), and the LMS and support data the shell needs before any page renders (its
 * theme, name and whether it shows a dashboard; public data, no secret). Both belong to one
 * signed-in student (LMS + user) and are removed at sign-out.
 */
import type { LmsInfo, SupportInfo, UserDetails } from '../api/types';
import { localStore, readJson } from './storage';

/** Local storage keys of the offline panel. */
export const offlineKeys = {
  /** The owner ('lmsKey:userKey') of the query cache kept in IndexedDB. */
  owner: 'offlineDataOwner',
  /** The LMS and support data last loaded while signed in, with their owner. */
  lmsData: 'offlineLmsData',
} as const;

/** The owner of kept data: one LMS and one user. */
export function offlineOwner(user: Pick<UserDetails, 'lmsKey' | 'userKey'> | null): string | null {
  return user ? `${user.lmsKey}:${user.userKey}` : null;
}

/** Records that the query cache in IndexedDB holds this owner's data. */
export function markKeptData(owner: string): void {
  if (localStore.get(offlineKeys.owner) !== owner) localStore.set(offlineKeys.owner, owner);
}

/** True when the query cache in IndexedDB holds this user's data. */
export function hasKeptData(user: UserDetails | null): boolean {
  const owner = offlineOwner(user);
  return owner !== null && localStore.get(offlineKeys.owner) === owner;
}

interface KeptLmsData {
  owner: string;
  lmsInfo: LmsInfo;
  supportInfo: SupportInfo;
}

/** Keeps the LMS and support data of a signed-in student's shell. */
export function keepLmsData(user: UserDetails | null, lmsInfo: LmsInfo, supportInfo: SupportInfo) {
  const owner = offlineOwner(user);
  if (owner === null) return;
  localStore.set(offlineKeys.lmsData, JSON.stringify({ owner, lmsInfo, supportInfo }));
}

/** The kept LMS and support data of this user, or null. */
export function keptLmsData(user: UserDetails | null): Omit<KeptLmsData, 'owner'> | null {
  const kept = readJson<KeptLmsData>(localStore.get(offlineKeys.lmsData));
  if (!kept || kept.owner !== offlineOwner(user)) return null;
  return { lmsInfo: kept.lmsInfo, supportInfo: kept.supportInfo };
}

/** Forgets whose data is kept and the kept LMS data (sign-out). */
export function forgetKeptData(): void {
  localStore.remove(offlineKeys.owner);
  localStore.remove(offlineKeys.lmsData);
}
