/**
 * The offline lessons' words and the choice of where Play goes (docs/decisions/0024): pure, so
 * the rows, the sync notices and their tests share them.
 */
import { offlinePlayPath, type StoredLesson, type SyncNotice } from '../../offline/bridge-protocol';

const UNITS = ['KB', 'MB', 'GB'] as const;

/** Bytes for people: '850 B', '3.2 MB', '12 MB' (one decimal below 10 of a unit). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let shown = 0;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS) {
    value /= 1000;
    unit = next;
    // One decimal below 10; rounding up to 1000 goes on to the next unit.
    shown = value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value);
    if (shown < 1000) break;
  }
  return `${shown} ${unit}`;
}

/** '3.2 MB of 12 MB' while a package is stored ('3.2 MB' while its size is not yet known). */
export function storingText(loadedBytes: number, totalBytes: number): string {
  if (totalBytes <= 0) return formatBytes(loadedBytes);
  return `${formatBytes(loadedBytes)} of ${formatBytes(totalBytes)}`;
}

/** 'Available offline · 12 MB'. */
export const availableText = (bytes: number) => `Available offline · ${formatBytes(bytes)}`;

/** Play while offline on a lesson not stored on this device. */
export const NEEDS_CONNECTION =
  'This lesson is not available offline on this device. Playing it needs a connection. You are offline.';

/** Where a lesson's Play goes. */
export type PlayRoute =
  { kind: 'online' } | { kind: 'offline'; url: string } | { kind: 'needs-connection' };

/**
 * Online, every lesson plays through the launch flow (§4), stored or not: the server records it at
 * once. Offline, a lesson stored on this device plays from the content origin's offline player
 * (`/player/offline/play#{grantId}`); any other needs a connection.
 */
export function playRoute(
  online: boolean,
  stored: StoredLesson | undefined,
  contentOrigin: string | null,
): PlayRoute {
  if (online) return { kind: 'online' };
  if (!stored || !contentOrigin) return { kind: 'needs-connection' };
  return {
    kind: 'offline',
    url: `${new URL(contentOrigin).origin}${offlinePlayPath}#${encodeURIComponent(stored.grantId)}`,
  };
}

/** A sync notice's heading, by its kind. */
export const NOTICE_TITLES: Record<SyncNotice['kind'], string> = {
  refused: 'Not recorded',
  conflict: 'Recorded as a separate attempt',
  'clock-ahead': 'Completion date adjusted',
  expired: 'Offline copy expired',
};
