/**
 * The offline panel's rules (docs/decisions/0024 "Offline panel"): when a request that got no
 * answer (status 0) means "offline" rather than "the session is lost" (§8), which time the offline
 * banner shows, and its words.
 */
import { formatDate } from './dates.js';

/** What a request that got no answer (status 0) means. */
export type NoAnswerMeaning = 'offline' | 'session-invalidated';

/**
 * §8 says every 401 or status 0 answer fires the session-invalidated signal. Read with the
 * offline panel (ADR 0024): a status 0 while the browser says it is offline, or while the
 * student's last data is kept on the device, is the network, not the session: the panel shows
 * that data and stays signed in. Without kept data §8 applies as it is. A 401 is an answer from
 * the server, so it is never "offline".
 */
export function noAnswerMeaning(facts: {
  browserOnline: boolean;
  keptDataAvailable: boolean;
}): NoAnswerMeaning {
  if (!facts.browserOnline) return 'offline';
  return facts.keptDataAvailable ? 'offline' : 'session-invalidated';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY/MM/DD HH:mm' (§9's date format with the local time of day). */
export function formatDateTime(dateMs: number): string {
  const date = new Date(dateMs);
  return `${formatDate(dateMs)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The time a page's data is from: the oldest fetch among its queries (0 and below: none). */
export function offlineDataTime(dataUpdatedAts: readonly number[]): number | null {
  const fetched = dataUpdatedAts.filter((at) => at > 0);
  return fetched.length === 0 ? null : Math.min(...fetched);
}

/** The words of an action that needs the server while the panel is offline. */
export const OFFLINE_ACTION_MESSAGE = 'This needs a connection. You are offline.';

/** The offline banner's text: the time the page's data is from, or that none is kept. */
export function offlineBannerText(dataTime: number | null): string {
  if (dataTime === null) {
    return 'You are offline. This page was not saved on this device; it shows once you are back online.';
  }
  return `You are offline. Showing data from ${formatDateTime(dataTime)}. Actions that need the server are unavailable until you are back online.`;
}
