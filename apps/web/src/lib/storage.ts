/**
 * The spec's local storage (§3 'Stored locally'): localStorage, falling back to 60-day cookies when
 * localStorage is unavailable (private modes, blocked storage); MFA state in session storage.
 */
import { deleteCookie, readCookie, writeCookie } from './cookies';

/** Keys the panel keeps in local storage, in the spec's own names. */
export const storageKeys = {
  currentUser: 'currentUser',
  globalServiceStorage: 'globalServiceStorage',
  doNotLoadProgressReport: 'doNotLoadProgressReport',
  avoidUnnecessaryLoads: 'avoidUnnecessaryLoads',
} as const;

/** Keys the MFA screen keeps in session storage. */
export const sessionKeys = { mfaID: 'mfaID', mfaRememberDays: 'mfaRememberDays' } as const;

function localStorageWorks(): boolean {
  try {
    const probe = '__waypoint_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** Local storage with the cookie fallback. */
export const localStore = {
  get(key: string): string | null {
    return localStorageWorks() ? window.localStorage.getItem(key) : readCookie(key);
  },
  set(key: string, value: string): void {
    if (localStorageWorks()) window.localStorage.setItem(key, value);
    else writeCookie(key, value);
  },
  remove(key: string): void {
    if (localStorageWorks()) window.localStorage.removeItem(key);
    deleteCookie(key);
  },
  clear(): void {
    if (localStorageWorks()) window.localStorage.clear();
  },
};

/** Session storage; silently a no-op where it is unavailable. */
export const sessionStore = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      /* unavailable: the MFA screen then logs out on reload, as the spec says */
    }
  },
  clear(): void {
    try {
      window.sessionStorage.clear();
    } catch {
      /* unavailable */
    }
  },
};

/** Parses stored JSON, or null when missing or corrupt. */
export function readJson<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
