/** Page-readable cookies: the session and current-user cookies and the storage fallback (spec §9). */
import { STORAGE_LIFETIME_DAYS } from '@waypoint/domain';
import { readCookie } from '../api/client';

export { readCookie };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes a cookie for the whole site, kept 60 days unless told otherwise. */
export function writeCookie(name: string, value: string, days = STORAGE_LIFETIME_DAYS): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  const secure =
    typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Strict${secure}`;
}

/** Removes a cookie set by the page. */
export function deleteCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** Removes every cookie the page can see (logout, spec §4 step 5). */
export function deleteAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}
